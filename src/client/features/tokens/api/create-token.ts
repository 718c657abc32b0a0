import type { CreateTokenRequest, CreateTokenResponse } from "@shared/schemas/token";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "@/lib/api";
import { tokensQueryKey } from "./get-user-tokens";

/** POST /api/tokens/create: launches from one of the user's embedded wallets. */
export function createToken(body: CreateTokenRequest): Promise<CreateTokenResponse> {
  return apiPost<CreateTokenResponse>("/api/tokens/create", body);
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    // Spec section 7: the token list is refreshed after a launch.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}
