import { useEffect, useRef } from "react";
import type { WizardStep } from "./use-create-wizard";

/** Each wizard step is an entry in the browser's history, so Back returns to the step before
 * instead of leaving the page (and Forward comes back). The launch (step 4) takes the review
 * step's entry: Back from it never offers the same launch again. */
export function useStepHistory(step: WizardStep, onPop: (step: WizardStep) => void): void {
  const previous = useRef<WizardStep | null>(null);
  const handler = useRef(onPop);
  handler.current = onPop;

  useEffect(() => {
    const before = previous.current;
    previous.current = step;
    const state = (history.state ?? {}) as Record<string, unknown>;
    if (state.createStep === step) return;
    const entry = { ...state, createStep: step };
    if (before === null || step === 4 || before === 4) history.replaceState(entry, "");
    else history.pushState(entry, "");
  }, [step]);

  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const popped = (event.state as { createStep?: unknown } | null)?.createStep;
      if (popped === 1 || popped === 2 || popped === 3) handler.current(popped);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);
}
