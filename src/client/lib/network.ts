import type { LedgerInfo } from "@shared/schemas/ledger";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "./api";

/** GET /api/ledger: which chain the platform runs on. */
export function getLedger(): Promise<LedgerInfo> {
  return apiGet<LedgerInfo>("/api/ledger");
}

export const ledgerQueryKey = ["ledger"] as const;

export function useLedger() {
  return useQuery({ queryKey: ledgerQueryKey, queryFn: getLedger, staleTime: Number.POSITIVE_INFINITY });
}

/** Said while the ledger has not answered: true of both the embedded ledger and devnet. */
export const NETWORK_PENDING_LABEL = "Solana test network";

/** The devnet explorer's page for an address, or null when the chain is the embedded one
 * (no public explorer knows it; our own token page is the place to look). */
export function devnetExplorerUrl(address: string, ledger: LedgerInfo | undefined): string | null {
  return ledger?.explorer === "devnet"
    ? `https://explorer.solana.com/address/${encodeURIComponent(address)}?cluster=devnet`
    : null;
}

export interface Network {
  /** "Local devnet (embedded)" or "Solana Devnet" (NETWORK_PENDING_LABEL until known). */
  label: string;
  cluster: string | undefined;
  /** True on a public cluster with a public explorer (devnet). */
  hasExplorer: boolean;
  /** The devnet explorer's page for an address; null on the embedded ledger. */
  explorerUrl(address: string): string | null;
  /** The devnet explorer's page for a transaction; null on the embedded ledger. */
  transactionUrl(signature: string): string | null;
}

/** The one place the client learns the network's name and explorer (one request per page
 * load: the answer never changes while the server runs). */
export function useNetwork(): Network {
  const { data } = useLedger();
  return {
    label: data?.label ?? NETWORK_PENDING_LABEL,
    cluster: data?.cluster,
    hasExplorer: data?.explorer === "devnet",
    explorerUrl: (address) => devnetExplorerUrl(address, data),
    transactionUrl: (signature) =>
      data?.explorer === "devnet"
        ? `https://explorer.solana.com/tx/${encodeURIComponent(signature)}?cluster=devnet`
        : null,
  };
}
