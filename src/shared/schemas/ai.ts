import { z } from "zod";
import { LIMITS, PROFESSIONS, STYLES } from "../constants";
import { text } from "./text";

export const GenerateIdentitySchema = z.object({
  userInput: text({ multiline: true })
    .trim()
    .min(LIMITS.aiInputMin, "Tell us a little more (at least 10 characters)")
    .max(2000, "Please keep it under 2,000 characters"),
  profession: z.enum(PROFESSIONS).default("creator"),
  goals: text().trim().max(300).default("build community"),
  audience: text().trim().max(300).default("supporters"),
  style: z.enum(STYLES).default("professional"),
  /** 0 for a first draft; "Generate again" sends 1, 2, …: each attempt offers other names. */
  attempt: z.number().int("attempt must be a whole number").min(0).max(1000).default(0),
  /** Names the person has already been shown for this text: never offered again. */
  exclude: z.array(z.string().trim().max(100)).max(50).default([]),
});
export type GenerateIdentityRequest = z.input<typeof GenerateIdentitySchema>;

export const AllocationSchema = z.object({ label: z.string(), percent: z.number().int() });

/** One drafted identity the person can pick. */
const IdentityCandidateSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  description: z.string(),
  tagline: z.string(),
});
export type IdentityCandidate = z.infer<typeof IdentityCandidateSchema>;

/** The AI profile (spec section 3) plus which engine drafted it. `candidates` are the drafts
 * offered, the first being the one at the top level; each has its own free symbol. */
export const AiProfileSchema = IdentityCandidateSchema.extend({
  candidates: z.array(IdentityCandidateSchema).min(1),
  tokenomics: z.object({ totalSupply: z.string(), allocation: z.array(AllocationSchema) }),
  engine: z.object({ kind: z.enum(["offline", "provider"]), label: z.string() }),
});
export type AiProfile = z.infer<typeof AiProfileSchema>;

/** Why a draft was refused before any engine ran. */
export const NOT_A_DESCRIPTION_MESSAGE =
  'That doesn\'t read like a description. Tell us in a few words who you are and what you make, e.g. "I paint murals in Oakland".';
