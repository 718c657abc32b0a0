import type { TrustFactor, TrustReport } from "@shared/schemas/trust";
import { ShieldAlert } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { useTrust } from "../api/get-trust";
import { BandBadge } from "./band-badge";

const GROUP_TITLES: Record<TrustFactor["group"], string> = {
  controls: "Controls",
  distribution: "Distribution",
  fairness: "Launch fairness",
  liquidity: "Liquidity",
  maturity: "Maturity",
};

const RING_COLOURS = {
  good: "text-success",
  caution: "text-warning-soft-foreground",
  high_risk: "text-destructive",
} as const;

/** The score as a ring filled to score/100, the number in its middle. */
function ScoreRing({ report }: { report: TrustReport }) {
  const r = 42;
  const circumference = 2 * Math.PI * r;
  return (
    <div className="relative size-28 shrink-0">
      <svg viewBox="0 0 100 100" className="size-28 -rotate-90" aria-hidden="true">
        <circle cx="50" cy="50" r={r} fill="none" strokeWidth="10" className="stroke-muted" />
        <circle
          cx="50"
          cy="50"
          r={r}
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          stroke="currentColor"
          className={RING_COLOURS[report.band]}
          strokeDasharray={`${(report.score / 100) * circumference} ${circumference}`}
        />
      </svg>
      <p className="absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-3xl font-bold tabular-nums" data-testid="trust-score">
          {report.score}
        </span>
        <span className="text-xs text-muted-foreground">out of 100</span>
      </p>
    </div>
  );
}

function FactorRow({ factor }: { factor: TrustFactor }) {
  return (
    <li className="flex flex-col gap-1.5 py-3" data-testid="trust-factor" data-key={factor.key}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-medium">{factor.label}</span>
        <span className="text-sm">
          <span className="font-medium" data-testid="trust-factor-value">
            {factor.value}
          </span>
          <span className="ml-2 tabular-nums text-muted-foreground" data-testid="trust-factor-points">
            {factor.points}/{factor.maxPoints} pts
          </span>
        </span>
      </div>
      <Progress
        value={factor.points}
        max={factor.maxPoints}
        label={`${factor.label}: ${factor.points} of ${factor.maxPoints} points`}
      />
      <p className="text-sm text-muted-foreground">{factor.why}</p>
    </li>
  );
}

/** The glass-box trust score of a mint: the score, its band and version, the caps holding it
 * down, and every factor with its value, points and why it matters (docs/trust.md). */
export function TrustPanel({ mint }: { mint: string }) {
  const trust = useTrust(mint);
  if (trust.isPending)
    return <Skeleton className="h-72 rounded-xl" aria-busy="true" aria-label="Loading trust score" />;
  if (!trust.data)
    return (
      <Card>
        <CardContent className="p-6">
          <p role="alert" className="text-sm text-destructive-soft-foreground">
            Could not load the trust score. Reload the page to try again.
          </p>
        </CardContent>
      </Card>
    );
  const report = trust.data;
  const groups = Object.keys(GROUP_TITLES) as TrustFactor["group"][];
  return (
    <Card data-testid="trust-panel">
      <CardHeader>
        <CardTitle as="h2">Trust score</CardTitle>
        <CardDescription>
          Higher is safer. Every point comes from a fact anyone can check on chain. Formula version{" "}
          {report.version}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center gap-6">
          <ScoreRing report={report} />
          <div className="flex flex-col gap-2">
            <BandBadge band={report.band} />
            {report.caps.length === 0 ? (
              <p className="text-sm text-muted-foreground">No dangerous finding caps this score.</p>
            ) : (
              <ul className="flex flex-col gap-2" aria-label="Caps on the score">
                {report.caps.map((cap) => (
                  <li key={cap.key} className="flex gap-2 text-sm" data-testid="trust-cap">
                    <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
                    <span>
                      <span className="font-medium">{cap.label}</span>: at most {cap.maxScore}. {cap.why}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
        {groups.map((group) => {
          const factors = report.factors.filter((f) => f.group === group);
          if (!factors.length) return null;
          const points = factors.reduce((s, f) => s + f.points, 0);
          const max = factors.reduce((s, f) => s + f.maxPoints, 0);
          return (
            <section key={group} aria-label={GROUP_TITLES[group]}>
              <h3 className="flex justify-between text-sm font-semibold">
                <span>{GROUP_TITLES[group]}</span>
                <span className="tabular-nums text-muted-foreground">
                  {points}/{max}
                </span>
              </h3>
              <ul className="divide-y divide-border">
                {factors.map((f) => (
                  <FactorRow key={f.key} factor={f} />
                ))}
              </ul>
            </section>
          );
        })}
      </CardContent>
    </Card>
  );
}
