import { Compass, Home } from "lucide-react";
import { Link } from "wouter";
import { PageShell } from "@/components/layout";
import { Button } from "@/components/ui/button";
import { usePageTitle } from "@/lib/use-page-title";

/** The spec's fallback for unknown routes. */
export default function NotFound() {
  usePageTitle("Page not found");
  return (
    <PageShell className="flex items-center justify-center px-4 py-24">
      <div className="max-w-md text-center">
        <div
          aria-hidden="true"
          className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground"
        >
          <Compass className="size-8" />
        </div>
        <h1 className="mt-6 text-3xl font-bold tracking-tight">404 Page Not Found</h1>
        <p className="mt-3 text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button asChild variant="primary" className="mt-8">
          <Link href="/">
            <Home aria-hidden="true" />
            Back to home
          </Link>
        </Button>
      </div>
    </PageShell>
  );
}
