import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";

/** One figure of a dashboard summary row: label, value, a hint below and an icon beside. */
export function SummaryCard({
  icon,
  label,
  value,
  hint,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  testId: string;
}) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-4 pt-6">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="mt-1 truncate text-2xl font-bold tabular-nums" data-testid={testId}>
            {value}
          </p>
          {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
        </div>
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
        >
          {icon}
        </span>
      </CardContent>
    </Card>
  );
}
