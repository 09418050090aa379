import { useQuery } from '@tanstack/react-query';
import type { AdminStatusResponse } from '@charla/shared';
import { api } from '../../../lib/api.ts';

/** How often the console asks again while it is open: a failing model shows within this time. */
export const adminStatusRefreshMs = 15_000;

/** GET /api/admin/status (main admin account only), kept fresh while the console is open. */
export function useAdminStatus(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['admin-status'],
    queryFn: ({ signal }) => api.get<AdminStatusResponse>('/api/admin/status', { signal }),
    refetchInterval: adminStatusRefreshMs,
  });
}
