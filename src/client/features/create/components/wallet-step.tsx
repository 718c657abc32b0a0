import type { User } from "@shared/schemas/auth";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, KeyRound, Link2 } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { useGenerateWallet } from "@/features/wallet/api/generate-wallet";
import { useWalletBalances } from "@/features/wallet/api/get-wallets";
import { SecretKeyBackup } from "@/features/wallet/components/secret-key-backup";
import { WalletBalanceRow } from "@/features/wallet/components/wallet-balance-row";
import { WalletList } from "@/features/wallet/components/wallet-list";
import { useExternalWallet } from "@/features/wallet/hooks/use-external-wallet";
import { ApiError, errorMessage } from "@/lib/api";
import { signInHref } from "@/lib/return-to";
import { useSingleFlight } from "@/lib/use-single-flight";
import { canSignTransactions, type SolanaWallet, shortAddress, useSolanaWallets } from "@/lib/wallet";
import type { LaunchWallet } from "../hooks/use-create-wizard";
import { NeedsSolNotice } from "./needs-sol-notice";

export interface WalletStepProps {
  user: User | null;
  wallet: LaunchWallet | null;
  generatedSecret: string | null;
  onWallet: (wallet: LaunchWallet | null, secret?: string | null) => void;
  onBack: () => void;
  onContinue: () => void;
}

/** Step 2: the wallet the token launches from (and receives the whole supply). */
export function WalletStep({ user, wallet, generatedSecret, onWallet, onBack, onContinue }: WalletStepProps) {
  const generate = useGenerateWallet();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const external = useExternalWallet();
  const detected = useSolanaWallets().filter(canSignTransactions);
  const embedded = user?.wallets.filter((w) => w.kind === "embedded") ?? [];
  const busy = generate.isPending || external.isPending;
  const balances = useWalletBalances(Boolean(wallet));
  const [askedToContinue, setAskedToContinue] = useState(false);
  // Only a balance we know to be zero stops Continue; an unknown one lets the server decide.
  const empty = wallet
    ? balances.data?.find((w) => w.publicKey === wallet.publicKey)?.lamports === "0"
    : false;

  function tryContinue() {
    if (empty) setAskedToContinue(true);
    else onContinue();
  }

  const generateNew = useSingleFlight(async () => {
    try {
      const { wallet: created, user: owner } = await generate.mutateAsync();
      if (!owner) throw new Error("Failed to authenticate user");
      onWallet({ kind: "embedded", publicKey: created.publicKey }, created.privateKey);
      toast({
        title: "Wallet Generated",
        description: "Back up the secret key, then get some test SOL.",
        variant: "success",
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === "SESSION_EXPIRED") {
        toast({
          title: "Session Ended",
          description: errorMessage(err, "Your session has expired. Please sign in again"),
          variant: "destructive",
        });
        // Everything cached belonged to the session that ended (the user first of all): reset,
        // so /auth and every screen after it ask the server again.
        void queryClient.resetQueries();
        // Back to the wizard afterwards: its draft is kept for the person who wrote it.
        navigate(signInHref("/create"));
        return;
      }
      const fallback =
        err instanceof Error && err.message === "Failed to authenticate user"
          ? err.message
          : "Failed to generate wallet";
      toast({ title: "Setup Failed", description: errorMessage(err, fallback), variant: "destructive" });
    }
  });

  async function connectExisting(chosen: SolanaWallet) {
    try {
      const { wallet: w, account } = await external.mutateAsync({ wallet: chosen, linkTo: user });
      onWallet({ kind: "external", publicKey: account.address, wallet: w, account }, null);
      toast({
        title: "Connected!",
        description: `${chosen.name} will sign your launch.`,
        variant: "success",
      });
    } catch (err) {
      toast({
        title: "Setup Failed",
        description: errorMessage(err, "Failed to authenticate user"),
        variant: "destructive",
      });
    }
  }

  if (wallet) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2">Your launch wallet</CardTitle>
          <CardDescription>
            {wallet.kind === "embedded"
              ? "Kept encrypted by the platform and used only for your account. The whole supply is minted here."
              : "Your own wallet: you will approve the launch transaction in it. The whole supply is minted here."}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <WalletBalanceRow
            publicKey={wallet.publicKey}
            label={wallet.kind === "external" ? wallet.wallet.name : "Embedded wallet"}
          />
          <p className="text-xs text-muted-foreground">
            A launch costs a small amount of SOL for rent and fees. On the test network, Get Test SOL tops it
            up for free.
          </p>
          {generatedSecret ? <SecretKeyBackup secretKey={generatedSecret} /> : null}
          {askedToContinue && empty ? (
            <NeedsSolNotice publicKey={wallet.publicKey} onContinueAnyway={onContinue} />
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setAskedToContinue(false);
                onWallet(null, null);
              }}
            >
              <ArrowLeft aria-hidden="true" />
              Use a different wallet
            </Button>
            <Button type="button" variant="primary" onClick={tryContinue}>
              Continue
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {embedded.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Your wallets</CardTitle>
            <CardDescription>Launch from a wallet you already have on this account.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-2">
              {embedded.map((w) => (
                <li
                  key={w.publicKey}
                  className="flex items-center justify-between gap-3 rounded-lg border border-border p-3"
                >
                  <code className="font-mono text-sm">{shortAddress(w.publicKey, 6)}</code>
                  <Button
                    type="button"
                    size="sm"
                    variant="primary"
                    onClick={() => onWallet({ kind: "embedded", publicKey: w.publicKey }, null)}
                  >
                    Use this wallet
                  </Button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Card className="border-primary/40">
          <CardHeader>
            <div className="flex items-center gap-2">
              <CardTitle as="h2">Generate New Wallet</CardTitle>
              <Badge variant="brand">Recommended</Badge>
            </div>
            <CardDescription>
              No extension, no seed phrase to type. We create a Solana wallet for you in one click.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button type="button" className="w-full" disabled={busy} onClick={generateNew}>
              {generate.isPending ? <Spinner className="size-4" /> : <KeyRound aria-hidden="true" />}
              Generate New Wallet
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <Link2 aria-hidden="true" className="size-5" />
              Connect Existing Wallet
            </CardTitle>
            <CardDescription>
              Phantom, Solflare, Backpack or any Wallet Standard wallet. You sign the launch in it.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <WalletList
              wallets={detected}
              disabled={busy}
              pendingName={external.isPending ? external.variables?.wallet.name : undefined}
              onConnect={connectExisting}
            />
          </CardContent>
        </Card>
      </div>
      <Button type="button" variant="ghost" className="self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
    </div>
  );
}
