import { Wallet } from "lucide-react";
import { Link } from "wouter";
import { type NavItem, SiteHeader } from "@/components/layout";
import { Button } from "@/components/ui/button";
import { scrollToSection } from "../lib/scroll-to-section";

const NAV: readonly NavItem[] = [
  { label: "Features", onSelect: () => scrollToSection("features") },
  { label: "How It Works", onSelect: () => scrollToSection("how-it-works") },
  { label: "Pricing", onSelect: () => scrollToSection("pricing") },
  { label: "Explore", href: "/explore" },
];

/** The landing's fixed top bar: in-page navigation and Connect Wallet, which opens the
 * wallet sign-in (the auth page's Wallet tab). */
export function LandingHeader() {
  return (
    <SiteHeader
      fixed
      nav={NAV}
      actions={
        <Button asChild size="sm" variant="primary">
          <Link href="/auth?tab=wallet">
            <Wallet aria-hidden="true" />
            {/* On the narrowest phones "Wallet" is read, not shown, so the menu button fits. */}
            Connect<span className="max-[399px]:sr-only"> Wallet</span>
          </Link>
        </Button>
      }
    />
  );
}
