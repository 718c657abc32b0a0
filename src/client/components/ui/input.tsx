import { type ComponentProps, forwardRef } from "react";
import { cn } from "./cn";
import { useFieldControl } from "./field-context";

export const controlClass =
  "w-full min-w-0 rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs transition-[border-color,box-shadow] sm:text-sm " +
  "placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 " +
  "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:outline-destructive/40";

export const Input = forwardRef<HTMLInputElement, ComponentProps<"input">>(function Input(
  { className, type = "text", ...props },
  ref,
) {
  const wired = useFieldControl(props);
  return <input ref={ref} type={type} className={cn(controlClass, "h-10 py-2", className)} {...wired} />;
});
