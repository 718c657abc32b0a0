import { ArrowRight, BookOpen, Compass, Sparkles } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useNetwork } from "@/lib/network";
import { useCtaHref } from "../hooks/use-cta-href";
import { HeroCoin } from "./hero-coin";
import { LiveStats } from "./live-stats";

export function Hero() {
  const ctaHref = useCtaHref();
  const network = useNetwork();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden pt-28 pb-16 sm:pt-36 sm:pb-24">
      {/* Soft brand glow behind the hero: pure CSS, no image request. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_10%_-10%,color-mix(in_oklab,var(--brand-from)_22%,transparent),transparent),radial-gradient(50rem_30rem_at_100%_0%,color-mix(in_oklab,var(--brand-to)_18%,transparent),transparent)]"
      />
      <div className="mx-auto grid max-w-page items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:px-8">
        <div>
          <Badge variant="secondary" className="px-3 py-1 text-sm">
            <Sparkles aria-hidden="true" />
            AI-powered creator tokens on Solana
          </Badge>
          <h1 id="hero-title" className="mt-6 text-display font-extrabold">
            Own your audience. <span className="text-gradient-brand">Launch your creator economy.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted-foreground sm:text-xl">
            Describe yourself and our AI drafts your token: name, symbol, story and supply. One click puts it
            on Solana, and your fans unlock AI agents and rewards. Under 5 minutes, no coding.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="xl">
              <Link href={ctaHref}>
                <Sparkles aria-hidden="true" />
                Create with AI • FREE
              </Link>
            </Button>
            <Button asChild size="xl" variant="outline">
              <Link href="/vision">
                <BookOpen aria-hidden="true" />
                Read the Vision
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
          <p className="mt-4">
            {/* For fans: the creators already here (added to the spec's hero, which is for creators). */}
            <Link
              href="/explore"
              className="inline-flex items-center gap-1.5 font-semibold text-primary underline-offset-4 hover:underline"
            >
              <Compass aria-hidden="true" className="size-4" />
              Explore creators
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </p>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            <li>
              <strong className="text-foreground">Zero</strong> gas fees: free test SOL on {network.label}
            </li>
          </ul>
          <LiveStats />
        </div>
        <HeroCoin />
      </div>
    </section>
  );
}
