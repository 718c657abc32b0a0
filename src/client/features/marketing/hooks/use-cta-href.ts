import { useSession } from "@/features/auth";

/** Where "start" calls to action go: the wizard when signed in, sign-in otherwise. */
export function useCtaHref(): string {
  const { user } = useSession();
  return user ? "/create" : "/auth";
}
