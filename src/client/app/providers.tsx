import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { ConnectionBanner } from "@/components/layout";
import { Toaster } from "@/components/ui/toaster";
import { toast } from "@/components/ui/use-toast";
import { keepFocusInPlace } from "@/lib/keep-focus";
import { queryClient } from "@/lib/query-client";
import { onServerBack } from "@/lib/server-reachability";
import { followSessionInOtherTabs, followSessionLoss } from "@/lib/session";

export function Providers({ children }: { children: ReactNode }) {
  useEffect(
    () =>
      followSessionInOtherTabs(queryClient, () =>
        toast({ title: "Signed out", description: "You signed out in another tab.", variant: "destructive" }),
      ),
    [],
  );
  useEffect(() => keepFocusInPlace(), []);
  useEffect(
    () =>
      followSessionLoss(queryClient, () =>
        toast({
          title: "Signed out",
          description: "Your session has ended. Sign in again to continue.",
          variant: "destructive",
        }),
      ),
    [],
  );
  // Back after an outage: what the page shows may have moved meanwhile (or failed to load).
  useEffect(() => onServerBack(() => void queryClient.invalidateQueries()), []);
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionBanner />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
