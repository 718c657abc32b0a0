import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
// The hook file, not the auth barrel: the barrel carries the app shell, which public pages
// must not download.
import { useSession } from "@/lib/session";
import { useCtaHref } from "../hooks/use-cta-href";
import { scrollToSection } from "../lib/scroll-to-section";
import { Section } from "./section";

interface Plan {
  name: string;
  price: string;
  unit?: string;
  blurb: string;
  perks: readonly string[];
  popular?: boolean;
  comingSoon?: boolean;
  action: ReactNode;
}

export function Pricing() {
  const ctaHref = useCtaHref();
  const { user } = useSession();
  // Spec section 9: the four cards and their figures.
  const plans: Plan[] = [
    {
      name: "Free Launch",
      price: "$0",
      blurb: "Everything you need to launch and start your community.",
      perks: ["Token creation", "Basic analytics", "Community features"],
      action: (
        <Button asChild variant="outline" className="w-full">
          <Link href={ctaHref}>Launch for Free</Link>
        </Button>
      ),
    },
    {
      name: "Transaction Fee",
      price: "2.5%",
      unit: "per transaction",
      blurb: "We earn when your economy does. No upfront cost.",
      perks: ["No upfront cost", "Only on primary sales", "Transparent on-chain"],
      action: (
        <Button variant="outline" className="w-full" onClick={() => scrollToSection("how-it-works")}>
          See How It Works
        </Button>
      ),
    },
    {
      name: "Pro Dashboard",
      price: "$10",
      unit: "per month",
      blurb: "For creators growing a serious community.",
      perks: ["Advanced analytics", "Custom branding", "Priority support"],
      popular: true,
      action: (
        <Button asChild className="w-full">
          <Link href={user ? "/dashboard" : "/auth"}>Go to Dashboard</Link>
        </Button>
      ),
    },
    {
      name: "API Access",
      price: "Soon",
      blurb: "Build your own apps and integrations on your token.",
      perks: ["REST API", "Webhooks", "Higher rate limits"],
      comingSoon: true,
      action: (
        <Button variant="outline" className="w-full" disabled>
          Coming Soon
        </Button>
      ),
    },
  ];

  return (
    <Section
      id="pricing"
      eyebrow="Pricing"
      title="Simple pricing that grows with you"
      description="Launching is free. We only earn when your community does."
      className="bg-surface"
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {plans.map((p) => (
          <li
            key={p.name}
            data-coming-soon={p.comingSoon ? "" : undefined}
            className={cn(
              "relative flex flex-col rounded-xl border bg-card p-6 shadow-card",
              p.popular ? "border-2 border-primary shadow-glow" : "border-border",
              // Dimmed by a dashed outline and muted surface, not opacity, so its text keeps AA contrast.
              p.comingSoon && "border-dashed bg-muted shadow-none",
            )}
          >
            {p.popular ? (
              <Badge variant="brand" className="absolute -top-3 left-1/2 -translate-x-1/2">
                Most popular
              </Badge>
            ) : null}
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-lg font-semibold">{p.name}</h3>
              {p.comingSoon ? <Badge variant="warning">Coming Soon</Badge> : null}
            </div>
            <p className="mt-4">
              <span className="text-4xl font-extrabold tracking-tight">{p.price}</span>
              {p.unit ? <span className="ml-1 text-sm text-muted-foreground">{p.unit}</span> : null}
            </p>
            <p className="mt-3 text-sm text-muted-foreground">{p.blurb}</p>
            <ul className="mt-6 flex flex-1 flex-col gap-3 text-sm">
              {p.perks.map((perk) => (
                <li key={perk} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  {perk}
                </li>
              ))}
            </ul>
            <div className="mt-8">{p.action}</div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
