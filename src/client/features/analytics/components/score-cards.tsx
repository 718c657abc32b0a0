import { counted } from "@shared/amounts";
import { formatBps } from "@shared/market/format";
import type { Analytics } from "@shared/schemas/analytics";
import { Activity, Award, ShieldCheck, TrendingDown, TrendingUp } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

type Trend = Analytics["cards"]["engagement"]["trend"];

function TrendLine({ trend }: { trend: Trend }) {
  if (trend.change === null)
    return <p className="text-xs text-muted-foreground">No figure from {trend.basis} yet</p>;
  const up = trend.change > 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <p className="flex items-center gap-1 text-xs text-muted-foreground">
      {trend.change !== 0 ? (
        <Icon aria-hidden="true" className={up ? "size-3 text-success" : "size-3 text-destructive"} />
      ) : null}
      {trend.change > 0 ? "+" : ""}
      {trend.change} since {trend.basis}
    </p>
  );
}

function ScoreCard(props: {
  title: string;
  icon: ReactNode;
  score: number | null;
  trend: Trend;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle as="h2" className="text-base">
          {props.title}
        </CardTitle>
        {props.icon}
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <p className="text-3xl font-bold tabular-nums" data-testid={props.testId}>
          {props.score === null ? "—" : props.score}
          <span className="text-base font-normal text-muted-foreground">/100</span>
        </p>
        <TrendLine trend={props.trend} />
        <div className="text-sm text-muted-foreground">{props.children}</div>
      </CardContent>
    </Card>
  );
}

/** Transparency (the trust score), community engagement and reputation, each with its trend
 * (docs/analytics.md defines each from its signals). */
export function ScoreCards({ cards }: { cards: Analytics["cards"] }) {
  const { transparency, engagement, reputation } = cards;
  const week = engagement.last7Days;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <ScoreCard
        title="Transparency Score"
        icon={<ShieldCheck aria-hidden="true" className="size-5 text-primary" />}
        score={transparency.score}
        trend={transparency.trend}
        testId="transparency-score"
      >
        {transparency.score === null
          ? "The trust score could not be read right now."
          : `The token's trust score: controls, distribution, fairness, liquidity and maturity.`}
      </ScoreCard>
      <ScoreCard
        title="Community Engagement"
        icon={<Activity aria-hidden="true" className="size-5 text-primary" />}
        score={engagement.score}
        trend={engagement.trend}
        testId="engagement-score"
      >
        <p>
          Last 7 days: {counted(week.activeHolders, "active fan")}, {counted(week.trades, "trade")},{" "}
          {counted(week.transfers, "transfer")}, {counted(week.agentChats, "agent chat")},{" "}
          {counted(week.rewardsClaimed, "reward NFT")} received.
        </p>
        <p className="mt-1">{engagement.why}</p>
      </ScoreCard>
      <ScoreCard
        title="Reputation Score"
        icon={<Award aria-hidden="true" className="size-5 text-primary" />}
        score={reputation.score}
        trend={reputation.trend}
        testId="reputation-score"
      >
        {reputation.holdersRetainedBps === null ? (
          <>
            No fan has held your tokens yet: this score starts with your first holder. Creator for{" "}
            {reputation.creatorAgeDays} days.
          </>
        ) : (
          <>
            {reputation.tokensAlive} of {reputation.tokensLaunched}{" "}
            {reputation.tokensLaunched === 1 ? "token" : "tokens"} kept alive,{" "}
            {formatBps(reputation.holdersRetainedBps)} of holders retained, creator for{" "}
            {reputation.creatorAgeDays} days.
          </>
        )}
      </ScoreCard>
    </div>
  );
}
