import type { CreateAgentRequest, ManagedAgent, UpdateAgentRequest } from "@shared/schemas/agents";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPatch, apiPost } from "@/lib/api";
import { agentsQueryKey } from "./get-agents";

const mineKey = [...agentsQueryKey, "mine"] as const;

/** GET /api/ai-agents/mine: agents of the tokens the session user created, with notes. */
export function useMyAgents(enabled: boolean) {
  return useQuery({
    queryKey: mineKey,
    queryFn: () => apiGet<ManagedAgent[]>("/api/ai-agents/mine"),
    enabled,
  });
}

/** POST /api/ai-agents (creator only). */
export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAgentRequest) => apiPost<ManagedAgent>("/api/ai-agents", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
  });
}

/** PATCH /api/ai-agents/:id (creator only): edit, or deactivate with `{isActive: false}`. */
export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: UpdateAgentRequest & { id: string }) =>
      apiPatch<ManagedAgent>(`/api/ai-agents/${encodeURIComponent(id)}`, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
  });
}
