import { formatAmount, groupDigits, parseAmount } from "@shared/amounts";
import type { Token } from "@shared/schemas/token";
import { Activity, Coins, Layers } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

// Sum in base units (bigint): supplies can exceed 2^53 and floats would round them.
const SUM_DECIMALS = 9;

export function totalSupplyOf(tokens: readonly Token[]): string {
  const sum = tokens.reduce((acc, t) => acc + (parseAmount(t.totalSupply, SUM_DECIMALS) ?? 0n), 0n);
  return formatAmount(sum, SUM_DECIMALS);
}

function SummaryCard({
  icon,
  label,
  value,
  hint,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  testId: string;
}) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-4 pt-6">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="mt-1 truncate text-2xl font-bold tabular-nums" data-testid={testId}>
            {value}
          </p>
          {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
        </div>
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
        >
          {icon}
        </span>
      </CardContent>
    </Card>
  );
}

/** The three portfolio figures of spec section 2, computed from the user's real tokens. */
export function PortfolioSummary({ tokens }: { tokens: readonly Token[] | undefined }) {
  if (!tokens) {
    return (
      <div className="grid gap-4 md:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
    );
  }
  const launched = tokens.filter((t) => t.isLaunched).length;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <SummaryCard
        icon={<Layers />}
        label="Total Tokens"
        value={tokens.length}
        hint={`${launched} launched`}
        testId="summary-total"
      />
      <SummaryCard
        icon={<Coins />}
        label="Total Supply"
        value={groupDigits(totalSupplyOf(tokens))}
        hint="Across all your tokens"
        testId="summary-supply"
      />
      <SummaryCard
        icon={<Activity />}
        label="Active Tokens"
        value={launched}
        hint="Live on chain"
        testId="summary-active"
      />
    </div>
  );
}
