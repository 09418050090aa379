import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateClientBody, UpdateClientResponse } from '@charla/shared';
import { api } from '../../../lib/api.ts';
import { clientInfoKey, rememberProfile } from '../../auth/index.ts';

/** POST /client/update-client with id, name, email and phone_number. */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClientBody) => api.post<UpdateClientResponse>('/client/update-client', body),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(clientInfoKey(user.id), user);
      rememberProfile(user);
    },
  });
}
