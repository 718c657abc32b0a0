import type { TokenBalance } from "@shared/schemas/token";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { tokensQueryKey } from "./get-user-tokens";

/** GET /api/user/token-balances: what the session user's wallets hold, read from the ledger. */
export function getTokenBalances(): Promise<TokenBalance[]> {
  return apiGet<TokenBalance[]>("/api/user/token-balances");
}

export function useTokenBalances(enabled = true) {
  return useQuery({ queryKey: [...tokensQueryKey, "balances"], queryFn: getTokenBalances, enabled });
}
