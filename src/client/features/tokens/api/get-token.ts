import type { Token } from "@shared/schemas/token";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { tokensQueryKey } from "./get-user-tokens";

export interface TokenMetadataOnChain {
  name?: string;
  symbol?: string;
  uri?: string;
  additionalMetadata?: Record<string, string>;
}

export interface TokenDetails {
  token: Token;
  creator: { username: string | null; isDemo?: boolean };
  chain: {
    supply: string;
    decimals: number;
    mintAuthority: string | null;
    freezeAuthority: string | null;
    programId?: string;
    metadata: TokenMetadataOnChain | null;
  } | null;
  holders: Array<{ owner: string; amount: string }>;
}

export const tokenQueryKey = (mint: string) => [...tokensQueryKey, "mint", mint] as const;

/** GET /api/tokens/:mint: the public view of one token, read back from the ledger. */
export function getToken(mint: string): Promise<TokenDetails> {
  return apiGet<TokenDetails>(`/api/tokens/${encodeURIComponent(mint)}`);
}

export function useToken(mint: string) {
  return useQuery({ queryKey: tokenQueryKey(mint), queryFn: () => getToken(mint), enabled: mint.length > 0 });
}
