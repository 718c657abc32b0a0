// Public surface of the site chrome: other pages import from "@/features/site".
export { siteQueryOptions, useSiteInfo } from "./api/get-site";
export { BackHomeLink } from "./components/back-home-link";
export { BRAND_NAME, Brand, BrandMark } from "./components/brand";
export { ExternalLink } from "./components/external-link";
export { LegalPage, type LegalSection } from "./components/legal-page";
export { PageShell, SkipLink } from "./components/page-shell";
export { SiteFooter } from "./components/site-footer";
export { type NavItem, SiteHeader, type SiteHeaderProps } from "./components/site-header";
