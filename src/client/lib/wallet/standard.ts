// Thin, typed access to Wallet Standard wallets (Phantom, Solflare, Backpack…).
// No wallet-adapter: the app talks to the standard features directly.

import { shortAddress } from "@shared/short-address";
import {
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
} from "@solana/wallet-standard-features";
import { getWallets } from "@wallet-standard/app";
import type { Wallet, WalletAccount } from "@wallet-standard/base";
import { StandardConnect, type StandardConnectFeature } from "@wallet-standard/features";

/** A wallet this app can sign in with: it connects and signs messages on Solana. */
export type SolanaWallet = Wallet & {
  features: StandardConnectFeature & SolanaSignMessageFeature & Partial<SolanaSignTransactionFeature>;
};

export const SOLANA_DEVNET_CHAIN = "solana:devnet";

export function isSolanaWallet(wallet: Wallet): wallet is SolanaWallet {
  const supportsSolana = wallet.chains.some((chain) => chain.startsWith("solana:"));
  return supportsSolana && StandardConnect in wallet.features && SolanaSignMessage in wallet.features;
}

export function canSignTransactions(wallet: SolanaWallet): boolean {
  return SolanaSignTransaction in wallet.features;
}

/** Every registered wallet that can sign in (re-read on register/unregister events). */
export function listSolanaWallets(): SolanaWallet[] {
  return getWallets().get().filter(isSolanaWallet);
}

/** Subscribe to wallets appearing or leaving (extensions can register late). */
export function onWalletsChanged(listener: () => void): () => void {
  const wallets = getWallets();
  const offRegister = wallets.on("register", listener);
  const offUnregister = wallets.on("unregister", listener);
  return () => {
    offRegister();
    offUnregister();
  };
}

/** Asks the wallet for access and returns the first Solana account it grants. */
export async function connectWallet(wallet: SolanaWallet): Promise<WalletAccount> {
  const { accounts } = await wallet.features[StandardConnect].connect();
  const account = accounts.find((a) => a.chains.some((c) => c.startsWith("solana:"))) ?? accounts[0];
  if (!account) throw new Error(`${wallet.name} did not share an account`);
  return account;
}

/** Signs the exact UTF-8 bytes of `message` (what the server verifies). */
export async function signMessage(
  wallet: SolanaWallet,
  account: WalletAccount,
  message: string,
): Promise<Uint8Array> {
  const [output] = await wallet.features[SolanaSignMessage].signMessage({
    account,
    message: new TextEncoder().encode(message),
  });
  if (!output) throw new Error(`${wallet.name} returned no signature`);
  return output.signature;
}

/** Signs a serialized transaction without sending it: the server submits it. */
export async function signTransaction(
  wallet: SolanaWallet,
  account: WalletAccount,
  transaction: Uint8Array,
  chain: string = SOLANA_DEVNET_CHAIN,
): Promise<Uint8Array> {
  const feature = wallet.features[SolanaSignTransaction];
  if (!feature) throw new Error(`${wallet.name} cannot sign transactions`);
  // Only name a chain the wallet says it knows: the embedded ledger has no standard chain id,
  // and signing (not sending) does not depend on it.
  const known = wallet.chains.find((c) => c === chain);
  const [output] = await feature.signTransaction(
    known ? { account, transaction, chain: known } : { account, transaction },
  );
  if (!output) throw new Error(`${wallet.name} returned no signed transaction`);
  return output.signedTransaction;
}

/** The Wallet Standard chain id for the platform's cluster ("devnet", or the embedded ledger). */
export function chainFor(cluster: string | undefined): string {
  return cluster === "devnet" ? SOLANA_DEVNET_CHAIN : `solana:${cluster ?? "localnet"}`;
}

/** The registered wallet holding `address`, connected: one already showing the account, else
 * each wallet that can sign transactions is asked to connect (after a reload none is). */
export async function walletFor(address: string): Promise<{ wallet: SolanaWallet; account: WalletAccount }> {
  const candidates = listSolanaWallets().filter(canSignTransactions);
  for (const wallet of candidates) {
    const account = wallet.accounts.find((a) => a.address === address);
    if (account) return { wallet, account };
  }
  for (const wallet of candidates) {
    const { accounts } = await wallet.features[StandardConnect].connect();
    const account = accounts.find((a) => a.address === address);
    if (account) return { wallet, account };
  }
  throw new Error(`Open the wallet that holds ${shortAddress(address)} in this browser and try again.`);
}
