import { Link } from "wouter";
import { useNetwork } from "@/lib/network";
import { useSiteInfo } from "@/lib/site-info";
import { BRAND_NAME, BrandMark } from "./brand";
import { ExternalLink } from "./external-link";

const linkClass = "rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground";

/** Footer: product and legal pages, plus community links when configured (hidden otherwise). */
export function SiteFooter() {
  const { links } = useSiteInfo();
  const network = useNetwork();
  const community = [
    { label: "Whitepaper", href: links.whitepaper },
    { label: "Discord", href: links.discord },
    { label: "Twitter", href: links.twitter },
    { label: "Mirror", href: links.mirror },
    { label: "GitHub", href: links.github },
  ].filter((l): l is { label: string; href: string } => Boolean(l.href));

  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-page gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr_1fr] lg:px-8">
        <div className="max-w-xs">
          <Link
            href="/"
            className="inline-flex items-center gap-2 rounded-md text-lg font-bold text-foreground"
          >
            <BrandMark />
            {BRAND_NAME}
          </Link>
          <p className="mt-3 text-sm text-muted-foreground">
            Creator tokens with an AI co-pilot, launched on{" "}
            <span data-testid="network-label">{network.label}</span> in minutes.
          </p>
        </div>
        <nav aria-label="Product">
          <h2 className="text-sm font-semibold">Product</h2>
          <ul className="mt-3 flex flex-col gap-2">
            <li>
              <Link href="/create" className={linkClass}>
                Create a token
              </Link>
            </li>
            <li>
              <Link href="/vision" className={linkClass}>
                Vision
              </Link>
            </li>
            <li>
              <Link href="/gemini-cli-guide" className={linkClass}>
                Gemini CLI guide
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold">Legal</h2>
          <ul className="mt-3 flex flex-col gap-2">
            <li>
              <Link href="/privacy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link href="/terms" className={linkClass}>
                Terms of Service
              </Link>
            </li>
          </ul>
        </nav>
        {community.length > 0 ? (
          <nav aria-label="Community">
            <h2 className="text-sm font-semibold">Community</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {community.map((l) => (
                <li key={l.label}>
                  <ExternalLink href={l.href} className={linkClass}>
                    {l.label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-page px-4 py-6 text-sm text-muted-foreground sm:px-6 lg:px-8">
          © 2024 {BRAND_NAME}. Made by the founders, for creators and their communities.
        </p>
      </div>
    </footer>
  );
}
