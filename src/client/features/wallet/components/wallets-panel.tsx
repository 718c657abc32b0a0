import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useWalletBalances } from "../api/get-wallets";
import { WalletBalanceRow } from "./wallet-balance-row";
import { WalletSetup } from "./wallet-setup";

/** The signed-in user's wallets with their SOL balances (fees and rent for launches and transfers). */
export function WalletsPanel() {
  const wallets = useWalletBalances();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">My Wallets</CardTitle>
        <CardDescription>Launches and transfers pay a small fee in SOL from these wallets.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {wallets.isPending ? <Skeleton className="h-14 rounded-lg" /> : null}
        {wallets.isError ? (
          <p className="text-sm text-destructive-soft-foreground">Could not load your wallets.</p>
        ) : null}
        {/* No wallet yet (a fan who signed up by email): one click makes one, here. */}
        <WalletSetup />
        {wallets.data?.map((w) => (
          <WalletBalanceRow
            key={w.publicKey}
            publicKey={w.publicKey}
            label={w.kind === "embedded" ? "Embedded wallet" : "External wallet"}
          />
        ))}
      </CardContent>
    </Card>
  );
}
