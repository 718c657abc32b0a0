import { Check, Play, Rocket, X } from "lucide-react";
import { Link } from "wouter";
import { ExternalLink } from "@/components/layout";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useSiteInfo } from "@/lib/site-info";
import { useCtaHref } from "../hooks/use-cta-href";
import { Section } from "./section";

const ROWS = [
  { topic: "Purpose", meme: "Hype and quick flips", ours: "A lasting creator–fan economy" },
  { topic: "Identity", meme: "Anonymous tickers", ours: "AI-drafted profile tied to a real creator" },
  { topic: "Utility", meme: "None beyond speculation", ours: "Token-gated AI agents and NFT rewards" },
  { topic: "Trust", meme: "Rug pulls are common", ours: "Fixed supply: mint authority revoked at launch" },
  { topic: "Insight", meme: "Price chart only", ours: "Live trust analytics from on-chain data" },
] as const;

export function Comparison() {
  const ctaHref = useCtaHref();
  const { links } = useSiteInfo();
  return (
    <Section
      id="comparison"
      eyebrow="Not another meme coin"
      title="Built for creators, not for pump-and-dump"
      description="Meme-coin launchers optimise for a quick spike. We optimise for a community that stays."
    >
      <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-xl border border-border bg-card p-6">
            <h3 className="text-lg font-semibold">Meme-coin launchers</h3>
            <ul className="mt-4 flex flex-col gap-4">
              {ROWS.map((r) => (
                <li key={r.topic} className="flex gap-3 text-sm">
                  <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive-soft-foreground" />
                  <span>
                    <span className="block font-medium">{r.topic}</span>
                    <span className="text-muted-foreground">{r.meme}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-xl border-2 border-primary/60 bg-card p-6 shadow-glow">
            <h3 className="text-lg font-semibold">CreatorCoin</h3>
            <ul className="mt-4 flex flex-col gap-4">
              {ROWS.map((r) => (
                <li key={r.topic} className="flex gap-3 text-sm">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  <span>
                    <span className="block font-medium">{r.topic}</span>
                    <span className="text-muted-foreground">{r.ours}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="flex flex-col justify-between gap-6 rounded-xl bg-gradient-brand p-8 text-white shadow-glow">
          <div>
            <Badge className="border-white/40 bg-white/15 text-white" variant="outline">
              Interactive demo
            </Badge>
            <h3 className="mt-4 text-2xl font-bold">Coming Soon: Live Demo</h3>
            <p className="mt-3 text-white/90">
              Launch a meme coin and a creator token side by side and watch how holders, trust and engagement
              diverge. Until then, the real thing takes under five minutes.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
            <Button asChild size="lg" className="bg-white bg-none text-primary shadow-none hover:bg-white/90">
              <Link href={ctaHref}>
                <Rocket aria-hidden="true" />
                Start Building Now
              </Link>
            </Button>
            {links.comparisonVideo ? (
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-white/60 bg-transparent text-white hover:bg-white/15 hover:text-white"
              >
                <ExternalLink href={links.comparisonVideo}>
                  <Play aria-hidden="true" />
                  Watch Comparison
                </ExternalLink>
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </Section>
  );
}
