import { Check } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { WIZARD_STEPS, type WizardStep } from "../hooks/use-create-wizard";

/** Four numbered steps; finished ones get a check, skipped ones stay open (dashed), the
 * current one is announced. */
export function WizardProgress({
  current,
  finished = false,
  skipped = [],
}: {
  current: WizardStep;
  finished?: boolean;
  skipped?: readonly WizardStep[];
}) {
  return (
    <nav aria-label="Progress">
      <ol className="flex items-center gap-2 sm:gap-3">
        {WIZARD_STEPS.map(({ step, label }, i) => {
          const wasSkipped = skipped.includes(step) && step !== current;
          const done = !wasSkipped && (step < current || (finished && step === current));
          const active = step === current;
          return (
            <li
              key={step}
              className="flex flex-1 items-center gap-2 sm:gap-3"
              aria-current={active ? "step" : undefined}
            >
              <span
                className={cn(
                  "flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold",
                  done && "border-transparent bg-gradient-brand text-white",
                  active && !done && "border-primary text-primary",
                  wasSkipped && "border-dashed",
                  !done && !active && "border-border text-muted-foreground",
                )}
                data-state={done ? "complete" : active ? "current" : wasSkipped ? "skipped" : "upcoming"}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : step}
                <span className="sr-only">
                  {done ? " (completed)" : active ? " (current)" : wasSkipped ? " (skipped)" : ""}
                </span>
              </span>
              <span
                className={cn(
                  "hidden text-sm font-medium md:inline",
                  active ? "text-foreground" : "text-muted-foreground",
                )}
              >
                {label}
              </span>
              {i < WIZARD_STEPS.length - 1 ? (
                <span
                  aria-hidden="true"
                  className={cn("h-0.5 flex-1 rounded-full", step < current ? "bg-primary" : "bg-border")}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
