import { formatSol, formatTokens, timeAgo } from "@shared/market/format";
import type { TradesPage } from "@shared/schemas/market";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { shortAddress } from "@/lib/wallet";
import { useTrades } from "../api/get-trades";
import { useNow } from "../hooks/use-now";
import { traderSolLamports } from "../lib/trade-sol";

/** The newest trades: side, tokens, the SOL the trader paid or received (fee included, as
 * their toast said), who (short, copyable) and when; more on request. */
export function RecentTrades({ mint, symbol, decimals }: { mint: string; symbol: string; decimals: number }) {
  const trades = useTrades(mint);
  const now = useNow(true, 30_000);
  const list = trades.data?.pages.flatMap((p) => p.trades) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent trades</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {trades.isPending ? <Skeleton className="h-24 rounded-lg" /> : null}
        {trades.isError ? (
          <p role="alert" className="text-sm text-destructive-soft-foreground">
            Could not load the trades. Reload the page.
          </p>
        ) : null}
        {trades.isSuccess && list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No trades yet: the first buy will show here.</p>
        ) : null}
        {list.length > 0 ? (
          <>
            <TradeTable trades={list} symbol={symbol} decimals={decimals} now={now} />
            <TradeList trades={list} symbol={symbol} decimals={decimals} now={now} />
          </>
        ) : null}
        {trades.hasNextPage ? (
          <div>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={trades.isFetchingNextPage}
              onClick={() => void trades.fetchNextPage()}
            >
              {trades.isFetchingNextPage ? <Spinner className="size-4" /> : null}
              Load more
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

type Trade = TradesPage["trades"][number];

interface TradesProps {
  trades: Trade[];
  symbol: string;
  decimals: number;
  now: number;
}

/** From 640 px: one row a trade, in columns. */
function TradeTable({ trades, symbol, decimals, now }: TradesProps) {
  return (
    <div className="hidden overflow-x-auto sm:block">
      <table className="w-full text-sm" data-testid="recent-trades">
        <caption className="sr-only">Recent trades of {symbol}, newest first</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              Side
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {symbol}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              <abbr title="What the trader paid or received, the fee included" className="no-underline">
                SOL
              </abbr>
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Trader
            </th>
            <th scope="col" className="py-2 font-medium">
              When
            </th>
          </tr>
        </thead>
        <tbody>
          {trades.map((t) => (
            <tr
              key={t.signature}
              className="border-t border-border"
              data-testid="trade-row"
              data-side={t.side}
            >
              <td className="py-2 pr-3">
                <SideBadge side={t.side} />
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatTokens(t.tokens, decimals)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">
                {formatSol(traderSolLamports(t)).replace(" SOL", "")}
              </td>
              <td className="py-2 pr-3">
                <TraderAddress address={t.trader} />
              </td>
              <td className="py-2 whitespace-nowrap text-muted-foreground">
                <TradeTime at={t.at} now={now} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone the five columns do not fit: two lines a trade, what moved, then who and when. */
function TradeList({ trades, symbol, decimals, now }: TradesProps) {
  return (
    <ul className="flex flex-col sm:hidden" aria-label={`Recent trades of ${symbol}, newest first`}>
      {trades.map((t) => (
        <li
          key={t.signature}
          className="flex flex-col gap-1 border-t border-border py-2 text-sm first:border-t-0"
          data-testid="trade-item"
          data-side={t.side}
        >
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <span className="flex min-w-0 items-center gap-2">
              <SideBadge side={t.side} />
              <span className="tabular-nums [overflow-wrap:anywhere]">
                {formatTokens(t.tokens, decimals)} {symbol}
              </span>
            </span>
            <span className="ml-auto tabular-nums">{formatSol(traderSolLamports(t))}</span>
          </div>
          <div className="flex items-center justify-between gap-3 text-muted-foreground">
            <TraderAddress address={t.trader} />
            <TradeTime at={t.at} now={now} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function TradeTime({ at, now }: { at: string; now: number }) {
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()}>
      {timeAgo(at, now)}
    </time>
  );
}

function SideBadge({ side }: { side: "buy" | "sell" }) {
  return (
    <Badge variant={side === "buy" ? "success" : "destructive"}>{side === "buy" ? "Buy" : "Sell"}</Badge>
  );
}

/** Short, with the whole address on hover and a copy button. */
function TraderAddress({ address }: { address: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <code className="font-mono text-xs" title={address}>
        {shortAddress(address)}
      </code>
      <CopyButton value={address} label="Copy trader address" size="icon-sm" variant="ghost" />
    </span>
  );
}
