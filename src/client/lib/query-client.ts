import { QueryClient } from "@tanstack/react-query";

// Spec section 7: never stale, no refetch on focus, no polling, no retries.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});
