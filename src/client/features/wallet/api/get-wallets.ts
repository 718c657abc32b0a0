import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";

export interface WalletBalance {
  publicKey: string;
  kind: "embedded" | "external";
  lamports: string;
  sol: string;
}

export const walletsQueryKey = ["wallets"] as const;

/** GET /api/wallets: the session user's wallets with their SOL balances. */
export function getWallets(): Promise<{ wallets: WalletBalance[] }> {
  return apiGet<{ wallets: WalletBalance[] }>("/api/wallets");
}

export function useWalletBalances(enabled = true) {
  return useQuery({ queryKey: walletsQueryKey, queryFn: getWallets, enabled, select: (d) => d.wallets });
}
