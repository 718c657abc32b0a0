import { formatAmount } from "@shared/amounts";
import { publicExplorerUrl } from "@shared/explorer";
import type { Token } from "@shared/schemas/token";
import type { LedgerInfo } from "../../ledger/ledger";
import type { TokenRow } from "./tokens.repo";

/** A public cluster: the Solana Explorer. The embedded ledger or an RPC of one's own: our own
 * token page (no public explorer sees it). */
export function explorerUrlFor(info: LedgerInfo, mint: string): string {
  return publicExplorerUrl("address", mint, info.cluster) ?? `/token/${mint}`;
}

/** A DB row plus chain facts -> the API's Token. `circulatingUnits` is null while pending. */
export function presentToken(row: TokenRow, info: LedgerInfo, circulatingUnits: bigint | null): Token {
  const launched = row.status === "active";
  return {
    id: row.id,
    name: row.name,
    symbol: row.symbol,
    description: row.description,
    tagline: row.tagline,
    totalSupply: row.totalSupply,
    circulatingSupply: circulatingUnits === null ? "0" : formatAmount(circulatingUnits, row.decimals),
    decimals: row.decimals,
    createdAt: row.createdAt.toISOString(),
    mintAddress: row.mintAddress,
    creatorWallet: row.creatorWallet,
    isLaunched: launched,
    status: row.status,
    website: row.website,
    imageUrl: row.imageUrl,
    twitter: row.twitter,
    discord: row.discord,
    signature: row.signature,
    explorerUrl: launched ? explorerUrlFor(info, row.mintAddress) : null,
  };
}
