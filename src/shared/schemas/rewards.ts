import { z } from "zod";
import { hasInvisibleOrBidi, text } from "./text";

// NFT rewards' API contract (spec section 7: /api/nft-rewards/*, docs/rewards.md). Token
// amounts in requests and answers are decimal strings of WHOLE tokens, like agents'
// requirements; lamport values are decimal strings of lamports.

export const REWARD_RARITIES = ["legendary", "epic", "rare", "common"] as const;
export const UNLOCK_TYPES = ["holding_amount", "holding_duration", "engagement"] as const;
export type UnlockType = (typeof UNLOCK_TYPES)[number];

const wholeTokens = /^\d{1,20}(\.\d{1,18})?$/;

export const UnlockConditionInputSchema = z
  .object({
    type: z.enum(UNLOCK_TYPES, { error: "Choose an unlock condition" }),
    /** holding_amount / holding_duration: whole tokens held; engagement: a percentile 1-100. */
    value: text()
      .trim()
      .min(1, "Enter a value")
      .refine((v) => wholeTokens.test(v), "Must be a number"),
    /** holding_duration: days the amount must have been held at every moment. */
    days: z
      .number()
      .int("Whole days only")
      .min(1, "At least 1 day")
      .max(3650, "At most 3,650 days")
      .optional(),
  })
  .superRefine((c, ctx) => {
    if (c.type === "holding_duration" && c.days === undefined)
      ctx.addIssue({ code: "custom", path: ["days"], message: "Enter how many days" });
    if (c.type === "engagement") {
      const p = Number(c.value);
      if (!Number.isInteger(p) || p < 1 || p > 100)
        ctx.addIssue({ code: "custom", path: ["value"], message: "A percentile from 1 to 100" });
    } else if (/^0*(\.0*)?$/.test(c.value)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "Must be more than 0 tokens" });
    }
  });

/** POST /api/nft-rewards/create */
/** A reward's title becomes its NFTs' on-chain name: free of characters a reader cannot see
 * (a reversed or invisible name in a wallet misleads). */
const RewardTitleSchema = text()
  .trim()
  .min(1, "Title is required")
  .max(32, "Title too long (32 characters at most)")
  .refine((v) => !hasInvisibleOrBidi(v), "Titles cannot contain invisible or text-direction characters")
  .refine((v) => v === "" || /[\p{L}\p{N}\p{S}]/u.test(v), "Title is required");

export const CreateRewardSchema = z.object({
  tokenMint: text().trim().min(32, "Invalid token mint").max(44, "Invalid token mint"),
  title: RewardTitleSchema,
  description: text({ multiline: true }).trim().max(300, "Description too long").default(""),
  rarity: z.enum(REWARD_RARITIES, { error: "Choose a rarity" }),
  /** https URL or a data: image; omitted = generated like the token's default image. */
  imageUrl: text().trim().max(200_000, "Image too large").optional(),
  totalSupply: z
    .number({ error: "Total supply must be a whole number" })
    .int("Total supply must be a whole number")
    .min(1, "At least 1")
    .max(100_000, "At most 100,000"),
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
