import { formatTokenText } from "@shared/market/format";
import type { TopMember } from "@shared/schemas/analytics";
import { Users } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;

/** The largest holders, longest held first among equals, with a copy button per address. */
export function TopMembers({ members, symbol }: { members: TopMember[]; symbol: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Top Community Members</CardTitle>
      </CardHeader>
      <CardContent>
        {members.length === 0 ? (
          <EmptyState
            headingLevel="h3"
            icon={<Users />}
            title="No members yet"
            description="Holders show here once someone holds your token."
          />
        ) : (
          <ol className="flex flex-col divide-y divide-border" aria-label="Top community members">
            {members.map((m) => (
              // On a phone the figures go under the name rather than squeezing it: the name
              // and badge wrap, the figures keep their lines, the copy button keeps its size.
              <li key={m.address} className="flex items-start gap-3 py-2" data-testid="top-member">
                <span className="w-6 shrink-0 pt-0.5 text-sm text-muted-foreground tabular-nums">
                  #{m.rank}
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
                  <div className="flex min-w-0 flex-col">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                      <span className="min-w-0 break-words">{m.username ?? short(m.address)}</span>
                      {m.isCreator ? <Badge variant="secondary">Creator</Badge> : null}
                    </span>
                    <span className="font-mono text-xs text-muted-foreground">{short(m.address)}</span>
                  </div>
                  <div className="text-sm sm:shrink-0 sm:text-right">
                    <div className="font-semibold tabular-nums">
                      {formatTokenText(m.balance)} {symbol}
                    </div>
                    <div className="text-xs text-muted-foreground">
                      <span className="whitespace-nowrap">{m.share} of the supply</span> ·{" "}
                      <span className="whitespace-nowrap">
                        held {m.heldDays} {m.heldDays === 1 ? "day" : "days"}
                      </span>
                    </div>
                  </div>
                </div>
                <CopyButton
                  value={m.address}
                  label={`Copy address of ${m.username ?? short(m.address)}`}
                  size="icon"
                  variant="ghost"
                  successTitle="Copied"
                  className="shrink-0"
                />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
