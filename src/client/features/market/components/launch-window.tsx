import { BPS, feeBpsAt, MARKET } from "@shared/market/curve";
import { formatBps, formatCountdown, formatShare, formatTokens } from "@shared/market/format";
import type { MarketState } from "@shared/schemas/market";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Spinner } from "@/components/ui/spinner";
import { shortAddress } from "@/lib/wallet";
import { useLaunchBuyers } from "../api/get-launch-buyers";
import { useNow } from "../hooks/use-now";

/** While the launch window is open: the time left, the decaying fee and the per-wallet cap. */
export function LaunchWindowBanner({ market, symbol }: { market: MarketState; symbol: string }) {
  const endsAt = market.launchWindowEndsAt ? Date.parse(market.launchWindowEndsAt) : 0;
  const openedAt = market.openedAt ? Date.parse(market.openedAt) : endsAt - MARKET.launchWindowMs;
  const now = useNow(endsAt > Date.now());
  if (market.status !== "open" || !(endsAt > now)) return null;
  const feeNow = feeBpsAt(now - openedAt);
  const capUnits = (BigInt(market.supply) * MARKET.launchWalletCapBps) / BPS;
  return (
    <section
      aria-label="Launch protection"
      className="flex gap-3 rounded-xl border border-border bg-warning-soft p-4 text-warning-soft-foreground"
      data-testid="launch-window"
    >
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="text-sm">
        <p className="font-semibold">
          Launch protection: <span className="tabular-nums">{formatCountdown(endsAt - now)}</span> left
        </p>
        <p>
          The fee is {formatBps(feeNow)} now and falls to {formatBps(MARKET.feeBps)} when the window ends.
          Each wallet may buy at most {formatBps(MARKET.launchWalletCapBps)} of the supply (
          {formatTokens(capUnits, market.decimals, 0)} {symbol}) until then. One person can use several
          wallets, so the buyers are listed below.
        </p>
      </div>
    </section>
  );
}

const counted = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
const wallets = (n: number) => counted(n, "wallet", "wallets");

/** Who bought in the launch window, creator-funded wallets marked: the sniper check, in the open.
 * The market's state lists the 10 largest; every buyer is a click away ("Show all"). */
export function LaunchBuyers({ market, symbol }: { market: MarketState; symbol: string }) {
  const { launchWindow } = market;
  const [showAll, setShowAll] = useState(false);
  const all = useLaunchBuyers(market.mint, showAll);
  if (market.status === "none") return null;
  const count = launchWindow.buyerCount;
  const listed = showAll && all.data ? all.data.pages.flatMap((p) => p.buyers) : launchWindow.buyers;
  return (
    <section aria-labelledby="launch-buyers-heading" className="flex flex-col gap-3">
      <h3 id="launch-buyers-heading" className="font-semibold">
        Bought in the launch window
      </h3>
      <p className="text-sm text-muted-foreground">
        {count === 0
          ? "Nobody bought in the launch window."
          : `${formatTokens(launchWindow.tokensBought, market.decimals)} ${symbol} (${formatShare(launchWindow.shareOfSupply)} of the supply) by ${wallets(count)}.`}
        {count > listed.length ? ` The largest ${listed.length.toLocaleString("en-US")} are listed.` : null}
      </p>
      {listed.length > 0 ? (
        <ul
          className="flex flex-col divide-y divide-border rounded-lg border border-border"
          data-testid="launch-buyers"
        >
          {listed.map((buyer) => (
            <li key={buyer.trader} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <code className="font-mono" title={buyer.trader}>
                {shortAddress(buyer.trader)}
              </code>
              <CopyButton value={buyer.trader} label="Copy buyer address" size="icon-sm" variant="ghost" />
              {buyer.isCreator ? <Badge variant="secondary">Creator</Badge> : null}
              {buyer.creatorFunded ? <Badge variant="warning">Funded by the creator</Badge> : null}
              <span className="ml-auto tabular-nums">
                {formatTokens(buyer.tokens, market.decimals)} {symbol}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {all.isError ? (
        <p role="alert" className="text-sm text-destructive-soft-foreground">
          Could not load the buyers. Try again.
        </p>
      ) : null}
      {count > launchWindow.buyers.length ? (
        <MoreBuyers count={count} showAll={showAll} all={all} onShowAll={() => setShowAll(true)} />
      ) : null}
    </section>
  );
}

/** "Show all N buyers", then "Load more" while pages remain ("Try again" after a failure). */
function MoreBuyers({
  count,
  showAll,
  all,
  onShowAll,
}: {
  count: number;
  showAll: boolean;
  all: ReturnType<typeof useLaunchBuyers>;
  onShowAll: () => void;
}) {
  const busy = showAll && (all.isFetching || all.isFetchingNextPage);
  if (showAll && !busy && !all.isError && !all.hasNextPage) return null;
  const label = !showAll
    ? `Show all ${counted(count, "buyer", "buyers")}`
    : all.isError
      ? "Try again"
      : "Load more";
  const act = () => {
    if (busy) return;
    if (!showAll) onShowAll();
    else if (all.isError && !all.data) void all.refetch();
    else void all.fetchNextPage();
  };
  return (
    <div>
      {/* aria-disabled, not disabled: the button keeps the keyboard focus while a page loads. */}
      <Button type="button" size="sm" variant="outline" aria-disabled={busy} onClick={act}>
        {busy ? <Spinner className="size-4" /> : null}
        {label}
      </Button>
    </div>
  );
}
