import { useCallback, useRef } from "react";

/**
 * One idempotency key per attempt: sending the same thing again (after a timeout, say) reuses
 * it, so the server answers with the first result instead of doing it twice. A different
 * fingerprint (changed details), or `forget` after a success or a definite refusal, starts a
 * new attempt.
 */
export function useAttemptKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  const keyFor = useCallback((fingerprint: string) => {
    if (current.current?.fingerprint !== fingerprint)
      current.current = { fingerprint, key: crypto.randomUUID() };
    return current.current.key;
  }, []);
  const forget = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, forget };
}
