import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS } from "@shared/constants";
import type { ReactNode } from "react";
import { useSyncExternalStore } from "react";

/*
 * Toasts, per spec section 9: one at a time (a new toast replaces the current one),
 * shown for 5,000 ms by default, and a dismissed toast is dropped from memory after
 * TOAST_REMOVE_DELAY_MS. A module-level store so any code (hooks, mutations, plain
 * functions) can call `toast()` without a provider; <Toaster/> renders it.
 */

export type ToastVariant = "default" | "destructive" | "success";

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds on screen; defaults to TOAST_DURATION_MS. Infinity keeps it until dismissed. */
  duration?: number;
  /** An optional action rendered next to the text (e.g. a link or a retry button). */
  action?: ReactNode;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
  duration: number;
}

const TOAST_LIMIT = 1;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const dismissTimers = new Map<string, ReturnType<typeof setTimeout>>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const l of listeners) l();
}

function clearTimer(map: Map<string, ReturnType<typeof setTimeout>>, id: string) {
  const t = map.get(id);
  if (t !== undefined) {
    clearTimeout(t);
    map.delete(id);
  }
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

function scheduleDismiss(id: string, ms: number) {
  clearTimer(dismissTimers, id);
  if (!Number.isFinite(ms)) return;
  dismissTimers.set(
    id,
    setTimeout(() => dismissToast(id), ms),
  );
}

/** Hide a toast (all toasts when no id). It stays in memory until the remove delay passes. */
export function dismissToast(id?: string) {
  for (const t of toasts) {
    if (id === undefined || t.id === id) {
      clearTimer(dismissTimers, t.id);
      scheduleRemoval(t.id);
    }
  }
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Show a toast; replaces the one on screen. Returns handles to update or dismiss it. */
export function toast(opts: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = { ...opts, id, open: true, duration: opts.duration ?? TOAST_DURATION_MS };
  // The replaced toast is dismissed (timers cleared), and the list capped at the limit.
  for (const t of toasts) {
    if (t.open) {
      clearTimer(dismissTimers, t.id);
      scheduleRemoval(t.id);
    }
  }
  emit([item, ...toasts.map((t) => ({ ...t, open: false }))].slice(0, TOAST_LIMIT));
  scheduleDismiss(id, item.duration);
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: Partial<ToastOptions>) => emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

/** Stop a toast's countdown while the pointer or focus is on it (WCAG 2.2.1), and restart it after. */
export function pauseToast(id: string) {
  clearTimer(dismissTimers, id);
}
export function resumeToast(id: string) {
  const t = toasts.find((x) => x.id === id);
  if (t?.open) scheduleDismiss(id, t.duration);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => toasts;

/** The current toasts, plus the functions, for components that prefer a hook. */
export function useToast() {
  const list = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { toasts: list, toast, dismiss: dismissToast };
}
