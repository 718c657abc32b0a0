import { formatAmount, groupDigits, parseAmount } from "@shared/amounts";
import type { Token } from "@shared/schemas/token";
import { Activity, Coins, Layers } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { SummaryCard } from "./summary-card";

// Sum in base units (bigint): supplies can exceed 2^53 and floats would round them.
const SUM_DECIMALS = 9;

export function totalSupplyOf(tokens: readonly Token[]): string {
  const sum = tokens.reduce((acc, t) => acc + (parseAmount(t.totalSupply, SUM_DECIMALS) ?? 0n), 0n);
  return formatAmount(sum, SUM_DECIMALS);
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
