import type { User } from "@shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WalletAccount } from "@wallet-standard/base";
import { walletsQueryKey } from "@/lib/query-keys";
import { loginWithWallet, requestWalletChallenge, setSessionUser } from "@/lib/session";
import { connectWallet, type SolanaWallet, shortAddress, signMessage, toBase58 } from "@/lib/wallet";
import { linkWallet } from "../api/link-wallet";

export interface ExternalWalletInput {
  wallet: SolanaWallet;
  /** When the person typed an address: refuse to sign with any other account. */
  expectedAddress?: string;
  /** Signed in already: add the wallet to this user instead of signing in as the wallet. */
  linkTo?: User | null;
}

export interface ExternalWalletResult {
  user: User;
  wallet: SolanaWallet;
  account: WalletAccount;
  /** False when the wallet was already on the account and nothing had to be signed. */
  signed: boolean;
}

/**
 * Connects a Wallet Standard wallet and proves ownership of its key by signing the server's
 * challenge: either to sign in (creating the account on first use) or to link the wallet to
 * the signed-in user. A bare address is never enough: the signature is the proof.
 */
export function useExternalWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      wallet,
      expectedAddress,
      linkTo,
    }: ExternalWalletInput): Promise<ExternalWalletResult> => {
      const account = await connectWallet(wallet);
      const walletAddress = account.address;
      if (expectedAddress && expectedAddress !== walletAddress) {
        throw new Error(
          `${wallet.name} is connected as ${shortAddress(walletAddress)}, not ${shortAddress(expectedAddress)}. Switch to that account in the wallet and try again.`,
        );
      }
      if (linkTo?.wallets.some((w) => w.publicKey === walletAddress)) {
        return { user: linkTo, wallet, account, signed: false };
      }
      const { message } = await requestWalletChallenge(walletAddress);
      const signature = toBase58(await signMessage(wallet, account, message));
      const body = { walletAddress, message, signature };
      const { user } = linkTo ? await linkWallet(body) : await loginWithWallet(body);
      return { user, wallet, account, signed: true };
    },
    onSuccess: ({ user }, { linkTo }) => {
      // Signing in as someone new: nothing cached for the previous session may linger.
      if (!linkTo) queryClient.clear();
      setSessionUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
    },
  });
}
