import { useSyncExternalStore } from "react";

// Whether the server answers. Every API call reports it (a network failure: no; any HTTP
// answer: yes). While it does not, /api/health is asked again with a growing pause, and the
// moment anything answers, whoever listens (the query cache) reads the page's data again:
// a restarted server or a dropped Wi-Fi recovers without a reload.

const FIRST_PROBE_MS = 1_000;
const LONGEST_PROBE_MS = 15_000;

let reachable = true;
let probes = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const comebacks = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Any HTTP answer from the server (an error status included). */
export function serverAnswered(): void {
  if (reachable) return;
  reachable = true;
  probes = 0;
  clearTimeout(timer);
  notify();
  for (const comeback of comebacks) comeback();
}

/** A request that got no answer at all (the network or the server is down). */
export function serverUnreachable(): void {
  if (!reachable) return;
  reachable = false;
  notify();
  scheduleProbe();
}

function scheduleProbe(): void {
  clearTimeout(timer);
  const wait = Math.min(FIRST_PROBE_MS * 2 ** probes, LONGEST_PROBE_MS);
  probes++;
  timer = setTimeout(() => void probeNow(), wait);
}

/** Asks the server now (the "Try now" button, the browser saying it is online again). */
export async function probeNow(): Promise<void> {
  if (reachable) return;
  try {
    await fetch("/api/health", { cache: "no-store", credentials: "omit" });
    serverAnswered();
  } catch {
    if (!reachable) scheduleProbe();
  }
}

/** Runs `comeback` each time the server answers again after it did not; returns an unsubscribe. */
export function onServerBack(comeback: () => void): () => void {
  comebacks.add(comeback);
  return () => comebacks.delete(comeback);
}

/** The browser's own word: offline means nothing will answer; online, ask at once. Installed
 * before the app first renders (main.tsx): an effect ran only after the first paint, and a
 * browser that went offline in between was never heard. Offline already: said at once. */
export function followBrowserConnectivity(): () => void {
  const offline = () => serverUnreachable();
  const online = () => void probeNow();
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);
  if (!navigator.onLine) serverUnreachable();
  return () => {
    window.removeEventListener("offline", offline);
    window.removeEventListener("online", online);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False while the server cannot be reached. */
export function useServerReachable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => reachable,
    () => true,
  );
}
