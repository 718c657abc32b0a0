import type { LogoutResponse } from "@shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "@/lib/api";
import { setSessionUser } from "./use-session";

/** POST /api/auth/logout: kills the server session. */
export function logout(): Promise<LogoutResponse> {
  return apiPost<LogoutResponse>("/api/auth/logout");
}

/** Signs out and forgets every cached query, so no other user's data lingers on screen. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear();
      setSessionUser(queryClient, null);
    },
  });
}
