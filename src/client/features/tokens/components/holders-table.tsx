import { groupDigits } from "@shared/amounts";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { shortAddress } from "@/lib/wallet";
import type { TokenDetails } from "../api/get-token";

/** Who holds the token, largest first as the ledger reports them. */
export function HoldersTable({ holders, symbol }: { holders: TokenDetails["holders"]; symbol: string }) {
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
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-border text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    #
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Wallet
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Amount ({symbol})
                  </th>
                </tr>
              </thead>
              <tbody>
                {holders.map((h, i) => (
                  <tr key={h.owner} className="border-b border-border last:border-b-0">
                    <td className="py-2 pr-4 text-muted-foreground">{i + 1}</td>
                    <td className="py-2 pr-4">
                      <span className="inline-flex items-center gap-1">
                        <code className="font-mono text-xs" title={h.owner}>
                          {shortAddress(h.owner, 6)}
                        </code>
                        <CopyButton
                          value={h.owner}
                          label="Copy holder address"
                          size="icon-sm"
                          variant="ghost"
                        />
                      </span>
                    </td>
                    <td className="py-2 text-right tabular-nums">{groupDigits(h.amount)}</td>
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
