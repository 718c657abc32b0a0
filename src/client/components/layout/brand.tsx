import { Link } from "wouter";
import { cn } from "@/components/ui/cn";

/** The logo mark: an inline SVG coin, so it costs no request. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <defs>
        <linearGradient id="brand-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6d28d9" />
          <stop offset="1" stopColor="#c026d3" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#brand-mark)" />
      <circle cx="16" cy="16" r="8.5" fill="none" stroke="#fff" strokeWidth="2.2" />
      <path
        d="M18.6 13.2a3.6 3.6 0 1 0 0 5.6"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export const BRAND_NAME = "CreatorCoin";

/** Brand link to the home page. */
export function Brand({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      className={cn(
        "inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-foreground",
        className,
      )}
    >
      <BrandMark />
      <span>{BRAND_NAME}</span>
    </Link>
  );
}
