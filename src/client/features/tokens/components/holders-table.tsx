import { formatTokenText } from "@shared/market/format";
import type { TokenDetails } from "@shared/schemas/token";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { shortAddress } from "@/lib/wallet";

interface HoldersTableProps {
  holders: TokenDetails["holders"];
  /** Every holder, not only the listed ones. */
  holderCount: number;
  symbol: string;
  /** The launching wallet, marked in the list: how much the creator keeps is a trust signal. */
  creatorWallet: string;
  /** What the market's vault holds for sale (whole tokens), null without a market: said beside
   * the list, which leaves it out (the curve's stock is nobody's holding). */
  onCurve: string | null;
}

/** Who holds the token, largest first, with each one's share of the supply. */
export function HoldersTable({ holders, holderCount, symbol, creatorWallet, onCurve }: HoldersTableProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Holders</CardTitle>
        <CardDescription>
          {holderCount > holders.length
            ? `The ${holders.length} largest of ${holderCount.toLocaleString("en-US")} holders. `
            : ""}
          Shares are of the whole supply.
          {onCurve === null
            ? ""
            : ` The market's vault is not a holder: its ${formatTokenText(onCurve)} ${symbol} are for sale on the curve.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {holders.length === 0 ? (
          <p className="text-sm text-muted-foreground">No holders yet.</p>
        ) : (
          // Fits the card at desktop widths; on a narrow phone it scrolls inside the card.
          <div className="-mx-2 overflow-x-auto px-2">
            <table className="w-full text-sm" data-testid="holders-table">
              <thead>
                <tr className="border-b border-border text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    #
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Wallet
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Amount ({symbol})
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Share
                  </th>
                </tr>
              </thead>
              <tbody>
                {holders.map((h, i) => (
                  <tr key={h.owner} className="border-b border-border last:border-b-0">
                    <td className="py-2 pr-3 text-muted-foreground tabular-nums">{i + 1}</td>
                    <td className="py-2 pr-3">
                      <span className="flex flex-wrap items-center gap-x-1 gap-y-0.5">
                        <code className="whitespace-nowrap font-mono text-xs" title={h.owner}>
                          {shortAddress(h.owner, 4)}
                        </code>
                        <CopyButton
                          value={h.owner}
                          label="Copy holder address"
                          size="icon-sm"
                          variant="ghost"
                        />
                        {h.owner === creatorWallet ? <Badge variant="secondary">Creator</Badge> : null}
                      </span>
                    </td>
                    <td className="whitespace-nowrap py-2 pr-3 text-right tabular-nums" title={h.amount}>
                      {formatTokenText(h.amount)}
                    </td>
                    <td className="whitespace-nowrap py-2 text-right tabular-nums text-muted-foreground">
                      {h.share}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
