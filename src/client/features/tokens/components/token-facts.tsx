import { groupDigits } from "@shared/amounts";
import type { TokenDetails } from "@shared/schemas/token";
import { ShieldAlert, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-border py-2 last:border-b-0 sm:flex-row sm:items-center sm:justify-between">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-all sm:text-right">{children}</dd>
    </div>
  );
}

/** The on-chain facts a fan checks before trusting a token: supply, authorities, metadata. */
export function TokenFacts({ details }: { details: TokenDetails }) {
  const { token, chain } = details;
  const fixedSupply = chain ? chain.mintAuthority === null : null;
  const noFreeze = chain ? chain.freezeAuthority === null : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">On-chain facts</CardTitle>
      </CardHeader>
      <CardContent>
        {chain ? (
          <dl>
            <Fact label="Supply">
              <span data-testid="chain-supply">{groupDigits(chain.supply)}</span> {token.symbol}
            </Fact>
            <Fact label="Decimals">{chain.decimals}</Fact>
            <Fact label="Mint authority">
              {fixedSupply ? (
                <Badge variant="success">
                  <ShieldCheck aria-hidden="true" />
                  Revoked: fixed supply
                </Badge>
              ) : (
                <Badge variant="warning" className="shrink whitespace-normal break-all">
                  <ShieldAlert aria-hidden="true" />
                  {chain.mintAuthority}
                </Badge>
              )}
            </Fact>
            <Fact label="Freeze authority">
              {noFreeze ? (
                <Badge variant="success">
                  <ShieldCheck aria-hidden="true" />
                  None: holdings cannot be frozen
                </Badge>
              ) : (
                <Badge variant="warning" className="shrink whitespace-normal break-all">
                  <ShieldAlert aria-hidden="true" />
                  {chain.freezeAuthority}
                </Badge>
              )}
            </Fact>
            {chain.metadata?.uri ? (
              <Fact label="Metadata URI">
                <a
                  href={chain.metadata.uri}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-link underline underline-offset-4"
                >
                  {chain.metadata.uri}
                </a>
              </Fact>
            ) : null}
            {chain.programId ? <Fact label="Token program">{chain.programId}</Fact> : null}
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">
            This token is not live on chain yet, so there is nothing to read back.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
