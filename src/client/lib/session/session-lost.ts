// A request refused with 401 SIGN_IN_REQUIRED or SESSION_EXPIRED: the server no longer knows
// this browser's session (it expired, or its cookie was removed), whatever this tab last
// showed. The API client reports it; the session layer then shows the signed-out state.

const listeners = new Set<() => void>();

export function reportSessionLost(): void {
  for (const listener of listeners) listener();
}

export function onSessionLost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
