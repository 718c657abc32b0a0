import type { AiProfile } from "@shared/schemas/ai";
import { generateText, type LanguageModel, Output } from "ai";
import type { DraftContext, IdentityRequest } from "../engine";
import { ModelIdentitySchema, repairIdentity } from "./repair";

const SYSTEM = [
  "You draft the identity of a personal creator token launched on Solana.",
  "Answer with one JSON object only, matching the schema.",
  "Rules: name at most 50 characters; symbol 3 to 6 uppercase letters A-Z;",
  "description at most 500 characters, written in the requested style and reflecting the person's own words;",
  "tagline at most 120 characters; totalSupply a whole number written in digits (1000000 unless the profession suggests otherwise);",
  "allocation of 3 to 5 buckets with integer percents summing to 100;",
  "alternatives: 2 more names, different from the first, each with a symbol and a tagline.",
  "Names: what a person would pick, built from what is distinctive in their words (their place, craft, offering,",
  "community), e.g. 'Lisbon Jazz Keys' or 'Masterclass Circle', never 'Token of X' or 'X Token'.",
  "Keep proper nouns and brands exactly as the person wrote them ('Lisbon', 'iPhone').",
  "The token is a membership, not a security: say so in the description. Never use investment or profit",
  "language: no invest, profit, returns, gains, ROI, yield, dividends, passive income, 'to the moon',",
  "price or value going up, a stake or share in growth.",
].join(" ");

/** One structured-output call, repaired into a valid profile. Throws on any failure; the
 * caller decides whether to retry or fall back. */
export async function draftIdentityWithModel(
  model: LanguageModel,
  request: IdentityRequest,
  context: DraftContext,
  engine: AiProfile["engine"],
  signal: AbortSignal,
  hint?: string,
): Promise<AiProfile> {
  const prompt = [
    `About me: ${request.userInput}`,
    `Profession: ${request.profession}`,
    `Goals: ${request.goals}`,
    `Audience: ${request.audience}`,
    `Style: ${request.style}`,
    request.exclude.length
      ? `Names already shown to the person (propose different ones): ${request.exclude.join("; ")}`
      : "",
    request.attempt > 0 ? `Attempt ${request.attempt + 1}: offer fresh names.` : "",
    hint ? `Your previous answer could not be used (${hint}). Answer again with valid JSON only.` : "",
  ]
    .filter(Boolean)
    .join("\n");
  const { output } = await generateText({
    model,
    system: SYSTEM,
    prompt,
    output: Output.object({ schema: ModelIdentitySchema, name: "token_identity" }),
    maxRetries: 0,
    abortSignal: signal,
    temperature: 0.8,
  });
  return repairIdentity(output, request, context, engine);
}
