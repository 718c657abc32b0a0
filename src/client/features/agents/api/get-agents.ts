import type { Agent } from "@shared/schemas/agents";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";

export const agentsQueryKey = ["agents"] as const;

/** GET /api/ai-agents: active agents, `isUnlocked` computed for the session user from the
 * on-chain balances. Keyed by user so signing in or out shows the right locks. */
export function getAgents(): Promise<Agent[]> {
  return apiGet<Agent[]>("/api/ai-agents");
}

export function useAgents(userId: string | null) {
  return useQuery({ queryKey: [...agentsQueryKey, "list", userId ?? "anonymous"], queryFn: getAgents });
}
