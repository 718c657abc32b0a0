import { useEffect, useState } from "react";
import { listSolanaWallets, onWalletsChanged, type SolanaWallet } from "./standard";

/** The Wallet Standard wallets present in this browser, kept current as extensions register. */
export function useSolanaWallets(): SolanaWallet[] {
  const [wallets, setWallets] = useState<SolanaWallet[]>(() => listSolanaWallets());
  useEffect(() => {
    const refresh = () => setWallets(listSolanaWallets());
    refresh();
    return onWalletsChanged(refresh);
  }, []);
  return wallets;
}
