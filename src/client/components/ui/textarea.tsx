import { type ComponentProps, forwardRef } from "react";
import { cn } from "./cn";
import { useFieldControl } from "./field-context";
import { controlClass } from "./input";

export const Textarea = forwardRef<HTMLTextAreaElement, ComponentProps<"textarea">>(function Textarea(
  { className, rows = 4, ...props },
  ref,
) {
  const wired = useFieldControl(props);
  return (
    <textarea
      ref={ref}
      rows={rows}
      className={cn(controlClass, "min-h-24 py-2 leading-relaxed", className)}
      {...wired}
    />
  );
});
