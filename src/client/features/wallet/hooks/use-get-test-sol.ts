import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";
import { useSingleFlight } from "@/lib/use-single-flight";
import { useAirdrop } from "../api/airdrop";

/** The test faucet for one wallet, with the spec's toasts: every Get Test SOL button uses it. */
export function useGetTestSol(publicKey: string) {
  const airdrop = useAirdrop();
  // Once per click: a double-click before the button disables would airdrop twice.
  const getTestSol = useSingleFlight(async () => {
    try {
      await airdrop.mutateAsync(publicKey);
      toast({ title: "Airdrop Successful", description: "2 SOL added for testing", variant: "success" });
    } catch (err) {
      toast({
        title: "Airdrop failed",
        description: errorMessage(err, "The test faucet did not answer. Try again in a minute."),
        variant: "destructive",
      });
    }
  });
  return { getTestSol, isPending: airdrop.isPending };
}
