import type { AiProfile, GenerateIdentityRequest } from "@shared/schemas/ai";
import { useMutation } from "@tanstack/react-query";
import { apiPost } from "@/lib/api";

/** POST /api/ai/generate-identity: drafts name, symbol, description and tagline. */
export function generateIdentity(body: GenerateIdentityRequest): Promise<{ profile: AiProfile } | AiProfile> {
  return apiPost<{ profile: AiProfile } | AiProfile>("/api/ai/generate-identity", body);
}

/** Accepts `{profile}` or the bare profile, so the UI does not depend on the envelope. */
export function useGenerateIdentity() {
  return useMutation({
    mutationFn: async (body: GenerateIdentityRequest): Promise<AiProfile> => {
      const answer = await generateIdentity(body);
      return "profile" in answer ? answer.profile : answer;
    },
  });
}
