import type { User } from "@shared/schemas/auth";
import { WalletAddressSchema } from "@shared/schemas/auth";
import type { GenerateWalletResponse } from "@shared/schemas/wallet";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";
import { useSingleFlight } from "@/lib/use-single-flight";
import { type SolanaWallet, useSolanaWallets } from "@/lib/wallet";
import { useGenerateWallet } from "../api/generate-wallet";
import { useExternalWallet } from "../hooks/use-external-wallet";
import { SecretKeyBackup } from "./secret-key-backup";
import { WalletList } from "./wallet-list";

function Divider({ children }: { children: string }) {
  return (
    <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
      <span className="h-px flex-1 bg-border" />
      {children}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/**
 * The /auth Wallet tab. Signing in always takes a signature from the wallet that owns the key:
 * the address field only says which account the person expects, it never logs anyone in.
 */
export function WalletSignIn({ onDone }: { onDone: (user: User) => void }) {
  const wallets = useSolanaWallets();
  const connect = useExternalWallet();
  const generate = useGenerateWallet();
  const [address, setAddress] = useState("");
  const [addressError, setAddressError] = useState<string>();
  const [addressNote, setAddressNote] = useState(false);
  const [generated, setGenerated] = useState<GenerateWalletResponse | null>(null);
  const busy = connect.isPending || generate.isPending;

  function checkAddress(): string | null | undefined {
    const typed = address.trim();
    if (!typed) return undefined;
    const parsed = WalletAddressSchema.safeParse(typed);
    setAddressError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? parsed.data : null;
  }

  async function connectWith(wallet: SolanaWallet) {
    const expectedAddress = checkAddress();
    if (expectedAddress === null) return;
    try {
      const { user } = await connect.mutateAsync({ wallet, expectedAddress });
      toast({ title: "Connected!", description: `Signed in with ${wallet.name}`, variant: "success" });
      onDone(user);
    } catch (err) {
      const detail = err instanceof Error && err.message ? err.message : "Wallet connection failed";
      toast({
        title: "Wallet connection failed",
        description: errorMessage(err, detail),
        variant: "destructive",
      });
    }
  }

  function connectTypedAddress() {
    const expected = checkAddress();
    if (expected === undefined) setAddressError("Invalid wallet address");
    if (!expected) return;
    // One wallet present: it is the only one that could own the address, so ask it to sign.
    const [only, ...others] = wallets;
    if (only && others.length === 0) void connectWith(only);
    else setAddressNote(true);
  }

  const generateNew = useSingleFlight(async () => {
    try {
      const result = await generate.mutateAsync();
      setGenerated(result);
      toast({
        title: "Wallet Generated",
        description: "Back up the secret key before you continue.",
        variant: "success",
      });
    } catch (err) {
      toast({
        title: "Failed to generate wallet",
        description: errorMessage(err, "Failed to generate wallet"),
        variant: "destructive",
      });
    }
  });

  if (generated) {
    return (
      <div className="flex flex-col gap-4">
        <div>
          <p className="text-sm text-muted-foreground">Your new wallet address</p>
          <div className="mt-1 flex items-center gap-2">
            <code className="min-w-0 flex-1 break-all font-mono text-sm" data-testid="generated-address">
              {generated.wallet.publicKey}
            </code>
            <CopyButton value={generated.wallet.publicKey} label="Copy wallet address" size="icon-sm" />
          </div>
        </div>
        <SecretKeyBackup secretKey={generated.wallet.privateKey} />
        <Button type="button" variant="primary" onClick={() => onDone(generated.user)}>
          I saved it, continue to my dashboard
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <WalletList
        wallets={wallets}
        disabled={busy}
        pendingName={connect.isPending ? connect.variables?.wallet.name : undefined}
        onConnect={connectWith}
      />
      <Divider>or by address</Divider>
      <div className="flex flex-col gap-2">
        <Field
          label="Wallet address"
          error={addressError}
          description="Optional: the account you expect to sign in with. We check the wallet you connect is this one."
        >
          <Input
            value={address}
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. 7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU"
            onChange={(e) => {
              setAddress(e.target.value);
              setAddressError(undefined);
              setAddressNote(false);
            }}
          />
        </Field>
        <Button type="button" variant="outline" disabled={busy} onClick={connectTypedAddress}>
          Connect
        </Button>
        {addressNote ? (
          <p role="status" className="rounded-lg bg-secondary p-3 text-sm text-secondary-foreground">
            An address alone cannot sign you in. Connect the wallet that owns this address
            {wallets.length > 0
              ? " from the list above"
              : " (open Phantom, Solflare or Backpack in this browser)"}{" "}
            and approve the signature request: the signature proves the wallet is yours, and it costs nothing.
          </p>
        ) : null}
      </div>
      <Divider>new to crypto</Divider>
      <Button type="button" variant="secondary" disabled={busy} onClick={generateNew}>
        {generate.isPending ? <Spinner className="size-4" /> : <KeyRound aria-hidden="true" />}
        Generate New
      </Button>
    </div>
  );
}
