import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ContactCreateBody, ContactFieldCreateBody, ContactFieldUpdateBody, ContactNote, ContactNoteEvent, ContactUpdateBody, StageUpdateBody } from '@charla/shared';
import type { ProgressHandler } from '../../../lib/api-client.ts';
import { crmApi, crmKeys, type ContactFilter } from './crm-api.ts';

/** The bot's pipeline stages (the server creates the defaults on first read). */
export function useStages(botId: string) {
  return useQuery({ queryKey: crmKeys.stages(botId), queryFn: () => crmApi.stages(botId).then((r) => r.stages) });
}

/**
 * Adding, renaming, recolouring, reordering and deleting the bot's stages; each refreshes the
 * stages, the board's columns and the lists (a deleted stage's contacts moved).
 */
export function useStageMutations(botId: string) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: crmKeys.all(botId) });
  return {
    add: useMutation({ mutationFn: (body: { name: string; color?: string }) => crmApi.addStage(botId, body), onSettled: refresh }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: StageUpdateBody }) => crmApi.updateStage(id, body), onSettled: refresh }),
    remove: useMutation({ mutationFn: ({ id, moveTo }: { id: string; moveTo?: string }) => crmApi.removeStage(id, moveTo), onSettled: refresh }),
  };
}

/** How many contacts a stage holds in all (its first page's exact count). */
export function useStageCount(botId: string, stageId: string | null) {
  return useQuery({
    queryKey: [...crmKeys.all(botId), 'stage-count', stageId],
    queryFn: () => crmApi.list(botId, { stageId: stageId!, limit: 1 }).then((r) => r.total ?? r.items.length),
    enabled: Boolean(stageId),
  });
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

/** The team's notes on a contact, oldest first, with who wrote each. */
export function useContactNotes(id: string, enabled = true) {
  return useQuery({ queryKey: crmKeys.notes(id), queryFn: () => crmApi.notes(id).then((r) => r.items), enabled: enabled && Boolean(id) });
}

/** Writes a note on a contact (the inbox's "Nota interna"); its notes, its history and the contact are read again. */
export function useAddContactNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => crmApi.addNote(id, text),
    onSuccess: (_d, v) => {
      void queryClient.invalidateQueries({ queryKey: crmKeys.notes(v.id) });
      void queryClient.invalidateQueries({ queryKey: crmKeys.timeline(v.id) });
      void queryClient.invalidateQueries({ queryKey: crmKeys.contact(v.id) });
    },
  });
}

/** A note someone of the team wrote (the bot room's `contactNote`): shown where the contact's notes are open, its history read again. */
export function applyContactNote(queryClient: QueryClient, event: ContactNoteEvent) {
  const { note } = event;
  queryClient.setQueryData<ContactNote[]>(crmKeys.notes(note.contactId), (list) => (list && !list.some((n) => n.id === note.id) ? [...list, note] : list));
  void queryClient.invalidateQueries({ queryKey: crmKeys.timeline(note.contactId) });
}

/** The CRM's changes; each refreshes the lists, the board and the open contact. */
export function useCrmMutations(botId: string) {
  const queryClient = useQueryClient();
  const refresh = (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: crmKeys.all(botId) });
    if (id) {
      void queryClient.invalidateQueries({ queryKey: crmKeys.contact(id) });
      void queryClient.invalidateQueries({ queryKey: crmKeys.timeline(id) });
      void queryClient.invalidateQueries({ queryKey: crmKeys.notes(id) });
    }
  };
  return {
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: ContactUpdateBody }) => crmApi.update(id, body), onSettled: (_d, _e, v) => refresh(v.id) }),
    create: useMutation({ mutationFn: (body: ContactCreateBody) => crmApi.create(body), onSuccess: () => refresh() }),
    remove: useMutation({ mutationFn: (id: string) => crmApi.remove(id), onSuccess: () => refresh() }),
    addNote: useMutation({ mutationFn: ({ id, text }: { id: string; text: string }) => crmApi.addNote(id, text), onSuccess: (_d, v) => refresh(v.id) }),
    merge: useMutation({ mutationFn: ({ keepId, mergeId }: { keepId: string; mergeId: string }) => crmApi.merge(keepId, mergeId), onSuccess: (_d, v) => refresh(v.keepId) }),
  };
}

/** The owner's contact fields of the bot, in order. */
export function useContactFields(botId: string) {
  return useQuery({ queryKey: crmKeys.fields(botId), queryFn: () => crmApi.fields(botId).then((r) => r.fields) });
}

/** Adding, changing and deleting the owner's fields (a deleted field's values go too: contacts refresh). */
export function useContactFieldMutations(botId: string) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: crmKeys.all(botId) });
  return {
    add: useMutation({ mutationFn: (body: ContactFieldCreateBody) => crmApi.addField(botId, body), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: ContactFieldUpdateBody }) => crmApi.updateField(id, body), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => crmApi.removeField(id), onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: ['crm', 'contact'] });
    } }),
  };
}

/** The contacts import's two calls: read the file, then import it with the owner's mapping. */
export function useContactImport(botId: string) {
  const queryClient = useQueryClient();
  return {
    preview: useMutation({ mutationFn: ({ file, onProgress }: { file: File; onProgress?: ProgressHandler }) => crmApi.importPreview(botId, file, onProgress) }),
    importing: useMutation({
      mutationFn: ({ file, mapping, onProgress }: { file: File; mapping: string; onProgress?: ProgressHandler }) => crmApi.import(botId, file, mapping, onProgress),
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: crmKeys.all(botId) }),
    }),
  };
}
