import { WifiOff } from "lucide-react";
import { probeNow, useServerReachable } from "@/lib/server-reachability";
import { Button } from "../ui/button";

/** A strip above the page while the server cannot be reached: says so, and that it keeps
 * trying (the page's data is read again by itself once it answers). The live region stays in
 * the DOM so screen readers announce the change. */
export function ConnectionBanner() {
  const reachable = useServerReachable();
  return (
    <div role="status" aria-live="polite">
      {reachable ? null : (
        <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-warning-soft px-4 py-2 text-center text-sm text-warning-soft-foreground">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <span>Can't reach the server. We keep trying, and this page updates once it answers.</span>
          <Button size="sm" variant="outline" className="h-7" onClick={() => void probeNow()}>
            Try now
          </Button>
        </div>
      )}
    </div>
  );
}
