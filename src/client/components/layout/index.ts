// The site chrome (header, footer, page shell, account menu): pages and features import it
// from "@/components/layout".
export { BackHomeLink } from "./back-home-link";
export { ConnectionBanner } from "./connection-banner";
export { ExternalLink } from "./external-link";
export { LegalPage, type LegalSection } from "./legal-page";
export { PageShell, SkipLink } from "./page-shell";
export { SiteFooter } from "./site-footer";
export { type NavItem, SiteHeader } from "./site-header";
