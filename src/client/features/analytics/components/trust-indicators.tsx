import type { TrustFactor } from "@shared/schemas/trust";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";

/** The trust score's factors: what was measured, the points it earned and why it matters. */
export function TrustIndicators({ factors }: { factors: TrustFactor[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Trust Indicators</CardTitle>
      </CardHeader>
      <CardContent>
        {factors.length === 0 ? (
          <p className="text-sm text-muted-foreground">The trust factors could not be read right now.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {factors.map((f) => (
              <li key={f.key} className="flex flex-col gap-1" data-testid="trust-factor">
                <div className="flex items-baseline justify-between gap-2 text-sm">
                  <span className="font-medium">{f.label}</span>
                  <span className="tabular-nums text-muted-foreground">
                    {f.value} · {f.points}/{f.maxPoints}
                  </span>
                </div>
                <Progress
                  value={f.points}
                  max={Math.max(1, f.maxPoints)}
                  label={`${f.label}: ${f.points} of ${f.maxPoints} points`}
                />
                <p className="text-xs text-muted-foreground">{f.why}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
