import { ExternalLink as ExternalIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";

/** A link that opens in a new tab, says so to screen readers, and cannot reach back
 * into our window (noopener). */
export function ExternalLink({
  children,
  className,
  showIcon = false,
  ...props
}: Omit<ComponentProps<"a">, "target" | "rel"> & { showIcon?: boolean }) {
  return (
    <a target="_blank" rel="noopener noreferrer" className={cn(className)} {...props}>
      {children}
      {showIcon ? <ExternalIcon aria-hidden="true" className="size-3.5" /> : null}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
