import { cn } from "./cn";

export interface ProgressProps {
  /** 0…max */
  value: number;
  max?: number;
  /** Accessible name, e.g. "Minted progress". */
  label: string;
  className?: string;
  indicatorClassName?: string;
}

export function Progress({ value, max = 100, label, className, indicatorClassName }: ProgressProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  const pct = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={`${Math.round(pct)}%`}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-muted", className)}
    >
      <div
        className={cn(
          "h-full rounded-full bg-gradient-brand transition-[width] duration-500",
          indicatorClassName,
        )}
        style={{ width: `${pct}%` }}
      />
    </div>
  );
}
