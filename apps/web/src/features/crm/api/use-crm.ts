import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactCreateBody, ContactUpdateBody } from '@charla/shared';
import { crmApi, crmKeys, type ContactFilter } from './crm-api.ts';

/** The bot's pipeline stages (the server creates the defaults on first read). */
export function useStages(botId: string) {
  return useQuery({ queryKey: crmKeys.stages(botId), queryFn: () => crmApi.stages(botId).then((r) => r.stages) });
}

/** Contacts of the filter, newest first, a keyset page at a time. */
export function useContacts(botId: string, filter: ContactFilter) {
  return useInfiniteQuery({
    queryKey: crmKeys.contacts(botId, filter),
    queryFn: ({ pageParam }) => crmApi.list(botId, filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useContact(id: string | null) {
  return useQuery({ queryKey: crmKeys.contact(id ?? ''), queryFn: () => crmApi.get(id!).then((r) => r.contact), enabled: Boolean(id) });
}

export function useTimeline(id: string | null) {
  return useQuery({ queryKey: crmKeys.timeline(id ?? ''), queryFn: () => crmApi.timeline(id!).then((r) => r.items), enabled: Boolean(id) });
}

/** The CRM's changes; each refreshes the lists, the board and the open contact. */
export function useCrmMutations(botId: string) {
  const queryClient = useQueryClient();
  const refresh = (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: crmKeys.all(botId) });
    if (id) {
      void queryClient.invalidateQueries({ queryKey: crmKeys.contact(id) });
      void queryClient.invalidateQueries({ queryKey: crmKeys.timeline(id) });
    }
  };
  return {
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: ContactUpdateBody }) => crmApi.update(id, body), onSettled: (_d, _e, v) => refresh(v.id) }),
    create: useMutation({ mutationFn: (body: ContactCreateBody) => crmApi.create(body), onSuccess: () => refresh() }),
    remove: useMutation({ mutationFn: (id: string) => crmApi.remove(id), onSuccess: () => refresh() }),
    addNote: useMutation({ mutationFn: ({ id, text }: { id: string; text: string }) => crmApi.addNote(id, text), onSuccess: (_d, v) => refresh(v.id) }),
  };
}
