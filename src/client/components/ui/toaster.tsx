import { CircleAlert, CircleCheck, X } from "lucide-react";
import { cn } from "./cn";
import { pauseToast, resumeToast, type ToastItem, useToast } from "./use-toast";

/*
 * Renders the current toast. Two live regions stay in the DOM from the first paint so
 * screen readers announce what is put into them: polite (role=status) for information
 * and success, assertive (role=alert) for errors. On a phone the toast shows under the
 * header, not at the bottom, where a page's next actions sit within the thumb's reach.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const visible = toasts.filter((t) => t.open);
  const polite = visible.filter((t) => t.variant !== "destructive");
  const urgent = visible.filter((t) => t.variant === "destructive");
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-16 z-100 flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:top-auto sm:right-0 sm:bottom-0 sm:items-end"
    >
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="flex w-full flex-col items-center gap-2 sm:items-end"
      >
        {polite.map((t) => (
          <ToastCard key={t.id} item={t} onDismiss={() => dismiss(t.id)} />
        ))}
      </div>
      <div
        role="alert"
        aria-live="assertive"
        aria-atomic="true"
        className="flex w-full flex-col items-center gap-2 sm:items-end"
      >
        {urgent.map((t) => (
          <ToastCard key={t.id} item={t} onDismiss={() => dismiss(t.id)} />
        ))}
      </div>
    </section>
  );
}

const variantClass = {
  default: "border-border bg-card text-card-foreground",
  success: "border-success/40 bg-card text-card-foreground",
  destructive: "border-transparent bg-destructive text-destructive-foreground",
} as const;

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: () => void }) {
  const variant = item.variant ?? "default";
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover/focus only pause the timer; the card is not itself a control.
    <div
      data-toast={variant}
      onMouseEnter={() => pauseToast(item.id)}
      onMouseLeave={() => resumeToast(item.id)}
      onFocus={() => pauseToast(item.id)}
      onBlur={() => resumeToast(item.id)}
      className={cn(
        "pointer-events-auto flex w-full max-w-sm animate-toast-in items-start gap-3 rounded-lg border p-4 shadow-lg",
        variantClass[variant],
      )}
    >
      {variant === "success" ? (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
      ) : variant === "destructive" ? (
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      ) : null}
      <div className="grid flex-1 gap-1">
        <div className="text-sm font-semibold">{item.title}</div>
        {item.description ? <div className="text-sm opacity-90">{item.description}</div> : null}
        {item.action ? <div className="mt-2">{item.action}</div> : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="-mt-1 -mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md opacity-80 transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
