import { formatConcentration } from "@shared/holders";
import { formatBps, formatPriceSol, formatSol } from "@shared/market/format";
import type { Analytics } from "@shared/schemas/analytics";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Holders, their movement, retention, the market's volume and price, and concentration. */
export function CommunityOverview({ overview }: { overview: Analytics["overview"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Community Overview</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label="Holders" value={overview.holders.toLocaleString("en-US")} testId="overview-holders" />
          <Stat label="New holders (7 days)" value={String(overview.newHolders7d)} />
          <Stat label="Lost holders (7 days)" value={String(overview.lostHolders7d)} />
          <Stat
            label="Retention (30 days)"
            value={overview.retention30dBps === null ? "—" : formatBps(overview.retention30dBps)}
          />
          <Stat label="Trades (7 days)" value={String(overview.trades7d)} testId="overview-trades" />
          <Stat label="Volume (24 hours, before fees)" value={formatSol(overview.volume24hLamports)} />
          <Stat
            label="Price"
            value={overview.priceLamports === null ? "No market" : formatPriceSol(overview.priceLamports)}
          />
          {/* The trust score's own figure and format: the two read the same (shared/holders.ts). */}
          <Stat
            label="Top 10 holders' share of the supply"
            value={formatConcentration(overview.top10ShareBps)}
            testId="overview-top10"
          />
        </dl>
      </CardContent>
    </Card>
  );
}
