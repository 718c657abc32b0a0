import { CheckCircle2, CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { signInHref } from "@/lib/return-to";
import { describeTradeFailure } from "../hooks/trade-failure";
import type { TradePhase } from "../hooks/use-trade";

export interface TradeStatusProps {
  phase: TradePhase;
  quoting: boolean;
  error: unknown;
  networkLabel: string;
  onRetry: () => void;
  getTestSol: () => ReactNode;
}

/** Where the trade is, in words: quoting, signing, confirming, done, or what failed and what
 * to do about it. One polite live region, so a screen reader hears each step once. */
export function TradeStatus({ phase, quoting, error, networkLabel, onRetry, getTestSol }: TradeStatusProps) {
  const failure = phase === "failed" ? describeTradeFailure(error) : null;
  let body: ReactNode = null;
  if (phase === "signing")
    body = (
      <p className="flex items-center gap-2">
        <Spinner className="size-4" /> Signing: approve the trade in your wallet.
      </p>
    );
  else if (phase === "confirming")
    body = (
      <p className="flex items-center gap-2">
        <Spinner className="size-4" /> Confirming on {networkLabel}…
      </p>
    );
  else if (phase === "done")
    body = (
      <p className="flex items-center gap-2 text-success">
        <CheckCircle2 aria-hidden="true" className="size-4" /> Done: the trade is on chain.
      </p>
    );
  else if (failure)
    body = (
      <div
        className="flex flex-col gap-2 rounded-md bg-destructive-soft p-3 text-destructive-soft-foreground"
        data-testid="trade-error"
      >
        <p className="flex items-center gap-2 font-semibold">
          <CircleAlert aria-hidden="true" className="size-4" /> {failure.title}
        </p>
        <p>{failure.description}</p>
        {failure.remedy === "retry" ? (
          <div>
            <Button type="button" size="sm" variant="outline" onClick={onRetry}>
              Get a new quote
            </Button>
          </div>
        ) : null}
        {failure.remedy === "get-sol" ? <div>{getTestSol()}</div> : null}
        {failure.remedy === "sign-in" ? (
          <Button asChild size="sm" variant="outline">
            <Link href={signInHref(window.location.pathname)}>Sign in</Link>
          </Button>
        ) : null}
      </div>
    );
  else if (quoting)
    body = (
      <p className="flex items-center gap-2 text-muted-foreground">
        <Spinner className="size-4" /> Getting a quote…
      </p>
    );
  return (
    <div aria-live="polite" className="min-h-6 text-sm" data-testid="trade-status" data-phase={phase}>
      {body}
    </div>
  );
}
