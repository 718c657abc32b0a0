import { z } from "zod";
import { EXPLORE_SORTS, PriceSchema } from "./market";
import { text } from "./text";
import { TrustFactorSchema } from "./trust";

// The analytics page's API contract (GET /api/analytics/:mint, docs/analytics.md). Token
// amounts are whole-token decimal strings, lamports decimal strings of lamports, shares basis
// points (integers: 10,000 = 100%). Days are UTC dates "YYYY-MM-DD", oldest first.

/** A card's movement: the value now against the value a week before (null when unknown). */
export const TrendSchema = z.object({
  previous: z.number().nullable(),
  change: z.number().nullable(),
  /** What the previous value is ("7 days ago"). */
  basis: z.string(),
});

const ActivitySchema = z.object({
  activeHolders: z.number().int(),
  agentChats: z.number().int(),
  transfers: z.number().int(),
  trades: z.number().int(),
  rewardsClaimed: z.number().int(),
});

export const AnalyticsCardsSchema = z.object({
  transparency: z.object({
    /** The trust score (0-100); null when it could not be computed. */
    score: z.number().int().nullable(),
    band: z.string().nullable(),
    trend: TrendSchema,
    /** One trust snapshot per day (the trust engine writes them). */
    series: z.array(z.object({ day: z.string(), score: z.number().int() })),
  }),
  engagement: z.object({
    score: z.number().int(),
    /** Holders besides the creator's launch wallet (the vault and burn addresses are none). */
    fans: z.number().int(),
    /** What the score is made of, in a sentence (docs/analytics.md). */
    why: z.string(),
    last7Days: ActivitySchema,
    last30Days: ActivitySchema,
    trend: TrendSchema,
  }),
  reputation: z.object({
    /** Null until a wallet other than the creator's has held one of their tokens: with no fan
     * yet there is no record to score (docs/analytics.md). */
    score: z.number().int().nullable(),
    creatorAgeDays: z.number().int(),
    tokensLaunched: z.number().int(),
    tokensAlive: z.number().int(),
    /** Of every wallet that ever held one of the creator's tokens, the share holding now; null
     * while none ever has. */
    holdersRetainedBps: z.number().int().nullable(),
    trend: TrendSchema,
  }),
});

export const DistributionBucketSchema = z.object({
  label: z.string(),
  holders: z.number().int(),
});

export const AnalyticsOverviewSchema = z.object({
  holders: z.number().int(),
  newHolders7d: z.number().int(),
  lostHolders7d: z.number().int(),
  /** Of the holders 30 days ago, the share still holding without a break; null before any. */
  retention30dBps: z.number().int().nullable(),
  volume24hLamports: z.string(),
  volume7dLamports: z.string(),
  trades7d: z.number().int(),
  hasMarket: z.boolean(),
  /** Lamports per whole token at the market's current reserves (up to 9 decimals: a
   * `PriceSchema`); null without a market. */
  priceLamports: PriceSchema.nullable(),
  /** The ten largest holders' share of the supply (the trust score's `top10_share`: rounded
   * up; the market's vault and burn addresses are not holders, src/shared/holders.ts). */
  top10ShareBps: z.number().int(),
});

export const AnalyticsSeriesSchema = z.object({
  holders: z.array(
    z.object({
      day: z.string(),
      holders: z.number().int(),
      newHolders: z.number().int(),
      lostHolders: z.number().int(),
    }),
  ),
  market: z.array(
    z.object({
      day: z.string(),
      trades: z.number().int(),
      volumeLamports: z.string(),
      /** The price after the day's last trade (lamports per whole token, up to 9 decimals);
       * null on a day without trades. */
      closeLamports: PriceSchema.nullable(),
    }),
  ),
  distribution: z.array(DistributionBucketSchema),
});

export const TopMemberSchema = z.object({
  rank: z.number().int(),
  address: z.string(),
  username: z.string().nullable(),
  balance: z.string(),
  /** Share of the supply, rounded up (as the trust score's shares). */
  shareBps: z.number().int(),
  /** The same share as the token page's holders show it ("12.50%"). */
  share: z.string(),
  /** Since when the wallet has held the token without a break. */
  heldSince: z.string().nullable(),
  heldDays: z.number().int(),
  isCreator: z.boolean(),
});
export type TopMember = z.infer<typeof TopMemberSchema>;

export const ExploreRankSchema = z.object({
  sort: z.enum(EXPLORE_SORTS),
  /** 1-based place; null when the token is not listed (not launched). */
  rank: z.number().int().nullable(),
  of: z.number().int(),
  /** What moves the token up in this order, in a sentence. */
  moves: z.string(),
});

export const AnalyticsSchema = z.object({
  mint: z.string(),
  name: z.string(),
  symbol: z.string(),
  /** "creator": everything; "public": the same without top members and Explore places. */
  view: z.enum(["creator", "public"]),
  generatedAt: z.string(),
  cards: AnalyticsCardsSchema,
  overview: AnalyticsOverviewSchema,
  series: AnalyticsSeriesSchema,
  /** The trust score's factors (docs/trust.md); empty when the score is unavailable. */
  trustFactors: z.array(TrustFactorSchema),
  topMembers: z.array(TopMemberSchema).nullable(),
  explore: z.array(ExploreRankSchema).nullable(),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

// Engage Community.

const wholeAmount = text()
  .trim()
  .min(1, "Amount is required")
  .refine((v) => /^\d+(\.\d+)?$/.test(v) && /[1-9]/.test(v), "Must be a positive number");

export const MAX_AIRDROP_RECIPIENTS = 20;

/** POST /api/tokens/:mint/airdrop: one transfer per recipient, keys derived from `idempotencyKey`. */
export const AirdropSchema = z.object({
  recipients: z
    .array(
      z.object({
        address: text().trim().min(32, "Invalid wallet address").max(44, "Invalid wallet address"),
        amount: wholeAmount,
      }),
    )
    .min(1, "Choose at least one member")
    .max(MAX_AIRDROP_RECIPIENTS, `At most ${MAX_AIRDROP_RECIPIENTS} members at once`),
  idempotencyKey: text().trim().min(8, "Invalid idempotency key").max(64, "Invalid idempotency key"),
});
export type AirdropRequest = z.input<typeof AirdropSchema>;

export const AirdropResultSchema = z.object({
  results: z.array(
    z.object({
      address: z.string(),
      amount: z.string(),
      status: z.enum(["sent", "failed"]),
      signature: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type AirdropResult = z.infer<typeof AirdropResultSchema>;

export const MAX_POST_LENGTH = 1_000;

/** POST /api/tokens/:mint/posts */
export const CreatePostSchema = z.object({
  body: text({ multiline: true })
    .trim()
    .min(1, "Write something to post")
    .max(MAX_POST_LENGTH, `Keep the update under ${MAX_POST_LENGTH} characters`),
  /** The same key again answers the same post (a retry after a lost answer posts once). */
  idempotencyKey: text().min(8).max(64).optional(),
});

export const TokenPostSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: z.string().nullable(),
  createdAt: z.string(),
});

export const TokenPostsSchema = z.object({
  /** False when the viewer may not read them (only holders and the creator may). */
  visible: z.boolean(),
  posts: z.array(TokenPostSchema),
});
export type TokenPosts = z.infer<typeof TokenPostsSchema>;
