import type { AgentTier } from "@shared/constants";
import { cn } from "@/components/ui/cn";

const SIZE = { md: "size-10 text-sm", lg: "size-12 text-base" } as const;
const EMOJI_SIZE = { md: "size-5 text-xs", lg: "size-6 text-sm" } as const;

/** The tier's colours, as on its badge. */
const TIER = {
  basic: "bg-secondary text-secondary-foreground",
  premium: "bg-gradient-brand text-white",
  elite: "bg-warning-soft text-warning-soft-foreground",
} as const satisfies Record<AgentTier, string>;

/** Up to two initials of the agent's name ("Code Mentor" -> "CM"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[1]] : [words[0]?.slice(0, 2)];
  return letters
    .map((w) => Array.from(w ?? "")[0] ?? "")
    .join("")
    .toUpperCase();
}

let emojiSupport: boolean | undefined;
/** Can this machine draw colour emoji? A box or a blank is worse than no emoji, so the
 * emoji is decoration only where a glyph with colour is actually painted. */
function canDrawEmoji(): boolean {
  if (emojiSupport !== undefined) return emojiSupport;
  emojiSupport = false;
  try {
    const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (ctx) {
      ctx.canvas.width = ctx.canvas.height = 16;
      ctx.textBaseline = "top";
      ctx.font = "14px sans-serif";
      ctx.fillText("\u{1F916}", 0, 0);
      const data = ctx.getImageData(0, 0, 16, 16).data;
      // Colour emoji paint pixels whose channels differ; a missing-glyph box is black.
      for (let i = 0; i < data.length; i += 4) {
        const [r = 0, g = 0, b = 0, a = 0] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
        if (a > 0 && (Math.abs(r - g) > 20 || Math.abs(g - b) > 20)) {
          emojiSupport = true;
          break;
        }
      }
    }
  } catch {
    /* no canvas: initials only */
  }
  return emojiSupport;
}

/** An agent's initials on its tier colour, always legible; its emoji sits on the corner
 * only where the machine can draw it. Decorative: the name is always shown beside it. */
export function AgentAvatar({
  name,
  avatar,
  tier,
  size = "md",
}: {
  name: string;
  avatar: string;
  tier: AgentTier;
  size?: keyof typeof SIZE;
}) {
  const showEmoji = avatar.trim() !== "" && canDrawEmoji();
  return (
    <span
      aria-hidden="true"
      data-testid="agent-avatar"
      className={cn(
        "relative flex shrink-0 items-center justify-center rounded-full font-bold",
        TIER[tier],
        SIZE[size],
      )}
    >
      {initialsOf(name)}
      {showEmoji ? (
        <span
          className={cn(
            "absolute -right-1 -bottom-1 flex items-center justify-center rounded-full bg-card leading-none shadow-sm",
            EMOJI_SIZE[size],
          )}
        >
          {avatar}
        </span>
      ) : null}
    </span>
  );
}
