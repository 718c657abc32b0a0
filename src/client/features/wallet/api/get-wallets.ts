import type { WalletsResponse } from "@shared/schemas/wallet";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { walletsQueryKey } from "@/lib/query-keys";

/** GET /api/wallets: the session user's wallets with their SOL balances. */
export function getWallets(): Promise<WalletsResponse> {
  return apiGet<WalletsResponse>("/api/wallets");
}

export function useWalletBalances(enabled = true) {
  return useQuery({ queryKey: walletsQueryKey, queryFn: getWallets, enabled, select: (d) => d.wallets });
}
