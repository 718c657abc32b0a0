import type { Agent } from "@shared/schemas/agents";
import { Lock, LockOpen } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { AgentAvatar } from "./agent-avatar";
import { TierBadge } from "./tier-badge";

export const unlockHint = (agent: Pick<Agent, "tokenRequirement" | "tokenSymbol">) =>
  `Need ${agent.tokenRequirement} ${agent.tokenSymbol} tokens to unlock`;

/** One agent in 'Available Agents'. Locked agents are dimmed and cannot be selected. */
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
    <button
      type="button"
      onClick={onSelect}
      disabled={locked}
      aria-pressed={selected}
      data-testid={`agent-${agent.id}`}
      className={cn(
        "flex w-full flex-col gap-2 rounded-xl border border-border bg-card p-4 text-left transition-colors",
        locked ? "cursor-not-allowed opacity-55" : "hover:border-primary/60 hover:bg-accent/40",
        selected && "border-primary ring-2 ring-primary/30",
      )}
    >
      <div className="flex items-start gap-3">
        <AgentAvatar name={agent.name} avatar={agent.avatar} tier={agent.tier} />
        <div className="min-w-0 flex-1">
          <div className="flex items-center justify-between gap-2">
            <span className="truncate font-semibold">{agent.name}</span>
            {locked ? (
              <Lock aria-label="Locked" className="size-4 shrink-0 text-muted-foreground" />
            ) : (
              <LockOpen aria-label="Unlocked" className="size-4 shrink-0 text-success" />
            )}
          </div>
          <p className="text-xs text-muted-foreground">{agent.specialty}</p>
        </div>
      </div>
      <p className="line-clamp-2 text-sm text-muted-foreground">{agent.description}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TierBadge tier={agent.tier} />
        <span className="text-xs font-medium">
          {agent.tokenRequirement} {agent.tokenSymbol}
        </span>
      </div>
      {locked ? <p className="text-xs font-medium text-muted-foreground">{unlockHint(agent)}</p> : null}
    </button>
  );
}
