import { useMutation } from '@tanstack/react-query';
import type { AcceptedResponse, ChangePasswordBody, DoneResponse, ForgotPasswordBody, ResetPasswordBody } from '@charla/shared';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/password/forgot: the answer is the same whether or not the account exists. */
export const useForgotPassword = () =>
  useMutation({ mutationFn: (body: ForgotPasswordBody) => api.post<AcceptedResponse>('/api/auth/password/forgot', body, { refreshOn401: false }) });

/** POST /api/auth/password/reset with the link's token and the new password. */
export const useResetPassword = () =>
  useMutation({ mutationFn: (body: ResetPasswordBody) => api.post<DoneResponse>('/api/auth/password/reset', body, { refreshOn401: false }) });

/** POST /api/auth/password: a new password for the signed-in account; other devices are signed out. */
export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePasswordBody) => api.post<DoneResponse>('/api/auth/password', body) });
