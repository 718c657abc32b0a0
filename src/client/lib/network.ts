import { publicExplorerUrl } from "@shared/explorer";
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

/** The Solana Explorer's page for an address, or null when no public explorer sees the chain
 * (the embedded ledger, an RPC of one's own: our own token page is the place to look). */
export function explorerUrlOf(address: string, ledger: LedgerInfo | undefined): string | null {
  return ledger?.explorer === "public" ? publicExplorerUrl("address", address, ledger.cluster) : null;
}

export interface Network {
  /** "Local devnet (embedded)" or "Solana Devnet" (NETWORK_PENDING_LABEL until known). */
  label: string;
  cluster: string | undefined;
  /** True on a public cluster the Solana Explorer shows (devnet, testnet, mainnet). */
  hasExplorer: boolean;
  /** The Solana Explorer's page for an address; null where no public explorer sees the chain. */
  explorerUrl(address: string): string | null;
  /** The Solana Explorer's page for a transaction; likewise. */
  transactionUrl(signature: string): string | null;
}

/** The one place the client learns the network's name and explorer (one request per page
 * load: the answer never changes while the server runs). */
export function useNetwork(): Network {
  const { data } = useLedger();
  return {
    label: data?.label ?? NETWORK_PENDING_LABEL,
    cluster: data?.cluster,
    hasExplorer: data?.explorer === "public",
    explorerUrl: (address) => explorerUrlOf(address, data),
    transactionUrl: (signature) =>
      data?.explorer === "public" ? publicExplorerUrl("tx", signature, data.cluster) : null,
  };
}
