import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, SignupBody } from '@charla/shared';
import { api } from '../../../lib/api.ts';
import { rememberSession } from '../remember-session.ts';
import { clientInfoKey } from './client-info.ts';

/** POST /client/signup; the server sets the session cookies. */
export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupBody) => api.post<AuthResponse>('/client/signup', body, { refreshOn401: false }),
    onSuccess: ({ user }) => {
      rememberSession(user);
      queryClient.setQueryData(clientInfoKey(user.id), user);
    },
  });
}
