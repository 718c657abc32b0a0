import { SiteFooter, SkipLink } from "@/components/layout";
import {
  Comparison,
  EarlyAdopter,
  Faq,
  Features,
  Hero,
  HowItWorks,
  LandingHeader,
  Pricing,
  Problem,
  SeeItInAction,
  Testimonials,
  Why,
} from "@/features/marketing";
import { SITE_TITLE, usePageTitle } from "@/lib/use-page-title";

/** The landing page: every section of spec section 2 in order. */
export default function Landing() {
  usePageTitle(SITE_TITLE);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LandingHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Hero />
        <Problem />
        <Comparison />
        <Why />
        <HowItWorks />
        <Features />
        <SeeItInAction />
        <Testimonials />
        <EarlyAdopter />
        <Pricing />
        <Faq />
      </main>
      <SiteFooter />
    </div>
  );
}
