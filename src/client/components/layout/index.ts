// The site chrome (header, footer, app shell, account menu): pages and features import it
// from "@/components/layout".
export { AccountMenu } from "./account-menu";
export { AppShell } from "./app-shell";
export { BackHomeLink } from "./back-home-link";
export { BRAND_NAME, Brand, BrandMark } from "./brand";
export { ExternalLink } from "./external-link";
export { LegalPage, type LegalSection } from "./legal-page";
export { PageShell, SkipLink } from "./page-shell";
export { SiteFooter } from "./site-footer";
export { type NavItem, SiteHeader, type SiteHeaderProps } from "./site-header";
