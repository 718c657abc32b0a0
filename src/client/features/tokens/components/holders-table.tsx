import { groupDigits, parseAmount, shareOfSupply } from "@shared/amounts";
import type { TokenDetails } from "@shared/schemas/token";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { shortAddress } from "@/lib/wallet";

interface HoldersTableProps {
  holders: TokenDetails["holders"];
  symbol: string;
  /** The launching wallet, marked in the list: how much the creator keeps is a trust signal. */
  creatorWallet: string;
  /** The market's vault: its tokens are the curve's, for sale, not anyone's holding. */
  curveVault: string | null;
  /** On-chain supply and decimals, for each holder's share; null when not read. */
  chain: { supply: string; decimals: number } | null;
}

/** Who holds the token, largest first as the ledger reports them, with each one's share. */
export function HoldersTable({ holders, symbol, creatorWallet, curveVault, chain }: HoldersTableProps) {
  const supplyUnits = chain ? parseAmount(chain.supply, chain.decimals) : null;
  const share = (amount: string) => {
    const units = chain ? parseAmount(amount, chain.decimals) : null;
    return units === null || supplyUnits === null ? "" : shareOfSupply(units, supplyUnits);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Holders</CardTitle>
      </CardHeader>
      <CardContent>
        {holders.length === 0 ? (
          <p className="text-sm text-muted-foreground">No holders yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="holders-table">
              <thead>
                <tr className="border-b border-border text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    #
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Wallet
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
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
                    <td className="py-2 pr-4 text-muted-foreground">{i + 1}</td>
                    <td className="py-2 pr-4">
                      <span className="inline-flex items-center gap-1">
                        <code className="whitespace-nowrap font-mono text-xs" title={h.owner}>
                          {shortAddress(h.owner, 6)}
                        </code>
                        <CopyButton
                          value={h.owner}
                          label="Copy holder address"
                          size="icon-sm"
                          variant="ghost"
                        />
                        {h.owner === creatorWallet ? <Badge variant="secondary">Creator</Badge> : null}
                        {h.owner === curveVault ? <Badge variant="outline">Curve vault</Badge> : null}
                      </span>
                    </td>
                    <td className="py-2 pr-4 text-right tabular-nums">{groupDigits(h.amount)}</td>
                    <td className="py-2 text-right tabular-nums text-muted-foreground">{share(h.amount)}</td>
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
