import type { ChatMessage } from "@shared/schemas/agents";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";
import { agentsQueryKey } from "./get-agents";

export const messagesQueryKey = (agentId: string) => [...agentsQueryKey, "messages", agentId] as const;

/** GET /api/ai-agents/:id/messages: the session user's own conversation with an agent. */
export function getMessages(agentId: string): Promise<ChatMessage[]> {
  return apiGet<ChatMessage[]>(`/api/ai-agents/${encodeURIComponent(agentId)}/messages`);
}

export function useAgentMessages(agentId: string | null) {
  return useQuery({
    queryKey: messagesQueryKey(agentId ?? "none"),
    queryFn: () => getMessages(agentId ?? ""),
    enabled: agentId !== null,
  });
}
