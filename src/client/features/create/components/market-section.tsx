import { MARKET } from "@shared/market/curve";
import { formatBps, formatSol, formatTokens } from "@shared/market/format";
import { useId } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import {
  creatorBuyCap,
  MAX_CURVE_PCT,
  type MarketChoice,
  MIN_CURVE_PCT,
  marketRequest,
  trustCapNote,
} from "../hooks/market-choice";

export interface MarketSectionProps {
  value: MarketChoice;
  onChange: (change: Partial<MarketChoice>) => void;
  /** The supply typed in the form (whole tokens), for the creator buy's cap. */
  totalSupply: string;
  /** A browser wallet launches: it signs the curve's opening right after the launch (a second
   * approval), and the creator buy at launch is not offered (buy on the token page instead). */
  browserWallet: boolean;
}

/** The creator buy's field: the launch button sends focus to it when its amount is refused. */
export const CREATOR_BUY_INPUT_ID = "creator-buy-sol";

/** Step 3's "Market": open a bonding-curve market at launch, the share of supply on it, and
 * an optional, capped and disclosed creator buy. */
export function MarketSection({ value, onChange, totalSupply, browserWallet }: MarketSectionProps) {
  const checkboxId = useId();
  const sliderId = useId();
  const request = marketRequest(value, totalSupply);
  const cap = creatorBuyCap(totalSupply, value.curveSharePct);
  const keeps = 100 - value.curveSharePct;
  const trustNote = trustCapNote(value);
  const launchMinutes = MARKET.launchWindowMs / 60_000;
  return (
    <fieldset
      className="flex flex-col gap-4 rounded-lg border border-border p-4"
      data-testid="market-section"
    >
      <legend className="px-1 text-base font-semibold">Market</legend>
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-1 size-4 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          checked={value.open}
          onChange={(e) => onChange({ open: e.target.checked })}
        />
        <label htmlFor={checkboxId} className="text-sm">
          <span className="font-medium">Open a market at launch</span>
          <span className="block text-muted-foreground">
            Fans can buy and sell your token on a bonding curve from the first minute.
          </span>
        </label>
      </div>
      {value.open ? (
        <>
          <div className="flex flex-col gap-2">
            <label htmlFor={sliderId} className="text-sm font-medium">
              Share of supply on the curve: <span className="tabular-nums">{value.curveSharePct}%</span>
            </label>
            <input
              id={sliderId}
              type="range"
              min={MIN_CURVE_PCT}
              max={MAX_CURVE_PCT}
              step={1}
              value={value.curveSharePct}
              aria-valuetext={`${value.curveSharePct}% on the curve, you keep ${keeps}%`}
              onChange={(e) => onChange({ curveSharePct: Number(e.target.value) })}
              className="w-full accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              data-testid="curve-share"
            />
            <p className="text-sm text-muted-foreground" data-testid="creator-keeps">
              You keep {keeps}% of the supply in your wallet; the token page shows it to every fan.
            </p>
            {trustNote ? (
              <p
                className="rounded-md bg-warning-soft px-3 py-2 text-sm text-warning-soft-foreground"
                data-testid="trust-cap-note"
              >
                {trustNote}
              </p>
            ) : null}
          </div>
          {browserWallet ? (
            <p className="text-sm text-muted-foreground" data-testid="market-browser-wallet">
              Your browser wallet asks for two approvals: the launch, then the market's opening, which moves{" "}
              {value.curveSharePct}% of the supply into the curve's vault. If you decline the second, the
              token is live without a market and you can open one from its page.
            </p>
          ) : (
            <Field
              id={CREATOR_BUY_INPUT_ID}
              label="Creator buy at launch, SOL (optional)"
              error={request.ok ? undefined : request.error}
              description={
                cap
                  ? `Capped at ${formatBps(MARKET.maxCreatorBuyBps)} of the supply (${formatTokens(cap.tokens, 9, 2)} tokens): about ${formatSol(cap.lamports)} bought along the curve, before the fee. Shown on the token page.`
                  : `Capped at ${formatBps(MARKET.maxCreatorBuyBps)} of the supply, and shown on the token page.`
              }
            >
              <Input
                inputMode="decimal"
                autoComplete="off"
                placeholder="0"
                value={value.creatorBuySol}
                onChange={(e) => onChange({ creatorBuySol: e.target.value })}
                data-testid="creator-buy"
              />
            </Field>
          )}
          <p className="text-xs text-muted-foreground">
            Every trade pays a {formatBps(MARKET.feeBps)} fee, {formatBps(MARKET.creatorFeeShareBps)} of it to
            you. Launch protection: for the first {launchMinutes} minutes the fee starts at{" "}
            {formatBps(MARKET.launchFeeStartBps)} and falls to {formatBps(MARKET.feeBps)}, and each wallet may
            buy at most {formatBps(MARKET.launchWalletCapBps)} of the supply.
          </p>
        </>
      ) : null}
    </fieldset>
  );
}
