import type { ChecklistItem } from "@shared/schemas/trust";
import { CheckCircle2, Circle } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";
import { useTrustChecklist } from "../api/get-trust";
import { useLockMetadata } from "../api/lock-metadata";

/** The one irreversible action: confirmed in a dialog, then done on chain. */
function LockMetadataButton({ mint }: { mint: string }) {
  const lock = useLockMetadata(mint);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      await lock.mutateAsync();
      setOpen(false);
      toast({
        title: "Metadata locked",
        description: "The name, symbol and image can no longer change.",
        variant: "success",
      });
    } catch (err) {
      setError(errorMessage(err, "Could not lock the metadata. Please try again."));
    }
  }

  return (
    <>
      <Button size="sm" variant="primary" onClick={() => setOpen(true)}>
        Make metadata immutable
      </Button>
      <Dialog open={open} onOpenChange={(next) => !lock.isPending && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Make metadata immutable?</DialogTitle>
            <DialogDescription>
              This removes the update authority on chain. Nobody, you included, will ever be able to change
              the token&apos;s name, symbol, image or links again. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          {error ? (
            <p role="alert" className="text-sm text-destructive-soft-foreground">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={lock.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={lock.isPending}>
              {lock.isPending ? <Spinner /> : null}
              Lock metadata forever
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function ItemAction({ mint, item }: { mint: string; item: ChecklistItem }) {
  switch (item.action) {
    case "lock_metadata":
      return <LockMetadataButton mint={mint} />;
    case "open_market":
      return (
        <Button asChild size="sm" variant="outline">
          <Link href={`/token/${mint}#market`}>Open a market</Link>
        </Button>
      );
    case "spread_supply":
      return (
        <span className="flex flex-wrap gap-2">
          <Button asChild size="sm" variant="outline">
            <Link href="/nft-rewards">Create rewards</Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link href={`/token/${mint}#market`}>Go to the market</Link>
          </Button>
        </span>
      );
    case "edit_profile":
      return (
        <p className="text-sm text-muted-foreground">
          Links are set at launch and there is no editing screen yet: while the metadata is mutable, add a{" "}
          <code>website</code>, <code>twitter</code> or <code>discord</code> field to the token&apos;s
          on-chain metadata with any Token-2022 metadata tool, then lock it.
        </p>
      );
    case "wait":
      return null;
  }
}

/** "Improve your score": each factor the creator can act on, with the points it would gain. */
export function TrustChecklist({ mint }: { mint: string }) {
  const list = useTrustChecklist(mint);
  if (list.isPending)
    return <Skeleton className="h-48 rounded-xl" aria-busy="true" aria-label="Loading checklist" />;
  if (!list.data)
    return (
      <Card>
        <CardContent className="p-6">
          <p role="alert" className="text-sm text-destructive-soft-foreground">
            {errorMessage(list.error, "Could not load your checklist. Reload the page to try again.")}
          </p>
        </CardContent>
      </Card>
    );
  const todo = list.data.items.filter((i) => !i.done).sort((a, b) => b.gain - a.gain);
  const done = list.data.items.filter((i) => i.done);
  return (
    <Card data-testid="trust-checklist">
      <CardHeader>
        <CardTitle as="h2">Improve your score</CardTitle>
        <CardDescription>
          What you can do about each factor that loses points, and what the score would gain.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {todo.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing left to improve: every factor you control is at its best.
          </p>
        ) : null}
        <ul className="flex flex-col divide-y divide-border">
          {todo.map((item) => (
            <li
              key={item.factor}
              className="flex flex-col gap-2 py-3"
              data-testid="trust-action"
              data-action={item.action}
            >
              <div className="flex items-start justify-between gap-4">
                <span className="flex items-start gap-2">
                  <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <span>
                    <span className="font-medium">{item.title}</span>
                    <span className="block text-sm text-muted-foreground">{item.detail}</span>
                    {item.gain === 0 && item.heldBackBy ? (
                      <span className="block text-sm text-muted-foreground" data-testid="trust-held-back">
                        Counts once this is fixed: {item.heldBackBy.charAt(0).toLowerCase()}
                        {item.heldBackBy.slice(1)}.
                      </span>
                    ) : null}
                  </span>
                </span>
                <span className="shrink-0 text-sm font-semibold tabular-nums text-success">
                  {item.gain > 0 ? `+${item.gain} pts` : "No gain yet"}
                </span>
              </div>
              <div className="pl-6">
                <ItemAction mint={mint} item={item} />
              </div>
            </li>
          ))}
          {done.map((item) => (
            <li key={item.factor} className="flex items-center gap-2 py-3 text-sm text-muted-foreground">
              <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-success" />
              <span>{item.title}: done</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
