import { Droplets } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useGetTestSol } from "../hooks/use-get-test-sol";

/** The faucet for one wallet: its balance row, and the trade panel's balance line. */
export function GetTestSolButton({ publicKey }: { publicKey: string }) {
  const airdrop = useGetTestSol(publicKey);
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={airdrop.isPending}
      onClick={airdrop.getTestSol}
    >
      {airdrop.isPending ? <Spinner className="size-4" /> : <Droplets aria-hidden="true" />}
      Get Test SOL
    </Button>
  );
}
