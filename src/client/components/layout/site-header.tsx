import { Menu, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { AccountMenu, SignedInAs } from "./account-menu";
import { Brand } from "./brand";

export type NavItem = { label: string; href: string } | { label: string; onSelect: () => void };

export interface SiteHeaderProps {
  /** Links or in-page actions; on narrow screens they fold into a menu. Defaults to the app's. */
  nav?: readonly NavItem[];
  /** Right-hand controls. Defaults to the account (signed in) or Sign in. */
  actions?: ReactNode;
  /** Fixed over the page (landing) instead of sticky in the flow. */
  fixed?: boolean;
}

const navItemClass =
  "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground";

/** The page a nav link leads to is the one shown, or one under it (/explore for /explore?q=). */
const isCurrent = (href: string, path: string) => path === href || path.startsWith(`${href}/`);

function NavEntry({ item, onDone, className }: { item: NavItem; onDone?: () => void; className?: string }) {
  const [path] = useLocation();
  if ("href" in item) {
    const current = isCurrent(item.href, path);
    return (
      <Link
        href={item.href}
        aria-current={current ? "page" : undefined}
        className={cn(navItemClass, current && "bg-accent text-foreground", className)}
        onClick={onDone}
      >
        {item.label}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={cn(navItemClass, "text-left", className)}
      onClick={() => {
        onDone?.();
        item.onSelect();
      }}
    >
      {item.label}
    </button>
  );
}

/** Every page's navigation, signed in or not: the same bar on every page for the same person
 * (the landing page alone has its own, for its sections). */
const APP_NAV: readonly NavItem[] = [
  { label: "Explore", href: "/explore" },
  { label: "Create", href: "/create" },
  { label: "Dashboard", href: "/dashboard" },
  { label: "Analytics", href: "/analytics" },
  { label: "Rewards", href: "/nft-rewards" },
  { label: "AI Agents", href: "/ai-agents" },
];

/** The top bar: brand, navigation, actions. */
export function SiteHeader({ nav = APP_NAV, actions, fixed = false }: SiteHeaderProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header
      className={cn(
        "inset-x-0 top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70",
        fixed ? "fixed" : "sticky",
      )}
    >
      <div className="mx-auto flex h-16 max-w-page items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6 lg:px-8">
        <Brand />
        {/* From 1024 px: the signed-in bar (six entries and the account) needs the width. */}
        {nav.length > 0 ? (
          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            {nav.map((item) => (
              <NavEntry key={item.label} item={item} />
            ))}
          </nav>
        ) : null}
        {/* Tighter on the narrowest phones (320 px): brand, actions and the menu in one row. */}
        <div className="flex items-center gap-1 min-[360px]:gap-2">
          {actions ?? <AccountMenu />}
          {nav.length > 0 ? (
            <Button
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-expanded={open}
              aria-controls={menuId}
              aria-label={open ? "Close menu" : "Open menu"}
              onClick={() => setOpen((v) => !v)}
            >
              {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            </Button>
          ) : null}
        </div>
      </div>
      {nav.length > 0 ? (
        <nav
          id={menuId}
          aria-label="Main (mobile)"
          hidden={!open}
          className="border-t border-border bg-background px-4 pb-4 lg:hidden"
        >
          {/* With the default account controls, whose name the phone's bar has no room for. */}
          {actions === undefined ? (
            <SignedInAs className="truncate pt-3 text-sm text-muted-foreground" />
          ) : null}
          <ul className="flex flex-col pt-2">
            {nav.map((item) => (
              <li key={item.label}>
                <NavEntry item={item} onDone={() => setOpen(false)} className="block w-full py-3 text-base" />
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
