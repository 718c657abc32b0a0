import { useCallback, useRef } from "react";

/**
 * An async action that runs once at a time: a call while one is running is dropped. A button
 * disabled by a mutation's pending state is disabled only after the next render, and a
 * double-click fires twice before it (two wallets, two agents). For actions whose endpoint
 * takes no idempotency key.
 */
export function useSingleFlight<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const running = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  return useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    try {
      await latest.current(...args);
    } finally {
      running.current = false;
    }
  }, []);
}
