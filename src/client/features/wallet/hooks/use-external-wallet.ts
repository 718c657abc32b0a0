import type { User } from "@shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WalletAccount } from "@wallet-standard/base";
import { requestWalletChallenge } from "@/features/auth/api/wallet-challenge";
import { loginWithWallet } from "@/features/auth/api/wallet-login";
import { setSessionUser } from "@/features/auth";
import { connectWallet, type SolanaWallet, shortAddress, signMessage, toBase58 } from "@/lib/wallet";
import { linkWallet } from "../api/link-wallet";
import { walletsQueryKey } from "../api/get-wallets";

export interface ExternalWalletInput {
  wallet: SolanaWallet;
  /** When the person typed an address: refuse to sign with any other account. */
  expectedAddress?: string;
}

export interface ExternalWalletResult {
  user: User;
  wallet: SolanaWallet;
  account: WalletAccount;
}

/**
 * Connects a Wallet Standard wallet and proves ownership of its key by signing the server's
 * challenge. `mode: "login"` signs in (creating the account on first use); `"link"` adds the
 * wallet to the signed-in user. A bare address is never enough: the signature is the proof.
 */
export function useExternalWallet(mode: "login" | "link") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ wallet, expectedAddress }: ExternalWalletInput): Promise<ExternalWalletResult> => {
      const account = await connectWallet(wallet);
      const walletAddress = account.address;
      if (expectedAddress && expectedAddress !== walletAddress) {
        throw new Error(
          `${wallet.name} is connected as ${shortAddress(walletAddress)}, not ${shortAddress(expectedAddress)}. Switch to that account in the wallet and try again.`,
        );
      }
      const { message } = await requestWalletChallenge(walletAddress);
      const signature = toBase58(await signMessage(wallet, account, message));
      const body = { walletAddress, message, signature };
      const { user } = mode === "login" ? await loginWithWallet(body) : await linkWallet(body);
      return { user, wallet, account };
    },
    onSuccess: ({ user }) => {
      if (mode === "login") queryClient.clear();
      setSessionUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
    },
  });
}
