import type { AiProfile, GenerateIdentityRequest } from "@shared/schemas/ai";

/** What identity drafting needs from the platform. */
export interface DraftContext {
  isSymbolTaken(symbol: string): Promise<boolean>;
}

/** The AI layer's one interface (offline engine or an AI SDK provider behind it). */
export interface AiEngine {
  readonly kind: "offline" | "provider";
  /** Shown to people, e.g. "drafted offline" or "openai gpt-4o-mini". */
  readonly label: string;
  draftIdentity(request: Required<GenerateIdentityRequest>, context: DraftContext): Promise<AiProfile>;
}
