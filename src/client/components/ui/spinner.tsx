import { cn } from "./cn";

/** A spinning ring. With `label` it announces itself (role=status); without, it is decoration. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const ring = (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block size-5 animate-spin rounded-full border-2 border-current border-t-transparent",
        className,
      )}
    />
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}
