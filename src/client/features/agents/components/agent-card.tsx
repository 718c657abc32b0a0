import { groupDigits } from "@shared/amounts";
import type { Agent } from "@shared/schemas/agents";
import { Lock, LockOpen } from "lucide-react";
import { Link } from "wouter";
import { cn } from "@/components/ui/cn";
import { AgentAvatar } from "./agent-avatar";
import { TierBadge } from "./tier-badge";

/** Why a locked agent is locked: what the person holds against what it needs, or (signed out)
 * what it needs. */
export const unlockHint = (agent: Pick<Agent, "tokenRequirement" | "tokenSymbol" | "heldAmount">) =>
  agent.heldAmount === null
    ? `Need ${groupDigits(agent.tokenRequirement)} ${agent.tokenSymbol} tokens to unlock`
    : `You hold ${groupDigits(agent.heldAmount)} of ${groupDigits(agent.tokenRequirement)} ${agent.tokenSymbol}`;

/** One agent in 'Available Agents'. Locked agents are dimmed and cannot be selected, but stay
 * focusable (aria-disabled) so a keyboard reaches them and hears why; beside them, the way to
 * get the token. */
export function AgentCard({
  agent,
  selected,
  onSelect,
}: {
  agent: Agent;
  selected: boolean;
  onSelect(): void;
}) {
  const locked = !agent.isUnlocked;
  return (
    <div
      className={cn(
        "flex flex-col rounded-xl border border-border bg-card transition-colors",
        !locked && "hover:border-primary/60 hover:bg-accent/40",
        selected && "border-primary ring-2 ring-primary/30",
      )}
    >
      <button
        type="button"
        onClick={locked ? undefined : onSelect}
        aria-disabled={locked || undefined}
        aria-pressed={selected}
        data-testid={`agent-${agent.id}`}
        className={cn(
          "flex w-full flex-col gap-2 rounded-xl p-4 text-left focus-visible:outline-2 focus-visible:outline-ring",
          locked && "cursor-not-allowed",
        )}
      >
        <span className={cn("flex w-full flex-col gap-2", locked && "opacity-55")}>
          <span className="flex items-start gap-3">
            <AgentAvatar name={agent.name} avatar={agent.avatar} tier={agent.tier} />
            <span className="min-w-0 flex-1">
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-semibold">{agent.name}</span>
                {locked ? (
                  <Lock aria-label="Locked" className="size-4 shrink-0 text-muted-foreground" />
                ) : (
                  <LockOpen aria-label="Unlocked" className="size-4 shrink-0 text-success" />
                )}
              </span>
              <span className="block text-xs text-muted-foreground">{agent.specialty}</span>
            </span>
          </span>
          <span className="line-clamp-2 text-sm text-muted-foreground">{agent.description}</span>
          <span className="flex flex-wrap items-center justify-between gap-2">
            <TierBadge tier={agent.tier} />
            <span className="text-xs font-medium">
              {groupDigits(agent.tokenRequirement)} {agent.tokenSymbol}
            </span>
          </span>
        </span>
        {locked ? <span className="text-xs font-medium">{unlockHint(agent)}</span> : null}
      </button>
      {locked ? (
        <div className="px-4 pb-4">
          <Link
            href={`/token/${agent.tokenMint}`}
            className="text-sm font-medium text-link underline underline-offset-4"
          >
            Get {agent.tokenSymbol}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
