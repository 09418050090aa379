import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, LoginBody } from '@charla/shared';
import { api } from '../../../lib/api.ts';
import { rememberSession } from '../remember-session.ts';
import { clientInfoKey } from './client-info.ts';

/** POST /client/login; a 401 here means wrong credentials, not an expired session. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<AuthResponse>('/client/login', body, { refreshOn401: false }),
    onSuccess: ({ user }) => {
      rememberSession(user);
      queryClient.setQueryData(clientInfoKey(user.id), user);
    },
  });
}
