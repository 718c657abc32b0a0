import { generateSigner } from "./keys";
import type { Blockhash } from "./ledger";
import { buildLaunchTransaction } from "./token-2022";

/** A launch to build: everything but the payer's signature (its key stays with the caller). */
export interface UnsignedLaunch {
  /** The creator's wallet: fee payer, mint and update authority, holder of the supply. */
  payer: string;
  name: string;
  symbol: string;
  /** The metadata URI points here: `metadataUri(publicUrl, mint)`. */
  publicUrl: string;
  additionalMetadata: Array<[string, string]>;
  /** Base units. */
  supply: bigint;
  decimals: number;
  blockhash: Blockhash;
}

/** The launch's bytes, signed by the new mint's one-time key; the payer's slot is empty. */
export interface MintSignedLaunch {
  wire: Uint8Array;
  mintAddress: string;
  /** The creator's token account for the mint (derived here, so the caller need not). */
  creatorTokenAccount: string;
}

/** Where launch transactions are built: on the calling thread or on a thread of their own
 * (launch-builder-client.ts). */
export interface LaunchBuilder {
  build(launch: UnsignedLaunch): Promise<MintSignedLaunch>;
  close(): Promise<void>;
}

export const metadataUri = (publicUrl: string, mint: string) =>
  `${publicUrl}/api/tokens/${mint}/metadata.json`;

/** A fresh mint key, the launch's instructions, compiled and signed by the mint. */
export async function buildMintSignedLaunch(launch: UnsignedLaunch): Promise<MintSignedLaunch> {
  const mint = generateSigner();
  const built = await buildLaunchTransaction({
    payer: launch.payer,
    mint,
    name: launch.name,
    symbol: launch.symbol,
    uri: metadataUri(launch.publicUrl, mint.address),
    additionalMetadata: launch.additionalMetadata,
    supply: launch.supply,
    decimals: launch.decimals,
    blockhash: launch.blockhash,
  });
  return { wire: built.wire, mintAddress: built.mintAddress, creatorTokenAccount: built.payerTokenAccount };
}

/** Builds on the calling thread (tests, tools, and the fallback when the thread fails). */
export const inProcessLaunchBuilder: LaunchBuilder = {
  build: buildMintSignedLaunch,
  close: async () => {},
};
