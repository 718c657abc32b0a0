import { Wallet } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";
import { useSession } from "@/lib/session";
import { useSingleFlight } from "@/lib/use-single-flight";
import { useGenerateWallet } from "../api/generate-wallet";
import { SecretKeyBackup } from "./secret-key-backup";

/** For a signed-in person without a wallet (a fan who signed up by email): one click makes an
 * embedded wallet, and its secret is shown once to back up. Renders nothing otherwise. */
export function WalletSetup() {
  const { user } = useSession();
  const generate = useGenerateWallet();
  const [secret, setSecret] = useState<string | null>(null);

  const create = useSingleFlight(async () => {
    try {
      const { wallet } = await generate.mutateAsync();
      setSecret(wallet.privateKey);
      toast({
        title: "Wallet Generated",
        description: "Back up the secret key, then get some test SOL.",
        variant: "success",
      });
    } catch (err) {
      toast({
        title: "Setup Failed",
        description: errorMessage(err, "Failed to generate wallet"),
        variant: "destructive",
      });
    }
  });

  if (secret) return <SecretKeyBackup secretKey={secret} />;
  if (!user || user.wallets.length > 0) return null;
  return (
    <div className="flex flex-col items-start gap-3 text-sm">
      <p>
        You need a wallet to trade, launch or send tokens: we make one for you, then you can get free test SOL
        for it.
      </p>
      <Button type="button" variant="primary" disabled={generate.isPending} onClick={create}>
        {generate.isPending ? <Spinner className="size-4" /> : <Wallet aria-hidden="true" />}
        Create a wallet
      </Button>
    </div>
  );
}
