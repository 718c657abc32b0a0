import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Label({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor (Field does it for them).
  return <label className={cn("text-sm leading-none font-medium text-foreground", className)} {...props} />;
}
