import type { User } from "@shared/schemas/auth";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { sessionQueryKey, sessionQueryOptions } from "./get-me";

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
