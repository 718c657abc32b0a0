import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { SiteFooter } from "./site-footer";
import { SiteHeader, type SiteHeaderProps } from "./site-header";

/** Header + main + footer, with a skip link. Pages put their content inside. */
export function PageShell({
  children,
  className,
  header,
}: {
  children: ReactNode;
  className?: string;
  header?: SiteHeaderProps;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader {...header} />
      <main id="main" tabIndex={-1} className={cn("flex-1 focus:outline-none", className)}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** First tab stop: jump past the header to the content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
