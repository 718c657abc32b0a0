import { MARKET } from "@shared/market/curve";
import { formatBps } from "@shared/market/format";
import { Store } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api";
import { useOpenMarket } from "../api/open-market";

const MIN_PCT = MARKET.minCurveShareBps / 100;
const MAX_PCT = MARKET.maxCurveShareBps / 100;

/** A whole percentage from MIN_PCT to MAX_PCT, else null. */
function parsePercent(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const pct = Number(text.trim());
  return pct >= MIN_PCT && pct <= MAX_PCT ? pct : null;
}

function OpenMarketForm({ mint, symbol, onOpened }: { mint: string; symbol: string; onOpened?(): void }) {
  const open = useOpenMarket(mint);
  const shareRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(String(MARKET.defaultCurveShareBps / 100));
  const [error, setError] = useState<string | null>(null);
  // One key per attempt: a retry after a timeout cannot open (and deposit) twice.
  const key = useRef(crypto.randomUUID());
  const pct = parsePercent(text);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pct === null) {
      setError(`Choose a whole percentage from ${MIN_PCT} to ${MAX_PCT}`);
      // To the field the error is about (the button pressed is elsewhere), to be fixed there.
      shareRef.current?.focus();
      return;
    }
    setError(null);
    try {
      await open.mutateAsync({ curveShareBps: pct * 100, idempotencyKey: key.current });
      key.current = crypto.randomUUID();
      toast({
        title: "Market open",
        description: `${symbol} can now be bought and sold.`,
        variant: "success",
      });
      onOpened?.();
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) key.current = crypto.randomUUID();
      setError(errorMessage(err, "Could not open the market. Please try again."));
      // The button was disabled while it ran: focus went to the page. Back to the share.
      shareRef.current?.focus();
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label="Open a market">
      <Field
        label="Share of the supply on the curve (%)"
        error={error ?? undefined}
        description={
          pct === null
            ? `Choose a whole percentage from ${MIN_PCT}% to ${MAX_PCT}%: that share goes into the curve's vault.`
            : `You deposit ${pct}% of the supply from your wallet into the curve's vault; you keep ${100 - pct}%.`
        }
      >
        <Input
          ref={shareRef}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="open-curve-share"
        />
      </Field>
      <p className="text-xs text-muted-foreground">
        Each trade pays a {formatBps(MARKET.feeBps)} fee, {formatBps(MARKET.creatorFeeShareBps)} of it to you.
        For the first {MARKET.launchWindowMs / 60_000} minutes the fee starts higher and each wallet's buys
        are capped, against snipers. When the token is in a browser wallet, that wallet asks you to approve
        the deposit.
      </p>
      <div>
        <Button type="submit" variant="primary" disabled={open.isPending}>
          {open.isPending ? <Spinner className="size-4" /> : <Store aria-hidden="true" />}
          Open a market
        </Button>
      </div>
    </form>
  );
}

/** No market yet: said plainly, and the token's creator can open one. `onOpened`: the market
 * is open (this panel then gives way to the market's own; the page moves focus there). */
export function NoMarket({
  mint,
  symbol,
  isCreator,
  onOpened,
}: {
  mint: string;
  symbol: string;
  isCreator: boolean;
  onOpened?(): void;
}) {
  return (
    <Card data-testid="no-market">
      <CardHeader>
        <CardTitle as="h2">Market</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm">
          {isCreator
            ? `${symbol} has no market yet: open one so fans can buy and sell it.`
            : `${symbol} has no market yet, so it cannot be bought here. Its creator can open one.`}
        </p>
        {isCreator ? <OpenMarketForm mint={mint} symbol={symbol} onOpened={onOpened} /> : null}
      </CardContent>
    </Card>
  );
}
