import type {
  Contact,
  ContactChannel,
  ContactCreateBody,
  ContactField,
  ContactFieldCreateBody,
  ContactFieldUpdateBody,
  ContactList,
  ContactNoteList,
  ContactNoteResponse,
  ContactResponse,
  ContactSort,
  ContactTimeline,
  ContactUpdateBody,
  PipelineStage,
  PipelineStages,
  StageUpdateBody,
} from '@charla/shared';
import { api } from '../../../lib/api.ts';
import { csvImportCalls } from '../../../lib/csv-import-calls.ts';

export interface ContactFilter {
  q: string;
  stageId: string;
  tag?: string;
  channel?: ContactChannel | '';
  /** The server's order (default: newest first). */
  sort?: ContactSort;
}

const one = (id: string) => `/api/contacts/${encodeURIComponent(id)}`;

export function contactsQuery(botId: string, filter: Partial<ContactFilter> & { limit?: number }, cursor?: string | null): string {
  const params = new URLSearchParams({ botId });
  if (filter.q?.trim()) params.set('q', filter.q.trim());
  if (filter.stageId) params.set('stageId', filter.stageId);
  if (filter.tag?.trim()) params.set('tag', filter.tag.trim());
  if (filter.channel) params.set('channel', filter.channel);
  if (filter.sort && filter.sort !== '-createdAt') params.set('sort', filter.sort);
  if (filter.limit) params.set('limit', String(filter.limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

const contactsImport = csvImportCalls('/api/contacts/import');

/** The CRM's calls (/api/contacts…, /api/pipeline…). */
export const crmApi = {
  list: (botId: string, filter: Partial<ContactFilter> & { limit?: number }, cursor?: string | null) => api.get<ContactList>(`/api/contacts?${contactsQuery(botId, filter, cursor)}`),
  get: (id: string) => api.get<ContactResponse>(one(id)),
  create: (body: ContactCreateBody) => api.post<ContactResponse>('/api/contacts', body),
  update: (id: string, body: ContactUpdateBody) => api.request<ContactResponse>(one(id), { method: 'PATCH', body }),
  remove: (id: string) => api.request<void>(one(id), { method: 'DELETE' }),
  addNote: (id: string, text: string) => api.post<ContactNoteResponse>(`${one(id)}/notes`, { text }),
  timeline: (id: string) => api.get<ContactTimeline>(`${one(id)}/timeline`),
  notes: (id: string) => api.get<ContactNoteList>(`${one(id)}/notes`),
  stages: (botId: string) => api.get<PipelineStages>(`/api/pipeline/${encodeURIComponent(botId)}/stages`),
  addStage: (botId: string, body: { name: string; color?: string }) => api.post<{ stage: PipelineStage }>(`/api/pipeline/${encodeURIComponent(botId)}/stages`, body),
  updateStage: (id: string, body: StageUpdateBody) => api.request<{ stage: PipelineStage }>(`/api/pipeline/stages/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  removeStage: (id: string, moveTo?: string) =>
    api.request<void>(`/api/pipeline/stages/${encodeURIComponent(id)}${moveTo ? `?${new URLSearchParams({ moveTo }).toString()}` : ''}`, { method: 'DELETE' }),
  exportUrl: (botId: string) => `/api/contacts/export?botId=${encodeURIComponent(botId)}`,
  merge: (keepId: string, mergeId: string) => api.post<{ contact: Contact }>('/api/contacts/merge', { keepId, mergeId }),
  fields: (botId: string) => api.get<{ fields: ContactField[] }>(`/api/pipeline/${encodeURIComponent(botId)}/fields`),
  addField: (botId: string, body: ContactFieldCreateBody) => api.post<{ field: ContactField }>(`/api/pipeline/${encodeURIComponent(botId)}/fields`, body),
  updateField: (id: string, body: ContactFieldUpdateBody) => api.request<{ field: ContactField }>(`/api/pipeline/fields/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  removeField: (id: string) => api.request<void>(`/api/pipeline/fields/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  importPreview: contactsImport.preview,
  import: contactsImport.run,
};

export const crmKeys = {
  all: (botId: string) => ['crm', botId] as const,
  contacts: (botId: string, filter: ContactFilter) => ['crm', botId, 'contacts', filter] as const,
  column: (botId: string, stageId: string) => ['crm', botId, 'column', stageId] as const,
  stages: (botId: string) => ['crm', botId, 'stages'] as const,
  fields: (botId: string) => ['crm', botId, 'fields'] as const,
  contact: (id: string) => ['crm', 'contact', id] as const,
  timeline: (id: string) => ['crm', 'timeline', id] as const,
  notes: (id: string) => ['crm', 'notes', id] as const,
};

export type { Contact, ContactField, PipelineStage };
