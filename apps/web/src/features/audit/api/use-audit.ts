import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@charla/shared';
import { api } from '../../../lib/api.ts';

/** The account's activity (`/api/audit`) or the console's trail (`/api/admin/audit`), newest first, a page at a time. */
export function useAuditPages(path: '/api/audit' | '/api/admin/audit', enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: ['audit', path],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: '20' });
      if (pageParam) query.set('cursor', pageParam);
      return api.get<AuditPage>(`${path}?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
