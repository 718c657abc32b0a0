import type { TrustBand } from "@shared/schemas/trust";
import { BAND_LABELS } from "@shared/trust/score";
import { Badge } from "@/components/ui/badge";

const VARIANTS = { good: "success", caution: "warning", high_risk: "destructive" } as const;

export function BandBadge({ band }: { band: TrustBand }) {
  return (
    <Badge variant={VARIANTS[band]} data-testid="trust-band">
      {BAND_LABELS[band]}
    </Badge>
  );
}
