import {
  REWARD_RARITIES,
  type RewardDraft,
  RewardDraftSchema,
  UNLOCK_TYPES,
  UnlockConditionInputSchema,
} from "@shared/schemas/rewards";
import { generateText, type LanguageModel, Output } from "ai";
import { z } from "zod";
import type { RewardDraftRequest } from "../engine";
import { clip } from "../offline/text";
import { findBannedPhrase } from "../wording";
import { UnusableAnswer } from "./failure";

const SYSTEM = [
  "You draft NFT rewards a creator gives the most loyal holders of their creator token on Solana.",
  "Answer with one JSON object only, matching the schema: 3 or 4 different drafts.",
  `Rules: title at most 32 characters; description at most 300 characters; rarity one of ${REWARD_RARITIES.join(", ")};`,
  "totalSupply a whole number from 1 to 100000; soulbound true for status badges, false for collectibles;",
  `unlockCondition.type one of ${UNLOCK_TYPES.join(", ")}: holding_amount (value = whole tokens held), holding_duration (value = whole tokens`,
  `held, days = how many days in a row, 1 to 3650), engagement (value = a percentile from 1 to 100);`,
  "pick thresholds from the community's figures you are given (amounts near what fans actually hold, days within",
  "the token's age); rationale: one sentence on why the idea fits this community, citing its figures.",
  "Rewards are thanks, not money: never use investment or profit language (invest, profit, returns, gains, yield,",
  "price or value going up).",
].join(" ");

/** What we ask the model for: loose, repaired below rather than failing on a long title. */
const ModelDraftsSchema = z.object({
  drafts: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      rarity: z.string(),
      totalSupply: z.union([z.number(), z.string()]),
      soulbound: z.boolean(),
      unlockCondition: z.object({
        type: z.string(),
        value: z.union([z.string(), z.number()]),
        days: z.number().nullable().optional(),
      }),
      rationale: z.string(),
    }),
  ),
});
type ModelDraft = z.infer<typeof ModelDraftsSchema>["drafts"][number];

/** One structured-output call; the drafts that can fill the create form. Throws on failure
 * (UnusableAnswer when nothing usable came back); the caller retries or falls back. */
export async function draftRewardsWithModel(
  model: LanguageModel,
  request: RewardDraftRequest,
  signal: AbortSignal,
  hint?: string,
): Promise<RewardDraft[]> {
  const { token, fans } = request;
  const prompt = [
    `Token: ${token.name} (${token.symbol}), ${token.ageDays} days old.`,
    token.description ? `About the token: ${token.description}` : "",
    `Fans holding it: ${fans.count}; top-quartile balance ${fans.topQuartileBalance} ${token.symbol};`,
    `median balance ${fans.medianBalance} ${token.symbol}; longest held ${fans.longestHeldDays} days.`,
    request.prompt ? `The creator's idea: ${request.prompt}` : "",
    hint ? `Your previous answer could not be used (${hint}). Answer again with valid JSON only.` : "",
  ]
    .filter(Boolean)
    .join("\n");
  const { output } = await generateText({
    model,
    system: SYSTEM,
    prompt,
    output: Output.object({ schema: ModelDraftsSchema, name: "reward_drafts" }),
    maxRetries: 0,
    abortSignal: signal,
    temperature: 0.7,
  });
  const drafts = output.drafts.flatMap((d) => repairDraft(d) ?? []).slice(0, 4);
  if (drafts.length === 0)
    throw new UnusableAnswer(
      "no draft had a valid rarity, supply and unlock condition without money language",
    );
  return drafts;
}

/** A model's draft made to fit the create form, or null when it cannot. */
export function repairDraft(d: ModelDraft): RewardDraft | null {
  const rarity = d.rarity.trim().toLowerCase();
  const type = d.unlockCondition.type.trim().toLowerCase();
  const supply = Number(String(d.totalSupply).replace(/[\s,_]/g, ""));
  if (!Number.isInteger(supply) || supply < 1 || supply > 100_000) return null;
  const unlock = {
    type,
    value: String(d.unlockCondition.value).replace(/[\s,_]/g, ""),
    days: type === "holding_duration" ? (d.unlockCondition.days ?? undefined) : undefined,
  };
  if (!UnlockConditionInputSchema.safeParse(unlock).success) return null;
  const draft = RewardDraftSchema.safeParse({
    title: clip(d.title.replace(/\s+/g, " ").trim(), 32),
    description: clip(d.description.trim(), 300),
    rarity,
    totalSupply: supply,
    soulbound: d.soulbound,
    unlockCondition: unlock,
    rationale: clip(d.rationale.trim(), 300),
  });
  if (!draft.success || !draft.data.title) return null;
  const words = `${draft.data.title} ${draft.data.description} ${draft.data.rationale}`;
  if (findBannedPhrase(words)) return null;
  return draft.data;
}
