// Keeps keyboard focus in place when what held it goes away. A button that a finished action
// replaces (Claim -> "You hold this reward", a checklist item done, a form closed) or disables
// while it works leaves focus on <body>, and a keyboard user's next Tab starts over at the top
// of the page. Watching the DOM, this moves focus to the nearest part of the page still there,
// or back to a button once it is enabled again. Only for someone using the keyboard: after a
// pointer press it does nothing, so a click on empty space, or a click that navigates, keeps
// the browser's own behaviour.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** How long a disabled button may take to come back and get focus again. */
const WAIT_FOR_ENABLE_MS = 60_000;

function lostFocus(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

function visible(el: HTMLElement): boolean {
  return el.getClientRects().length > 0;
}

/** The first visible control inside `root`, or `root` itself made focusable when it has none.
 * When the whole page around <main> was replaced (a route change), <main> itself. */
function placeIn(root: HTMLElement): HTMLElement {
  const main = document.getElementById("main");
  if (main && root !== main && root.contains(main)) return main;
  for (const el of root.querySelectorAll<HTMLElement>(FOCUSABLE)) if (visible(el)) return el;
  if (!root.hasAttribute("tabindex")) root.setAttribute("tabindex", "-1");
  return root;
}

/** Focus for an element that is gone, given the elements that were around it (innermost
 * first): the nearest one still in the page, at its first control or itself. Nothing when only
 * <body> is left (a dialog's portal: the dialog gives focus back itself). Returns whether it
 * placed focus. */
export function focusNear(around: readonly HTMLElement[]): boolean {
  const region = around.find((up) => up.isConnected && up !== document.body);
  if (!region) return false;
  placeIn(region).focus();
  return true;
}

/** The element and the elements around it, innermost first, up to <body>. */
export function withAncestors(el: Element | null): HTMLElement[] {
  const chain: HTMLElement[] = [];
  for (let up = el; up instanceof HTMLElement && up !== document.body; up = up.parentElement) chain.push(up);
  return chain;
}

/** Installs the watcher; returns its removal. */
export function keepFocusInPlace(): () => void {
  // What last held focus, and the elements around it when it did (to find a place when it is
  // gone: by then it has no parent to walk up from).
  let last: { el: HTMLElement; around: HTMLElement[]; at: number } | null = null;
  let keyboard = false;
  const onKeyDown = () => {
    keyboard = true;
  };
  const onPointerDown = () => {
    keyboard = false;
  };

  const onFocusIn = (event: FocusEvent) => {
    const el = event.target;
    if (!(el instanceof HTMLElement)) return;
    last = { el, around: withAncestors(el.parentElement), at: Date.now() };
  };

  const rescue = () => {
    if (!last || !keyboard || !lostFocus()) return;
    const { el, around, at } = last;
    if (el.isConnected) {
      // Disabled while it works: it gets focus back once enabled, unless the person moved on.
      if (el.matches(":disabled") && Date.now() - at < WAIT_FOR_ENABLE_MS) return;
      if (!el.matches(":disabled") && visible(el)) el.focus();
      return;
    }
    // Gone: the nearest part of the page still there.
    focusNear(around);
  };

  // After the DOM changes (an element removed, a button enabled again), once React is done.
  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued || !last || !keyboard || !lostFocus()) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      rescue();
    });
  });
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["disabled"],
  });
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("keydown", onKeyDown, true);
  document.addEventListener("pointerdown", onPointerDown, true);
  return () => {
    observer.disconnect();
    document.removeEventListener("focusin", onFocusIn);
    document.removeEventListener("keydown", onKeyDown, true);
    document.removeEventListener("pointerdown", onPointerDown, true);
  };
}
