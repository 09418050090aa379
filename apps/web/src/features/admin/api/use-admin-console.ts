import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAccountResponse,
  AdminAccountsResponse,
  AdminAccountSummary,
  AdminBot,
  AdminBotLockBody,
  AdminOverviewResponse,
  PlanLevel,
} from '@charla/shared';
import { api } from '../../../lib/api.ts';

const keys = {
  all: ['admin-console'] as const,
  overview: ['admin-console', 'overview'] as const,
  accounts: (q: string, plan: string) => ['admin-console', 'accounts', q, plan] as const,
  account: (id: string) => ['admin-console', 'account', id] as const,
};

/** GET /api/admin/overview: the service's figures. */
export function useAdminOverview() {
  return useQuery({ queryKey: keys.overview, queryFn: ({ signal }) => api.get<AdminOverviewResponse>('/api/admin/overview', { signal }) });
}

/** GET /api/admin/accounts: newest first, searched and filtered, a page at a time. */
export function useAdminAccounts(q: string, plan: PlanLevel | '') {
  return useInfiniteQuery({
    queryKey: keys.accounts(q, plan),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: '20' });
      if (q) query.set('q', q);
      if (plan) query.set('plan', plan);
      if (pageParam) query.set('cursor', pageParam);
      return api.get<AdminAccountsResponse>(`/api/admin/accounts?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useAdminAccount(id: string | null) {
  return useQuery({
    enabled: Boolean(id),
    queryKey: keys.account(id ?? ''),
    queryFn: ({ signal }) => api.get<AdminAccountResponse>(`/api/admin/accounts/${encodeURIComponent(id!)}`, { signal }),
  });
}

/** The console's changes: each refreshes the figures, the lists, the account and the trail. */
export function useAdminActions() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: keys.all });
    void queryClient.invalidateQueries({ queryKey: ['audit'] });
  };
  return {
    lock: useMutation({
      mutationFn: ({ botId, body }: { botId: string; body: AdminBotLockBody }) =>
        api.request<AdminBot>(`/api/admin/bots/${encodeURIComponent(botId)}`, { method: 'PATCH', body }),
      onSettled: refresh,
    }),
    setPlan: useMutation({
      mutationFn: ({ userId, plan }: { userId: string; plan: PlanLevel }) =>
        api.request<{ userId: string; plan: PlanLevel }>(`/api/admin/accounts/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { plan } }),
      onSettled: refresh,
    }),
    suspend: useMutation({
      mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
        api.post<AdminAccountSummary>(`/api/admin/accounts/${encodeURIComponent(userId)}/suspend`, { reason }),
      onSettled: refresh,
    }),
    restore: useMutation({
      mutationFn: ({ userId }: { userId: string }) => api.post<AdminAccountSummary>(`/api/admin/accounts/${encodeURIComponent(userId)}/restore`),
      onSettled: refresh,
    }),
  };
}
