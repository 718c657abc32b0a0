import { Droplets } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useGetTestSol } from "@/features/wallet/hooks/use-get-test-sol";

/** Shown when Continue is pressed with an empty wallet: why SOL is needed, and the faucet
 * right here. The person may still go on (a balance can change outside this page). */
export function NeedsSolNotice({
  publicKey,
  onContinueAnyway,
}: {
  publicKey: string;
  onContinueAnyway(): void;
}) {
  const airdrop = useGetTestSol(publicKey);
  return (
    <div
      role="alert"
      data-testid="needs-sol"
      className="flex flex-col gap-3 rounded-lg border border-warning-soft-foreground/30 bg-warning-soft p-4 text-sm text-warning-soft-foreground"
    >
      <p>
        <strong>This wallet has no SOL yet.</strong> A launch needs a little SOL for the mint account's rent
        and the transaction fee. Test SOL is free: get some, then continue.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          size="sm"
          variant="primary"
          disabled={airdrop.isPending}
          onClick={airdrop.getTestSol}
        >
          {airdrop.isPending ? <Spinner className="size-4" /> : <Droplets aria-hidden="true" />}
          Get Test SOL
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onContinueAnyway}>
          Continue anyway
        </Button>
      </div>
    </div>
  );
}
