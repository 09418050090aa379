import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientInfo } from '@charla/shared';
import { api } from '../../../lib/api.ts';
import { portalHeaders } from '../../../lib/tenant.ts';

export const clientInfoKey = (userId: string | null) => ['client-info', userId] as const;

export function fetchClientInfo(userId: string, signal?: AbortSignal): Promise<ClientInfo> {
  return api.get<ClientInfo>(`/client/info/${encodeURIComponent(userId)}`, { headers: portalHeaders(), ...(signal ? { signal } : {}) });
}

/** GET /client/info/{userId}, asked only when a user id is stored (spec section 5). */
export const clientInfoQuery = (userId: string | null) =>
  queryOptions({
    queryKey: clientInfoKey(userId),
    queryFn: ({ signal }) => fetchClientInfo(userId ?? '', signal),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });

export function useClientInfo(userId: string | null) {
  return useQuery(clientInfoQuery(userId));
}
