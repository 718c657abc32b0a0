import type { MeResponse, User } from "@shared/schemas/auth";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { sessionQueryKey, sessionQueryOptions } from "./get-me";
import { onSessionLost } from "./session-lost";

// Spec section 3: the browser keeps the (non-secret) user object under `user`.
// The HttpOnly cookie stays the credential; this copy is never trusted for access.
const STORAGE_KEY = "user";

function writeStoredUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    /* storage disabled (private mode): the cookie session still works */
  }
}

/** Record a freshly signed-in (or signed-out) user everywhere the app reads it. */
export function setSessionUser(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData(sessionQueryKey, { user });
  writeStoredUser(user);
}

export interface Session {
  user: User | null;
  isLoading: boolean;
}

/** The signed-in user from GET /api/auth/me (the server decides, not localStorage). */
export function useSession(): Session {
  const query = useQuery(sessionQueryOptions);
  const user = query.data?.user ?? null;
  useEffect(() => {
    // Keep the stored copy in step with what the server says (e.g. an expired session).
    if (query.isSuccess) writeStoredUser(user);
  }, [query.isSuccess, user]);
  return { user, isLoading: query.isPending };
}

/** Another tab of this browser signed in or out: it rewrote the stored user, and the cookie
 * this tab sends is now that session's. A sign-in (or another person) starts this tab again from
 * the server, as a fresh load would; without this a stale tab showed one user while acting as
 * another. A sign-out only shows the signed-out state, without a reload, and `tell`s why: what
 * the person was typing stays on screen (the create wizard keeps its draft for its writer)
 * until they sign in again. (Browsers fire `storage` in the other tabs only.) Returns the
 * unsubscribe. */
export function followSessionInOtherTabs(queryClient: QueryClient, tell: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    const known = queryClient.getQueryData<MeResponse>(sessionQueryKey);
    // Not read yet: this tab is asking the server itself.
    if (!known) return;
    const now = storedUserId(event.key === null ? null : event.newValue);
    if ((known.user?.id ?? null) === now) return;
    if (now !== null) {
      window.location.reload();
      return;
    }
    // Nothing of the person's stays cached (as after this tab's own sign-out), and nothing is
    // asked again for them: the pages read the signed-out session and ask as a visitor.
    queryClient.setQueryData(sessionQueryKey, { user: null });
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
    tell();
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}

/** The server refused this tab's session (expired, or its cookie gone) while the tab still
 * showed someone signed in: it shows the signed-out state at once, says why, and reads the
 * page again as a visitor, instead of failing every action with "Please sign in first".
 * Returns the unsubscribe. */
export function followSessionLoss(queryClient: QueryClient, tell: () => void): () => void {
  return onSessionLost(() => {
    if (!queryClient.getQueryData<MeResponse>(sessionQueryKey)?.user) return;
    setSessionUser(queryClient, null);
    tell();
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
  });
}

function storedUserId(stored: string | null): string | null {
  try {
    return stored ? ((JSON.parse(stored) as { id?: string }).id ?? null) : null;
  } catch {
    return null;
  }
}
