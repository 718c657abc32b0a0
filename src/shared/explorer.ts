// The public Solana Explorer knows the public clusters only: devnet, testnet and mainnet. The
// embedded ledger, and an RPC endpoint of one's own ("custom"), have no public explorer page.

const PUBLIC_CLUSTERS = ["devnet", "testnet", "mainnet-beta"];

/** Whether the Solana Explorer can show what happens on `cluster`. */
export function hasPublicExplorer(cluster: string | undefined): boolean {
  return cluster !== undefined && PUBLIC_CLUSTERS.includes(cluster);
}

/** The Solana Explorer's page for an address or a transaction on a public cluster; null on any
 * other (no explorer sees it: our own pages are the place to look). */
export function publicExplorerUrl(
  what: "address" | "tx",
  id: string,
  cluster: string | undefined,
): string | null {
  if (!hasPublicExplorer(cluster)) return null;
  const query = cluster === "mainnet-beta" ? "" : `?cluster=${cluster}`;
  return `https://explorer.solana.com/${what}/${encodeURIComponent(id)}${query}`;
}
