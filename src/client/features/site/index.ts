// Public surface of the site chrome: other pages import from "@/features/site".
export { siteQueryOptions, useSiteInfo } from "./api/get-site";
export { Brand, BRAND_NAME, BrandMark } from "./components/brand";
export { ExternalLink } from "./components/external-link";
export { PageShell, SkipLink } from "./components/page-shell";
export { SiteFooter } from "./components/site-footer";
export { type NavItem, SiteHeader, type SiteHeaderProps } from "./components/site-header";
export { type LegalSection, LegalPage } from "./components/legal-page";
