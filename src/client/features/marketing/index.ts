// Landing sections, in the spec's order (section 2, "/ Landing page").
export { Comparison } from "./components/comparison";
export { EarlyAdopter } from "./components/early-adopter";
export { Faq } from "./components/faq";
export { Features } from "./components/features";
export { Hero } from "./components/hero";
export { HowItWorks } from "./components/how-it-works";
export { LandingHeader } from "./components/landing-header";
export { Pricing } from "./components/pricing";
export { Problem } from "./components/problem";
export { SeeItInAction } from "./components/see-it-in-action";
export { Testimonials } from "./components/testimonials";
export { Why } from "./components/why";
export { useCtaHref } from "./hooks/use-cta-href";
