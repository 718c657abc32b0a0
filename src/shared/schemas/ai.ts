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
});
export type GenerateIdentityRequest = z.input<typeof GenerateIdentitySchema>;

export const AllocationSchema = z.object({ label: z.string(), percent: z.number().int() });

/** The AI profile (spec section 3) plus which engine drafted it. */
export const AiProfileSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  description: z.string(),
  tagline: z.string(),
  tokenomics: z.object({ totalSupply: z.string(), allocation: z.array(AllocationSchema) }),
  engine: z.object({ kind: z.enum(["offline", "provider"]), label: z.string() }),
});
export type AiProfile = z.infer<typeof AiProfileSchema>;
