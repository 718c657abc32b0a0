import { useSiteInfo } from "@/lib/site-info";

const fmt = new Intl.NumberFormat("en-US");

/** The platform's own counts, straight from its database, labelled as live (unlike the
 * marketing figures above it). Renders nothing until the counts arrive. */
export function LiveStats() {
  const { stats } = useSiteInfo();
  if (!stats) return <p className="mt-6 h-9" aria-hidden="true" />;
  return (
    <p className="mt-6 inline-flex items-center gap-2 rounded-full border border-border bg-card px-4 py-2 text-sm">
      <span aria-hidden="true" className="relative flex size-2.5">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
        <span className="relative inline-flex size-2.5 rounded-full bg-success" />
      </span>
      <span>
        <span className="font-semibold">Live on this platform:</span>{" "}
        <span data-testid="live-tokens">{fmt.format(stats.tokensLaunched)}</span>{" "}
        {stats.tokensLaunched === 1 ? "token" : "tokens"} launched by{" "}
        <span data-testid="live-creators">{fmt.format(stats.creators)}</span>{" "}
        {stats.creators === 1 ? "creator" : "creators"}
      </span>
    </p>
  );
}
