import { formatSol } from "@shared/market/format";
import type { Holding } from "@shared/schemas/portfolio";
import { Users, Wallet } from "lucide-react";
import { SummaryCard } from "./summary-card";

/** Sum of the holdings' values in lamports (bigint: values can pass 2^53), and how many have
 * no market price to count. */
export function portfolioValue(holdings: readonly Holding[]): { lamports: bigint; unpriced: number } {
  let lamports = 0n;
  let unpriced = 0;
  for (const h of holdings) {
    if (h.valueLamports === null) unpriced++;
    else lamports += BigInt(h.valueLamports);
  }
  return { lamports, unpriced };
}

/** What a fan's holdings add up to: shown instead of the launch figures to someone who holds
 * tokens but launched none (three zeros about launches say nothing to a fan). */
export function HoldingsSummary({ holdings }: { holdings: readonly Holding[] }) {
  const { lamports, unpriced } = portfolioValue(holdings);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <SummaryCard
        icon={<Users />}
        label="Tokens Held"
        value={holdings.length}
        hint="Across your wallets"
        testId="summary-held"
      />
      <SummaryCard
        icon={<Wallet />}
        label="Portfolio Value"
        value={formatSol(lamports)}
        hint={
          unpriced === 0
            ? "At each market's price now"
            : `At each market's price now; ${unpriced} without a market not counted`
        }
        testId="summary-value"
      />
    </div>
  );
}
