import { z } from "zod";
import { text } from "./text";

// The trust score's API contract (GET /api/tokens/:mint/trust, docs/trust.md). Higher is
// safer, 0-100, integer points. Every factor carries its value as a person reads it, the
// points it earned and a sentence on why it matters; caps are the dangerous findings that
// hold the whole score down whatever else is true.

export const TRUST_BANDS = ["good", "caution", "high_risk"] as const;
export type TrustBand = (typeof TRUST_BANDS)[number];

export const TRUST_GROUPS = ["controls", "distribution", "fairness", "liquidity", "maturity"] as const;

export const TrustFactorSchema = z.object({
  key: z.string(),
  group: z.enum(TRUST_GROUPS),
  label: z.string(),
  /** The measured value as shown ("Revoked", "34.2%", "12 days"). */
  value: z.string(),
  points: z.number().int(),
  maxPoints: z.number().int(),
  why: z.string(),
});
export type TrustFactor = z.infer<typeof TrustFactorSchema>;

export const TrustCapSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** The score can be at most this while the finding holds. */
  maxScore: z.number().int(),
  why: z.string(),
});
export type TrustCap = z.infer<typeof TrustCapSchema>;

export const TrustReportSchema = z.object({
  mint: z.string(),
  score: z.number().int().min(0).max(100),
  band: z.enum(TRUST_BANDS),
  /** The formula's version (docs/trust.md); a score says which version made it. */
  version: z.string(),
  caps: z.array(TrustCapSchema),
  factors: z.array(TrustFactorSchema),
  /** "token-2022" or "spl-token". */
  program: z.string(),
  /** Whether the mint was launched on this platform. */
  platform: z.boolean(),
  computedAt: z.string(),
});
export type TrustReport = z.infer<typeof TrustReportSchema>;

/** What the creator can do about a factor that loses points ("improve your score"). */
export const TRUST_ACTIONS = [
  "lock_metadata",
  "open_market",
  "edit_profile",
  "spread_supply",
  "wait",
] as const;
export const ChecklistItemSchema = z.object({
  factor: z.string(),
  action: z.enum(TRUST_ACTIONS),
  title: z.string(),
  detail: z.string(),
  /** Points the score would gain (after caps) if the action were done fully. */
  gain: z.number().int(),
  done: z.boolean(),
  /** Why the gain is 0 for a factor not at its best: the label of another factor's cap that
   * holds the score where it is (fix that first). Null otherwise. */
  heldBackBy: z.string().nullable(),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

/** GET /api/tokens/:mint/trust/checklist (the creator's own tokens). */
export const TrustChecklistSchema = z.object({
  mint: z.string(),
  score: z.number().int(),
  items: z.array(ChecklistItemSchema),
});
export type TrustChecklist = z.infer<typeof TrustChecklistSchema>;

/** POST /api/tokens/:mint/metadata/lock (and /submit): the metadata's state after the call. */
export const MetadataLockSchema = z.object({
  mint: z.string(),
  locked: z.boolean(),
  /** The lock's transaction; null when the metadata was already immutable. */
  signature: z.string().nullable(),
});
export type MetadataLock = z.infer<typeof MetadataLockSchema>;

/** POST /api/tokens/:mint/metadata/lock/prepare: the unsigned lock for an external wallet. */
export const PreparedMetadataLockSchema = z.object({
  lockId: z.string(),
  /** The wallet that must sign: the metadata's update authority. */
  authority: z.string(),
  /** Base64 wire transaction for the update authority's wallet to sign. */
  transaction: z.string(),
});
export type PreparedMetadataLock = z.infer<typeof PreparedMetadataLockSchema>;

export const SubmitMetadataLockSchema = z.object({
  lockId: text().min(1, "lockId is required").max(64),
  transaction: text().min(1, "Sign the transaction with your wallet").max(4000),
});
