import { z } from "zod";
import { groupDigits } from "../amounts";
import { hasInvisibleOrBidi, text } from "./text";
import { MAX_TOTAL_SUPPLY } from "./token";

// NFT rewards' API contract (spec section 7: /api/nft-rewards/*, docs/rewards.md). Token
// amounts in requests and answers are decimal strings of WHOLE tokens, like agents'
// requirements; lamport values are decimal strings of lamports.

export const REWARD_RARITIES = ["legendary", "epic", "rare", "common"] as const;
export const UNLOCK_TYPES = ["holding_amount", "holding_duration", "engagement"] as const;
export type UnlockType = (typeof UNLOCK_TYPES)[number];

export const COMMA_MESSAGE = "Use digits only, without commas";
const PERCENTILE_MESSAGE = "A percentile from 1 to 100";

/** What is wrong with an unlock value (trimmed), in words; null when nothing is (or when it
 * is empty: "Enter a value" says so). Whole tokens are compared as bigint, never as floats. */
export function unlockValueProblem(type: UnlockType, value: string): string | null {
  if (value === "") return null;
  // "1,000" is a thousand or, in much of the world, one: never guess which.
  if (value.includes(",")) return COMMA_MESSAGE;
  if (type === "engagement") {
    if (/^\d+$/.test(value)) {
      const p = BigInt(value);
      return p >= 1n && p <= 100n ? null : PERCENTILE_MESSAGE;
    }
    return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(value) ? PERCENTILE_MESSAGE : "Must be a number";
  }
  if (/^-(\d+\.?\d*|\.\d+)$/.test(value)) return "Must be more than 0 tokens";
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return "Must be a number";
  const whole = BigInt(match[1] ?? "0");
  const fraction = match[2] ?? "";
  if (fraction.length > 18) return "Too many decimals";
  if (whole > MAX_TOTAL_SUPPLY || (whole === MAX_TOTAL_SUPPLY && /[1-9]/.test(fraction)))
    return `Must be at most ${groupDigits(MAX_TOTAL_SUPPLY.toString())}`;
  if (whole === 0n && !/[1-9]/.test(fraction)) return "Must be more than 0 tokens";
  return null;
}

/** A whole number field (a supply, days) whose refusals say what is wrong in words: a form
 * sends what was typed when it is not plain digits ("-5", "1,000", "1e3"), and the API may
 * be sent anything. */
function wholeNumber(o: { min: number; max: number; required: string; notWhole: string }) {
  const atLeast = `Must be at least ${groupDigits(String(o.min))}`;
  const atMost = `Must be at most ${groupDigits(String(o.max))}`;
  const typeProblem = (input: unknown): string => {
    if (input === undefined || input === null) return o.required;
    if (typeof input === "number") return Number.isNaN(input) ? "Must be a number" : atMost;
    if (typeof input !== "string") return "Must be a number";
    const v = input.trim();
    if (v === "") return o.required;
    if (v.includes(",")) return COMMA_MESSAGE;
    if (/^-(\d+\.?\d*|\.\d+)$/.test(v)) return atLeast;
    if (/^\+?\d+$/.test(v)) return BigInt(v.replace("+", "")) < BigInt(o.min) ? atLeast : atMost;
    if (/^\+?(\d+\.\d*|\.\d+)$/.test(v)) return o.notWhole;
    return "Must be a number";
  };
  return (
    z
      .number({ error: (issue) => typeProblem(issue.input) })
      // Not .int(): it refuses 1e21 as not whole, where the answer is "at most".
      .refine((n) => Number.isInteger(n), o.notWhole)
      .min(o.min, atLeast)
      .max(o.max, atMost)
  );
}

/** What a whole number field holds as typed: a number for plain digits of a sensible length,
 * else the text itself (undefined for an empty box), so the schema can say what is wrong. */
export function typedWholeNumber(value: unknown): unknown {
  if (value === "" || value === null || value === undefined) return undefined;
  if (typeof value === "string" && /^\s*\d{1,15}\s*$/.test(value)) return Number(value);
  return value;
}

export const UnlockConditionInputSchema = z
  .object({
    type: z.enum(UNLOCK_TYPES, { error: "Choose an unlock condition" }),
    /** holding_amount / holding_duration: whole tokens held; engagement: a percentile 1-100. */
    value: text().trim().min(1, "Enter a value"),
    /** holding_duration: days the amount must have been held at every moment. */
    days: wholeNumber({
      min: 1,
      max: 3650,
      required: "Enter how many days",
      notWhole: "Whole days only",
    }).optional(),
  })
  .superRefine(
    (c, ctx) => {
      if (c.type === "holding_duration" && c.days === undefined)
        ctx.addIssue({ code: "custom", path: ["days"], message: "Enter how many days" });
      const problem = unlockValueProblem(c.type, c.value);
      if (problem) ctx.addIssue({ code: "custom", path: ["value"], message: problem });
    },
    {
      // Also when the days are refused: each field says what is wrong with it at once.
      when: ({ value }) => {
        const c = value as { type?: unknown; value?: unknown } | undefined;
        return UNLOCK_TYPES.some((t) => t === c?.type) && typeof c?.value === "string";
      },
    },
  );

/** A reward's title is at most this many characters (Unicode code points, as a person counts
 * them; an emoji is one). It becomes each NFT's on-chain TokenMetadata name, which the program
 * does not bound: the bound is the member transaction's size. At most 4 bytes a code point,
 * 32 keep the name within 128 bytes, which fits (reward-transactions.test.ts). */
export const REWARD_TITLE_MAX = 32;
export const REWARD_TITLE_TOO_LONG = `Title must be ${REWARD_TITLE_MAX} characters or fewer`;
/** A title's length as the limit counts it (code points, not UTF-16 units). */
export const rewardTitleLength = (title: string) => [...title].length;

/** POST /api/nft-rewards/create */
/** A reward's title becomes its NFTs' on-chain name: free of characters a reader cannot see
 * (a reversed or invisible name in a wallet misleads). */
const RewardTitleSchema = text()
  .trim()
  .min(1, "Title is required")
  .refine((v) => rewardTitleLength(v) <= REWARD_TITLE_MAX, REWARD_TITLE_TOO_LONG)
  .refine((v) => !hasInvisibleOrBidi(v), "Titles cannot contain invisible or text-direction characters")
  .refine((v) => v === "" || /[\p{L}\p{N}\p{S}]/u.test(v), "Title is required");

export const CreateRewardSchema = z.object({
  tokenMint: text().trim().min(32, "Invalid token mint").max(44, "Invalid token mint"),
  title: RewardTitleSchema,
  description: text({ multiline: true }).trim().max(300, "Description too long").default(""),
  rarity: z.enum(REWARD_RARITIES, { error: "Choose a rarity" }),
  /** https URL or a data: image; omitted = generated like the token's default image. */
  imageUrl: text().trim().max(200_000, "Image too large").optional(),
  totalSupply: wholeNumber({
    min: 1,
    max: 100_000,
    required: "Enter the total supply",
    notWhole: "Total supply must be a whole number",
  }),
  /** Status badges may be soulbound (NonTransferable); collectibles stay transferable. */
  soulbound: z.boolean().default(false),
  unlockCondition: UnlockConditionInputSchema,
  isActive: z.boolean().default(true),
  /** Sent to every fan who qualifies by itself; off = fans claim it. */
  autoMint: z.boolean().default(true),
  /** The same key again (a retry after a lost answer) answers the same reward. */
  idempotencyKey: text().trim().max(100).optional(),
});
export type CreateRewardRequest = z.input<typeof CreateRewardSchema>;

/** PATCH /api/nft-rewards/:id (creator): switch a reward on or off. */
export const UpdateRewardSchema = z.object({ isActive: z.boolean() });

export const UnlockConditionSchema = z.object({
  type: z.enum(UNLOCK_TYPES),
  value: z.string(),
  days: z.number().nullable(),
  /** Generated from the values ("Hold 1,000 ART for 90 days"). */
  description: z.string(),
});

/** Where the signed-in fan stands on a reward. */
export const RewardStandingSchema = z.object({
  eligible: z.boolean(),
  /** The NFT this wallet already holds from this reward, if any. */
  claimedMint: z.string().nullable(),
  /** What is missing, in words ("Hold 400 more ART for 12 more days"); null when eligible. */
  missing: z.string().nullable(),
  /** 0-100, how far along the condition the fan is. */
  progress: z.number(),
});
export type RewardStanding = z.infer<typeof RewardStandingSchema>;

export const RewardSchema = z.object({
  id: z.string(),
  tokenMint: z.string(),
  tokenSymbol: z.string(),
  tokenName: z.string(),
  title: z.string(),
  description: z.string(),
  rarity: z.enum(REWARD_RARITIES),
  imageUrl: z.string(),
  /** The condition as one line (the spec's `criteria`). */
  criteria: z.string(),
  totalSupply: z.number(),
  /** Read from the chain: the collection's TokenGroup size. */
  mintedCount: z.number(),
  soulbound: z.boolean(),
  unlockCondition: UnlockConditionSchema,
  isActive: z.boolean(),
  autoMint: z.boolean(),
  /** The Token-2022 collection mint (TokenGroup); null until its creation has landed. */
  collectionMint: z.string().nullable(),
  status: z.enum(["pending", "active", "failed"]),
  createdAt: z.string(),
  /** Present when a user is signed in. */
  standing: RewardStandingSchema.nullable(),
});
export type Reward = z.infer<typeof RewardSchema>;

export const RewardListSchema = z.object({ rewards: z.array(RewardSchema) });

/** GET /api/nft-rewards/stats?tokenMint= (tokenMint optional: all of the platform). */
export const RewardStatsSchema = z.object({
  totalRewardsCreated: z.number(),
  totalNFTsMinted: z.number(),
  uniqueHolders: z.number(),
  /** Percent, e.g. 68 for "+68%"; null when there is too little activity to compare. */
  engagementBoost: z.number().nullable(),
  /** What the boost compares, in one sentence (docs/rewards.md). */
  engagementBoostBasis: z.string(),
  topCollectors: z.array(
    z.object({
      walletAddress: z.string(),
      username: z.string().nullable(),
      nftCount: z.number(),
      /** Lamports, where a market prices the reward's token; null otherwise. */
      totalValue: z.string().nullable(),
    }),
  ),
});
export type RewardStats = z.infer<typeof RewardStatsSchema>;

/** One reward NFT the fan holds, read from the chain. */
export const CollectedNftSchema = z.object({
  nftMint: z.string(),
  rewardId: z.string().nullable(),
  title: z.string(),
  rarity: z.string(),
  imageUrl: z.string(),
  tokenSymbol: z.string(),
  collectionMint: z.string(),
  /** Member number within the collection (1-based). */
  number: z.number(),
  soulbound: z.boolean(),
  owner: z.string(),
});
export const UserCollectionSchema = z.object({ nfts: z.array(CollectedNftSchema) });
export type CollectedNft = z.infer<typeof CollectedNftSchema>;

/** POST /api/nft-rewards/:id/claim */
export const ClaimRewardSchema = z.object({
  /** Which of the user's wallets receives the NFT; default the primary one. */
  wallet: text().trim().min(32).max(44).optional(),
});
export const ClaimResultSchema = z.object({ nftMint: z.string(), signature: z.string() });
export type ClaimResult = z.infer<typeof ClaimResultSchema>;

/** POST /api/nft-rewards/draft (Create with AI) */
export const DraftRewardsSchema = z.object({
  tokenMint: text().trim().min(32, "Invalid token mint").max(44, "Invalid token mint"),
  /** Optional hint from the creator ("something for my early listeners"). */
  prompt: text({ multiline: true }).trim().max(500, "Keep the idea under 500 characters").optional(),
});
export const RewardDraftSchema = z.object({
  title: z.string(),
  description: z.string(),
  rarity: z.enum(REWARD_RARITIES),
  totalSupply: z.number(),
  soulbound: z.boolean(),
  unlockCondition: z.object({
    type: z.enum(UNLOCK_TYPES),
    value: z.string(),
    days: z.number().optional(),
  }),
  /** Why this idea fits this community (from the holders' figures). */
  rationale: z.string(),
});
export const RewardDraftsSchema = z.object({ drafts: z.array(RewardDraftSchema), engine: z.string() });
export type RewardDraft = z.infer<typeof RewardDraftSchema>;

/** /api/nft-rewards/:id routes. */
export const RewardIdParamsSchema = z.object({
  id: text().min(1, "Reward not found").max(64, "Reward not found"),
});

/** ?tokenMint= on the list and stats routes (omitted: every token). */
export const RewardsQuerySchema = z.object({
  tokenMint: text().trim().min(32, "Invalid token mint").max(44, "Invalid token mint").optional(),
});

/** GET /api/nft-rewards/:id/metadata.json: the Metaplex-style JSON at each NFT's `uri`. */
export const RewardMetadataJsonSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  description: z.string(),
  image: z.string(),
  external_url: z.string(),
  attributes: z.array(z.object({ trait_type: z.string(), value: z.string() })),
  collection: z.object({ name: z.string(), family: z.string(), address: z.string() }),
  properties: z.object({
    category: z.string(),
    files: z.array(z.object({ uri: z.string(), type: z.string().optional() })),
  }),
});
