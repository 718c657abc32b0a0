import type { HoldingsResponse } from "@shared/schemas/portfolio";
import type { WalletsResponse } from "@shared/schemas/wallet";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { holdingsQueryKey, walletsQueryKey } from "@/lib/query-keys";

// The same two reads (and cache entries) the wallet and tokens features use: a feature may not
// import another, and sharing the keys means a trade, an airdrop or a transfer refreshes all.

/** GET /api/wallets: the person's wallets and their SOL. */
export function useSolBalances(enabled: boolean) {
  return useQuery({
    queryKey: walletsQueryKey,
    queryFn: () => apiGet<WalletsResponse>("/api/wallets"),
    enabled,
    select: (d) => d.wallets,
  });
}

/** GET /api/portfolio/holdings: the person's token balances (whole-token decimal strings). */
export function useTokenHoldings(enabled: boolean) {
  return useQuery({
    queryKey: holdingsQueryKey,
    queryFn: () => apiGet<HoldingsResponse>("/api/portfolio/holdings"),
    enabled,
    select: (d) => d.holdings,
  });
}
