import type { TokenPosts } from "@shared/schemas/analytics";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "@/lib/api";
import { postsQueryKey } from "@/lib/query-keys";

const postsUrl = (mint: string) => `/api/tokens/${mint}/posts`;

/** GET /api/tokens/:mint/posts: the creator's updates, for holders and the creator. */
export function usePosts(mint: string) {
  return useQuery({ queryKey: postsQueryKey(mint), queryFn: () => apiGet<TokenPosts>(postsUrl(mint)) });
}

export function useCreatePost(mint: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: { body: string; idempotencyKey: string }) =>
      apiPost<{ id: string }>(postsUrl(mint), post),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey(mint) }),
  });
}
