/** The client's pages, one pattern each (wouter syntax: `:name` is one path segment). The
 * client router renders exactly these; the server answers 200 for them and 404 (still with
 * the app, whose fallback is the spec's 404 page) for any other browser path. */
export const SPA_ROUTES = [
  "/",
  "/auth",
  "/create",
  "/dashboard",
  "/analytics",
  "/analytics/:mint/report",
  "/vision",
  "/nft-rewards",
  "/ai-agents",
  "/gemini-cli-guide",
  "/token/:mint",
  "/explore",
  "/privacy",
  "/terms",
] as const;

export type SpaRoute = (typeof SPA_ROUTES)[number];

/** Matches like the client router: case-insensitive, an optional trailing slash. */
const MATCHERS = SPA_ROUTES.map((route) => {
  const pattern = route
    .split("/")
    .filter(Boolean)
    .map((seg) => (seg.startsWith(":") ? "/[^/]+" : `/${seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`))
    .join("");
  return new RegExp(`^${pattern}/?$`, "i");
});

/** Is this path (no query string) one of the client's pages? */
export function isSpaRoute(pathname: string): boolean {
  return MATCHERS.some((re) => re.test(pathname));
}
