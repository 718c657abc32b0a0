import type { RegisterRequest, UserResponse } from "@shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "@/lib/api";
import { setSessionUser } from "@/lib/session";

/** POST /api/register: creates the account and its session. */
export function register(body: RegisterRequest): Promise<UserResponse> {
  return apiPost<UserResponse>("/api/register", body);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user }) => {
      queryClient.clear();
      setSessionUser(queryClient, user);
    },
  });
}
