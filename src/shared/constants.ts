// Business constants from the product spec (section 9). One place, used by client and server.
export const LIMITS = {
  nameMax: 50,
  symbolMax: 10,
  descriptionMax: 500,
  passwordMin: 6,
  usernameMin: 3,
  walletAddressMin: 32,
  aiInputMin: 10,
} as const;

export const DEFAULT_TOTAL_SUPPLY = "1000000";
export const TOKEN_DECIMALS = 9;
export const TEST_AIRDROP_SOL = 2;
export const LAMPORTS_PER_SOL = 1_000_000_000n;

export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const COPY_CONFIRM_MS = 2000;

export const PROFESSIONS = ["creator", "artist", "musician", "writer", "coach", "developer"] as const;
export type Profession = (typeof PROFESSIONS)[number];
export const STYLES = ["professional", "creative", "casual", "technical"] as const;
export type Style = (typeof STYLES)[number];

export const AGENT_TIERS = ["basic", "premium", "elite"] as const;
export type AgentTier = (typeof AGENT_TIERS)[number];
