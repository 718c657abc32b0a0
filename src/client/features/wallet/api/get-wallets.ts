import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { walletsQueryKey } from "@/lib/query-keys";

export interface WalletBalance {
  publicKey: string;
  kind: "embedded" | "external";
  /** Balance in lamports, as a decimal string. */
  lamports: string;
  /** The same balance in SOL, as exact decimal text. */
  sol: string;
}

/** GET /api/wallets: the session user's wallets with their SOL balances. */
export function getWallets(): Promise<{ wallets: WalletBalance[] }> {
  return apiGet<{ wallets: WalletBalance[] }>("/api/wallets");
}

export function useWalletBalances(enabled = true) {
  return useQuery({ queryKey: walletsQueryKey, queryFn: getWallets, enabled, select: (d) => d.wallets });
}
