import { SPA_ROUTES, type SpaRoute } from "@shared/routes";
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { PageFallback } from "./page-fallback";

// Route-level code splitting: each page is its own chunk.
const NotFound = lazy(() => import("@/pages/not-found"));

/** One page per shared route: the server answers 200 for exactly these paths (shared/routes),
 * and the record's type makes a route without a page (or a page without a route) a type error.
 * The spec's routes (section 2) plus ours: public token pages and the legal pages. */
const PAGES: Record<SpaRoute, LazyExoticComponent<ComponentType>> = {
  "/": lazy(() => import("@/pages/landing")),
  "/auth": lazy(() => import("@/pages/auth")),
  "/create": lazy(() => import("@/pages/create")),
  "/dashboard": lazy(() => import("@/pages/dashboard")),
  "/analytics": lazy(() => import("@/pages/analytics")),
  "/analytics/:mint/report": lazy(() => import("@/pages/analytics-report")),
  "/vision": lazy(() => import("@/pages/vision")),
  "/nft-rewards": lazy(() => import("@/pages/nft-rewards")),
  "/ai-agents": lazy(() => import("@/pages/ai-agents")),
  "/gemini-cli-guide": lazy(() => import("@/pages/gemini-cli-guide")),
  "/token/:mint": lazy(() => import("@/pages/token")),
  "/explore": lazy(() => import("@/pages/explore")),
  "/privacy": lazy(() => import("@/pages/privacy")),
  "/terms": lazy(() => import("@/pages/terms")),
};

export function AppRouter() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        {SPA_ROUTES.map((path) => (
          <Route key={path} path={path} component={PAGES[path]} />
        ))}
        <Route component={NotFound} />
      </Switch>
    </Suspense>
  );
}
