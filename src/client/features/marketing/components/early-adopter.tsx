import { Rocket } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useSiteInfo } from "@/lib/site-info";
import { useCtaHref } from "../hooks/use-cta-href";

const fmt = new Intl.NumberFormat("en-US");

export function EarlyAdopter() {
  const ctaHref = useCtaHref();
  const { stats } = useSiteInfo();
  return (
    <section aria-labelledby="early-title" className="px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <div className="mx-auto max-w-5xl rounded-2xl bg-gradient-brand px-6 py-14 text-center text-white shadow-glow sm:px-12">
        <p className="text-sm font-semibold tracking-wide uppercase opacity-90">Early adopter programme</p>
        <h2 id="early-title" className="mx-auto mt-3 max-w-3xl text-title font-bold">
          Be one of the first 10,000 creators to own their economy
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-white/90">
          Free launch, no upfront cost, and early creators shape what we build next.
        </p>
        {/* The goal above is a goal; this is where we are (live, from the database). */}
        {stats ? (
          <p className="mx-auto mt-2 text-white/90" data-testid="early-live">
            So far {fmt.format(stats.creators)} {stats.creators === 1 ? "creator has" : "creators have"}{" "}
            launched a token here.
          </p>
        ) : null}
        <Button
          asChild
          size="xl"
          // Wraps on narrow phones rather than overflowing the card.
          className="mt-8 h-auto min-h-14 w-full bg-white bg-none py-3 text-primary whitespace-normal shadow-none hover:bg-white/90 sm:w-auto"
        >
          <Link href={ctaHref}>
            <Rocket aria-hidden="true" />
            Start My Creator Economy Now
          </Link>
        </Button>
      </div>
    </section>
  );
}
