import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, LoginBody, SignupBody } from '@charla/shared';
import { api } from '../../../lib/api.ts';
import { rememberSession } from '../remember-session.ts';
import { forgetSignOutReason } from '../session.ts';
import { clientInfoKey } from './client-info.ts';

/**
 * A call that opens a session (the server sets the session cookies): the user is remembered and
 * cached. A 401 here is an answer (wrong credentials), not an expired session.
 */
function useStartSession<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post<AuthResponse>(path, body, { refreshOn401: false }),
    onSuccess: ({ user }) => {
      rememberSession(user);
      forgetSignOutReason();
      queryClient.setQueryData(clientInfoKey(user.id), user);
    },
  });
}

/** POST /client/login */
export const useLogin = () => useStartSession<LoginBody>('/client/login');

/** POST /client/signup */
export const useSignup = () => useStartSession<SignupBody>('/client/signup');
