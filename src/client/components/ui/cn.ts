import { type ClassValue, clsx } from "clsx";

/*
 * Joins class names (clsx) and lets a later utility override an earlier one of the same
 * kind, so `<Button className="px-8">` beats the button's own `px-4`. A deliberately small
 * merge (no tailwind-merge, to keep the entry chunk light): it knows the groups our
 * components set as defaults; anything it does not recognise is kept as written.
 */

const TEXT_SIZES = new Set([
  "xs",
  "sm",
  "base",
  "lg",
  "xl",
  "2xl",
  "3xl",
  "4xl",
  "5xl",
  "6xl",
  "7xl",
  "8xl",
  "9xl",
  "display",
  "title",
]);
const TEXT_ALIGN = new Set(["left", "center", "right", "justify", "start", "end"]);
const FONT_WEIGHTS = new Set([
  "thin",
  "extralight",
  "light",
  "normal",
  "medium",
  "semibold",
  "bold",
  "extrabold",
  "black",
]);
const DISPLAY = new Set([
  "block",
  "inline-block",
  "inline",
  "flex",
  "inline-flex",
  "grid",
  "inline-grid",
  "hidden",
  "contents",
  "table",
]);
const POSITION = new Set(["static", "fixed", "absolute", "relative", "sticky"]);
const ROUNDED_SIDE = /^rounded-(t|r|b|l|s|e|tl|tr|br|bl|ss|se|es|ee)(-|$)/;
const BORDER_WIDTH = /^border(-[trblxyse])?(-\d+)?$/;

/** The conflict group of one utility (without its variants), or null when unknown. */
function groupOf(utility: string): string | null {
  const u = utility.startsWith("-") ? utility.slice(1) : utility;
  if (DISPLAY.has(u)) return "display";
  if (POSITION.has(u)) return "position";
  const m =
    /^(p|px|py|pt|pr|pb|pl|ps|pe|m|mx|my|mt|mr|mb|ml|ms|me|gap|gap-x|gap-y|w|h|size|min-w|min-h|max-w|max-h|inset|top|right|bottom|left|z|opacity|leading|tracking|shadow|order|basis|grow|shrink)-/.exec(
      u,
    );
  if (m) return m[1] ?? null;
  if (u === "rounded" || u.startsWith("rounded-"))
    return ROUNDED_SIDE.test(u) ? `rounded-${u.split("-")[1]}` : "rounded";
  if (u.startsWith("text-")) {
    const rest = u.slice(5).split("/")[0] ?? "";
    if (TEXT_SIZES.has(rest) || rest.startsWith("[length:") || /^\[\d/.test(rest)) return "text-size";
    if (TEXT_ALIGN.has(rest)) return "text-align";
    return "text-color";
  }
  if (u.startsWith("font-")) return FONT_WEIGHTS.has(u.slice(5)) ? "font-weight" : "font-family";
  if (u.startsWith("bg-")) {
    const rest = u.slice(3);
    if (/^(gradient|linear|radial|conic|none)/.test(rest)) return "bg-image";
    if (
      /^(fixed|local|scroll|clip|origin|repeat|no-repeat|cover|contain|auto|center|top|bottom|left|right)/.test(
        rest,
      )
    )
      return null;
    return "bg-color";
  }
  if (BORDER_WIDTH.test(u)) {
    const side = /^border-([trblxyse])/.exec(u)?.[1];
    return side ? `border-w-${side}` : "border-w";
  }
  if (u.startsWith("border-")) {
    const rest = u.slice(7);
    if (/^(solid|dashed|dotted|double|none|hidden)$/.test(rest)) return "border-style";
    if (/^[trblxyse]-/.test(rest)) return null;
    return "border-color";
  }
  if (/^whitespace-/.test(u)) return "whitespace";
  if (u.startsWith("justify-")) return "justify";
  if (u.startsWith("items-")) return "items";
  return null;
}

export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs).split(" ").filter(Boolean);
  const seen = new Map<string, number>();
  const out: (string | null)[] = [];
  for (const cls of classes) {
    const cut = cls.lastIndexOf(":");
    const variants = cut === -1 ? "" : cls.slice(0, cut + 1);
    const important = cls.slice(cut + 1).startsWith("!") ? "!" : "";
    const group = groupOf(cls.slice(cut + 1 + important.length));
    if (group) {
      const key = `${variants}${important}${group}`;
      const prev = seen.get(key);
      if (prev !== undefined) out[prev] = null;
      seen.set(key, out.length);
    }
    out.push(cls);
  }
  return out.filter(Boolean).join(" ");
}
