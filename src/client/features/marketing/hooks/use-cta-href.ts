// The hook file, not the auth barrel: the barrel carries the app shell, which public pages
// must not download.
import { useSession } from "@/lib/session";

/** Where "start" calls to action go: the wizard when signed in, sign-in otherwise. */
export function useCtaHref(): string {
  const { user } = useSession();
  return user ? "/create" : "/auth";
}
