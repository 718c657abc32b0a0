import type { Reward } from "@shared/schemas/rewards";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";
import { useSetRewardActive } from "../api/manage-rewards";

/** The creator pauses a reward (no claims, no automatic NFTs) or resumes it, and is told
 * which it now is. `pending(reward)`: that reward's change is on its way. */
export function usePauseReward() {
  const setActive = useSetRewardActive();
  const toggle = (reward: Reward) =>
    setActive.mutate(
      { id: reward.id, isActive: !reward.isActive },
      {
        onSuccess: (updated) =>
          toast({
            title: updated.isActive ? "Reward resumed" : "Reward paused",
            description: updated.isActive
              ? `${updated.title} is live again for ${updated.tokenSymbol} holders.`
              : `${updated.title} takes no claims and sends no NFTs until you resume it.`,
            variant: "success",
          }),
        onError: (err) =>
          toast({
            title: "Reward not changed",
            description: errorMessage(err, "Failed to update reward"),
            variant: "destructive",
          }),
      },
    );
  const pending = (reward: Reward) => setActive.isPending && setActive.variables?.id === reward.id;
  return { toggle, pending, busy: setActive.isPending };
}

/** The button's words: "Pause reward" / "Resume reward". */
export const pauseLabel = (reward: Reward) => (reward.isActive ? "Pause reward" : "Resume reward");
