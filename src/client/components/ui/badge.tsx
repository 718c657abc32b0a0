import type { ComponentProps } from "react";
import { cn } from "./cn";

export const badgeVariants = {
  default: "border-transparent bg-primary text-primary-foreground",
  brand: "border-transparent bg-gradient-brand text-white",
  secondary: "border-transparent bg-secondary text-secondary-foreground",
  success: "border-transparent bg-success-soft text-success-soft-foreground",
  warning: "border-transparent bg-warning-soft text-warning-soft-foreground",
  destructive: "border-transparent bg-destructive-soft text-destructive-soft-foreground",
  outline: "border-border text-foreground",
} as const;

export type BadgeVariant = keyof typeof badgeVariants;

export function Badge({
  className,
  variant = "default",
  ...props
}: ComponentProps<"span"> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3.5",
        badgeVariants[variant],
        className,
      )}
      {...props}
    />
  );
}
