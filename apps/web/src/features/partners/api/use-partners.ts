import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClientPayment,
  CreatePartnerClientBody,
  PartnerClient,
  PartnerProfile,
  RecordClientPaymentBody,
  RegisterPartnerBody,
  UpdateBrandingBody,
  UpdatePartnerClientBody,
} from '@charla/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';
import { fetchClientPayments, fetchPartnerClients, type PartnerGet } from './partner-lists.ts';

const keys = {
  me: ['partners', 'me'] as const,
  clients: (partnerId: string) => ['partners', 'clients', partnerId] as const,
  payments: ['partners', 'payments'] as const,
};

/** The caller's partner (null when the account is not one: 403). */
export function usePartner() {
  return useQuery({
    queryKey: keys.me,
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<{ partner: PartnerProfile }>('/api/partners/me', { signal })).partner;
      } catch (error) {
        if (isApiError(error) && error.status === 403) return null;
        throw error;
      }
    },
    retry: false,
  });
}

const apiGet: PartnerGet = (path, options) => api.get(path, options);

export function usePartnerClients(partnerId: string | undefined) {
  return useQuery({
    queryKey: keys.clients(partnerId ?? ''),
    enabled: Boolean(partnerId),
    retry: false,
    queryFn: ({ signal }) => fetchPartnerClients(partnerId ?? '', apiGet, signal),
  });
}

export function useClientPayments(enabled: boolean) {
  return useQuery({ queryKey: keys.payments, enabled, retry: false, queryFn: ({ signal }) => fetchClientPayments(apiGet, signal) });
}

function usePartnerMutation<V, R>(call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: ['partners'] }) });
}

export const useRegisterPartner = () => usePartnerMutation((body: RegisterPartnerBody) => api.post<{ partner: PartnerProfile }>('/api/partners', body));
export const useCreateClient = () => usePartnerMutation((body: CreatePartnerClientBody) => api.post<{ client: PartnerClient }>('/api/partners/clients', body));
export const useUpdateClient = () =>
  usePartnerMutation(({ id, ...body }: UpdatePartnerClientBody & { id: string }) => api.request<{ client: PartnerClient }>(`/api/partners/clients/${encodeURIComponent(id)}`, { method: 'PATCH', body }));
export const useRecordPayment = () =>
  usePartnerMutation(({ clientId, ...body }: RecordClientPaymentBody & { clientId: string }) => api.post<{ payment: ClientPayment }>(`/api/partners/clients/${encodeURIComponent(clientId)}/payments`, body));
export const useUpdateBranding = () => usePartnerMutation((body: UpdateBrandingBody) => api.request<{ partner: PartnerProfile }>('/api/partners/config', { method: 'PUT', body }));
export const useUploadLogo = () =>
  usePartnerMutation((file: File) => {
    const form = new FormData();
    form.append('logo', file, file.name);
    return api.upload<{ partner: PartnerProfile }>('/api/partners/config/logo', form);
  });
