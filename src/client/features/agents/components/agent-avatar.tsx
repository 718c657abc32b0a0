import { cn } from "@/components/ui/cn";

const SIZE = { md: "size-10 text-xl", lg: "size-12 text-2xl" } as const;

/** An agent's emoji in its round badge (decorative: the name is always shown beside it). */
export function AgentAvatar({ avatar, size = "md" }: { avatar: string; size?: keyof typeof SIZE }) {
  return (
    <span
      aria-hidden="true"
      className={cn("flex shrink-0 items-center justify-center rounded-full bg-secondary", SIZE[size])}
    >
      {avatar}
    </span>
  );
}
