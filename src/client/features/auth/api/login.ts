import type { LoginRequest, UserResponse } from "@shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "@/lib/api";
import { setSessionUser } from "@/lib/session";

/** POST /api/auth/email. */
export function loginWithEmail(body: LoginRequest): Promise<UserResponse> {
  return apiPost<UserResponse>("/api/auth/email", body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithEmail,
    onSuccess: ({ user }) => {
      // A new session may own different data: drop whatever the previous one cached.
      queryClient.clear();
      setSessionUser(queryClient, user);
    },
  });
}
