import type { AiProfile, GenerateIdentityRequest } from "@shared/schemas/ai";
import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import { apiPost } from "@/lib/api";

/** POST /api/ai/generate-identity: drafts name, symbol, description and tagline. */
export function generateIdentity(body: GenerateIdentityRequest): Promise<AiProfile> {
  return apiPost<AiProfile>("/api/ai/generate-identity", body);
}

/** The server keeps at most this many names to avoid. */
const MAX_EXCLUDED = 50;

/** Drafts an identity. Asking again for the same text, profession and style is a retry: the
 * request carries the next `attempt` and the names already shown, so it offers new ones. */
export function useGenerateIdentity() {
  const seen = useRef<{ key: string; attempt: number; names: string[] } | null>(null);
  return useMutation({
    mutationFn: async (body: GenerateIdentityRequest): Promise<AiProfile> => {
      const key = JSON.stringify([body.userInput.trim(), body.profession, body.style]);
      const previous = seen.current?.key === key ? seen.current : null;
      const attempt = previous ? previous.attempt + 1 : 0;
      const shown = previous?.names ?? [];
      const profile = await generateIdentity({ ...body, attempt, exclude: shown.slice(-MAX_EXCLUDED) });
      const names = (profile.candidates ?? [profile]).map((c) => c.name);
      seen.current = { key, attempt, names: [...shown, ...names.filter((n) => !shown.includes(n))] };
      return profile;
    },
  });
}
