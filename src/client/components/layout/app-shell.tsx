import type { ReactNode } from "react";
import { AccountMenu } from "./account-menu";
import { PageShell } from "./page-shell";
import type { NavItem } from "./site-header";

const APP_NAV: readonly NavItem[] = [
  { label: "Explore", href: "/explore" },
  { label: "Create", href: "/create" },
  { label: "Dashboard", href: "/dashboard" },
  { label: "Analytics", href: "/analytics" },
  { label: "Rewards", href: "/nft-rewards" },
  { label: "AI Agents", href: "/ai-agents" },
];

/** The chrome of the signed-in product pages: app navigation and the account menu. */
export function AppShell({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <PageShell header={{ nav: APP_NAV, actions: <AccountMenu /> }} className={className}>
      {children}
    </PageShell>
  );
}
