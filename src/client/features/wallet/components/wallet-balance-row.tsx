import { formatSol } from "@shared/market/format";
import { CopyButton } from "@/components/ui/copy-button";
import { Skeleton } from "@/components/ui/skeleton";
import { shortAddress } from "@/lib/wallet";
import { useWalletBalances } from "../api/get-wallets";
import { GetTestSolButton } from "./get-test-sol-button";

/** Address (short, copyable), its SOL balance and the test-SOL faucet: used by the wizard and the dashboard. */
export function WalletBalanceRow({ publicKey, label }: { publicKey: string; label?: string }) {
  const balances = useWalletBalances();
  const balance = balances.data?.find((w) => w.publicKey === publicKey);

  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border p-3"
      data-testid="wallet-row"
    >
      {/* The address keeps its width (it is short already); the balance and the faucet wrap. */}
      <div className="flex flex-1 items-center gap-2">
        <div className="shrink-0">
          {label ? <p className="text-xs text-muted-foreground">{label}</p> : null}
          <code className="font-mono text-sm" title={publicKey} data-testid="wallet-address">
            {shortAddress(publicKey, 6)}
          </code>
        </div>
        <CopyButton value={publicKey} label="Copy wallet address" size="icon-sm" variant="ghost" />
      </div>
      <p className="text-sm tabular-nums" aria-live="polite">
        {balances.isPending ? (
          <Skeleton className="h-4 w-20" />
        ) : (
          <>
            {/* Four decimals as on every other screen (the token page's balance); exact on hover. */}
            <span
              className="font-semibold"
              data-testid="sol-balance"
              title={balance ? `${balance.sol} SOL` : undefined}
            >
              {balance ? formatSol(balance.lamports).replace(" SOL", "") : "0"}
            </span>{" "}
            SOL
          </>
        )}
      </p>
      <GetTestSolButton publicKey={publicKey} />
    </div>
  );
}
