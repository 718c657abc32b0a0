import { groupDigits } from "@shared/amounts";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

export interface TokenPreviewProps {
  name: string;
  symbol: string;
  totalSupply: string;
  tagline?: string;
  imageUrl?: string;
  networkLabel: string;
}

/** What fans will see, updated as the creator types. */
export function TokenPreview({
  name,
  symbol,
  totalSupply,
  tagline,
  imageUrl,
  networkLabel,
}: TokenPreviewProps) {
  const shownSymbol = symbol.trim().toUpperCase() || "SYMBOL";
  const shownSupply = /^\d+$/.test(totalSupply.trim()) ? groupDigits(totalSupply.trim()) : "—";
  const showImage = imageUrl && /^https?:\/\//.test(imageUrl);
  return (
    <Card className="sticky top-24 self-start" aria-label="Live preview" data-testid="token-preview">
      <CardHeader>
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Live preview</p>
        <div className="flex items-center gap-3">
          {showImage ? (
            <img src={imageUrl} alt="" className="size-14 shrink-0 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-14 shrink-0 items-center justify-center rounded-full bg-gradient-brand text-xl font-bold text-white"
            >
              {shownSymbol.charAt(0)}
            </span>
          )}
          <div className="min-w-0">
            <CardTitle as="h3" className="truncate">
              {name.trim() || "Your token"}
            </CardTitle>
            <p className="font-mono text-sm text-muted-foreground">${shownSymbol}</p>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {tagline ? <p className="italic text-muted-foreground">{tagline}</p> : null}
        {/* Labels take their width, values the rest: the network label can be long. */}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="text-muted-foreground">Total supply</dt>
          <dd className="text-right font-semibold tabular-nums">{shownSupply}</dd>
          <dt className="text-muted-foreground">Network</dt>
          <dd className="flex justify-end">
            <Badge variant="secondary" className="whitespace-normal text-right">
              {networkLabel}
            </Badge>
          </dd>
          <dt className="text-muted-foreground">Supply policy</dt>
          <dd className="text-right">Fixed (mint authority revoked)</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
