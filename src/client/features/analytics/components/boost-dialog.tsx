import type { Analytics } from "@shared/schemas/analytics";
import { Rocket } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

const SORT_NAMES: Record<NonNullable<Analytics["explore"]>[number]["sort"], string> = {
  new: "New",
  trending: "Trending",
  holders: "Holders",
  marketCap: "Market cap",
  trust: "Trust",
};

/** Boost Visibility: what raises the trust score (the trust checklist, passed in by the page)
 * and the token's place on Explore in each order, with what moves it. */
export function BoostDialog({
  ranks,
  checklist,
}: {
  ranks: NonNullable<Analytics["explore"]>;
  checklist: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Rocket aria-hidden="true" />
        Boost Visibility
      </Button>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Boost Visibility</DialogTitle>
          <DialogDescription>
            Raise your trust score and climb Explore: here is where you stand.
          </DialogDescription>
        </DialogHeader>
        <section aria-labelledby="boost-explore" className="flex flex-col gap-2">
          <h3 id="boost-explore" className="font-semibold">
            Your place on Explore
          </h3>
          <ul className="flex flex-col gap-2">
            {ranks.map((r) => (
              <li
                key={r.sort}
                className="rounded-lg border border-border p-3 text-sm"
                data-testid="explore-rank"
              >
                <div className="flex justify-between gap-2 font-medium">
                  <span>{SORT_NAMES[r.sort]}</span>
                  <span className="tabular-nums">
                    {r.rank === null ? "Not listed" : `#${r.rank} of ${r.of}`}
                  </span>
                </div>
                <p className="text-muted-foreground">{r.moves}</p>
              </li>
            ))}
          </ul>
          <Button asChild variant="link" className="self-start">
            <Link href="/explore">Open Explore</Link>
          </Button>
        </section>
        <section aria-labelledby="boost-checklist" className="flex flex-col gap-2">
          <h3 id="boost-checklist" className="font-semibold">
            Improve your trust score
          </h3>
          {checklist}
        </section>
      </DialogContent>
    </Dialog>
  );
}
