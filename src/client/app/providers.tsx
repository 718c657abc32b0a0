import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Toaster } from "@/components/ui/toaster";
import { queryClient } from "@/lib/query-client";
import { followSessionInOtherTabs } from "@/lib/session";

export function Providers({ children }: { children: ReactNode }) {
  useEffect(() => followSessionInOtherTabs(queryClient), []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
