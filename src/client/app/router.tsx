import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { PageFallback } from "./page-fallback";

// Route-level code splitting: each page is its own chunk.
const Landing = lazy(() => import("@/pages/landing"));
const Auth = lazy(() => import("@/pages/auth"));
const Create = lazy(() => import("@/pages/create"));
const Dashboard = lazy(() => import("@/pages/dashboard"));
const Analytics = lazy(() => import("@/pages/analytics"));
const Vision = lazy(() => import("@/pages/vision"));
const NftRewards = lazy(() => import("@/pages/nft-rewards"));
const AiAgents = lazy(() => import("@/pages/ai-agents"));
const GeminiCliGuide = lazy(() => import("@/pages/gemini-cli-guide"));
const TokenPage = lazy(() => import("@/pages/token"));
const Privacy = lazy(() => import("@/pages/privacy"));
const Terms = lazy(() => import("@/pages/terms"));
const NotFound = lazy(() => import("@/pages/not-found"));

/** The spec's routes (section 2) plus ours: public token pages and the legal pages. */
export function AppRouter() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path="/" component={Landing} />
        <Route path="/auth" component={Auth} />
        <Route path="/create" component={Create} />
        <Route path="/dashboard" component={Dashboard} />
        <Route path="/analytics" component={Analytics} />
        <Route path="/vision" component={Vision} />
        <Route path="/nft-rewards" component={NftRewards} />
        <Route path="/ai-agents" component={AiAgents} />
        <Route path="/gemini-cli-guide" component={GeminiCliGuide} />
        <Route path="/token/:mint" component={TokenPage} />
        <Route path="/privacy" component={Privacy} />
        <Route path="/terms" component={Terms} />
        <Route component={NotFound} />
      </Switch>
    </Suspense>
  );
}
