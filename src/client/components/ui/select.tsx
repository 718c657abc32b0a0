import { ChevronDown } from "lucide-react";
import { type ComponentProps, forwardRef } from "react";
import { cn } from "./cn";
import { useFieldControl } from "./field-context";
import { controlClass } from "./input";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentProps<"select"> {
  /** Convenience: options to render; or pass <option> children. */
  options?: readonly SelectOption[];
}

/** A styled native <select>: keyboard, screen readers and mobile pickers work for free. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { className, options, children, ...props },
  ref,
) {
  const wired = useFieldControl(props);
  return (
    <div className="relative">
      <select ref={ref} className={cn(controlClass, "h-10 appearance-none py-2 pr-9", className)} {...wired}>
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
});
