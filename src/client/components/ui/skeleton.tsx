import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A placeholder block while data loads. Hidden from assistive tech: wrap the loading
 * area in an element with aria-busy or a Spinner label to announce it. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}
