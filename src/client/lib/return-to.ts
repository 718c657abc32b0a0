import { useLocation, useSearch } from "wouter";

// Sign-in that brings people back to where they were: /auth?next=/token/… . Only a path on
// this site is followed, never another origin ("//evil.example" or "https://…"), so the
// parameter cannot be used to send someone elsewhere after they sign in.

/** The /auth link that returns to `path` afterwards. */
export function signInHref(path: string): string {
  return `/auth?next=${encodeURIComponent(path)}`;
}

/** Where to go after signing in: `next` when it is a path on this site, else /dashboard. */
export function afterSignIn(next: string | null): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/dashboard";
  return next;
}

/** The /auth link that comes back to the page it is on (plain /auth from the landing page and
 * the sign-in page itself, where the spec's /dashboard is the place to go). */
export function useSignInHere(): string {
  const [location] = useLocation();
  const search = useSearch();
  if (location === "/" || location.startsWith("/auth")) return "/auth";
  return signInHref(search ? `${location}?${search}` : location);
}
