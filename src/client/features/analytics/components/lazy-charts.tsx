import type { Analytics } from "@shared/schemas/analytics";
import { lazy, Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton";

const AnalyticsCharts = lazy(() => import("./analytics-charts"));

/** The charts, with recharts fetched only when a page shows them. */
export function LazyCharts({ series }: { series: Analytics["series"] }) {
  return (
    <Suspense
      fallback={<Skeleton className="h-56 rounded-xl" aria-busy="true" aria-label="Loading charts" />}
    >
      <AnalyticsCharts series={series} />
    </Suspense>
  );
}
