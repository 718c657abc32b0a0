import { counted, groupDigits } from "@shared/amounts";
import type { RewardDraft } from "@shared/schemas/rewards";
import { Button } from "@/components/ui/button";
import { RarityBadge, RarityIcon } from "./rarity";

/** The condition in words, e.g. "Hold 1,000 ART for 7 days". */
function conditionText(c: RewardDraft["unlockCondition"], symbol: string): string {
  const amount = `${groupDigits(c.value)} ${symbol}`;
  if (c.type === "holding_amount") return `Hold ${amount}`;
  if (c.type === "holding_duration") {
    return `Hold ${amount} for ${counted(c.days ?? 1, "day")}`;
  }
  return `Top ${Math.max(1, 100 - Number(c.value))}% by engagement`;
}

/** The AI's ideas as choices: picking one fills the form, where the creator edits it. */
export function RewardDrafts({
  drafts,
  engine,
  symbol,
  onPick,
}: {
  drafts: RewardDraft[];
  engine: string;
  symbol: string;
  onPick(draft: RewardDraft): void;
}) {
  return (
    <section aria-labelledby="reward-drafts-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="reward-drafts-title" className="font-semibold">
          Ideas for your community
        </h3>
        <p className="text-xs text-muted-foreground">{engine}</p>
      </div>
      <ul className="grid gap-3 md:grid-cols-2">
        {drafts.map((draft) => (
          <li
            key={`${draft.title}-${draft.rarity}`}
            className="flex gap-3 rounded-lg border border-border p-4"
          >
            <RarityIcon rarity={draft.rarity} className="size-10" />
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <p className="font-medium">{draft.title}</p>
              <RarityBadge rarity={draft.rarity} />
              <p className="text-sm">{conditionText(draft.unlockCondition, symbol)}</p>
              <p className="text-xs text-muted-foreground">{draft.rationale}</p>
              <Button
                size="sm"
                variant="outline"
                className="mt-1 w-fit"
                aria-label={`Use this idea: ${draft.title}`}
                onClick={() => onPick(draft)}
              >
                Use this idea
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
