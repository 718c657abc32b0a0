import { Wallet as WalletIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { SolanaWallet } from "@/lib/wallet";

/** The Wallet Standard wallets found in this browser, each with its own Connect button. */
export function WalletList({
  wallets,
  pendingName,
  disabled,
  onConnect,
}: {
  wallets: readonly SolanaWallet[];
  /** Name of the wallet whose connection is in progress. */
  pendingName?: string;
  disabled?: boolean;
  onConnect: (wallet: SolanaWallet) => void;
}) {
  if (wallets.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
        No Solana wallet found in this browser. Install Phantom, Solflare or Backpack and reload this page, or
        let us generate a wallet for you.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-2" aria-label="Detected wallets">
      {wallets.map((wallet) => (
        <li key={wallet.name} className="flex items-center gap-3 rounded-lg border border-border p-3">
          {wallet.icon ? (
            <img src={wallet.icon} alt="" className="size-8 rounded-md" />
          ) : (
            <WalletIcon aria-hidden="true" className="size-8" />
          )}
          <span className="flex-1 font-medium">{wallet.name}</span>
          <Button
            type="button"
            variant="primary"
            size="sm"
            disabled={disabled}
            aria-label={`Connect ${wallet.name}`}
            onClick={() => onConnect(wallet)}
          >
            {pendingName === wallet.name ? <Spinner className="size-4" /> : null}
            Connect
          </Button>
        </li>
      ))}
    </ul>
  );
}
