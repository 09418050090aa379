import type { DocumentResponse, DocumentsResponse, DoneResponse, PassagesResponse } from '@charla/shared';
import { api } from '../../../lib/api.ts';
import type { DocumentsApi } from '../documents-mutations.ts';

/** The spec's document calls (section 7), plus our YouTube one. */
export const documentsApi: DocumentsApi = {
  list: (botId) => api.get<DocumentsResponse>(`/api/documents/${encodeURIComponent(botId)}`),

  upload(botId, file, onProgress) {
    const form = new FormData();
    // botId first: the server checks the caller's rights before it reads the file.
    form.append('botId', botId);
    form.append('document', file, file.name);
    return api.upload<DocumentResponse>('/api/documents', form, {
      onProgress: (sent, total) => {
        if (total > 0) onProgress(Math.min(1, sent / total));
      },
    });
  },

  text: (botId, text, name) => api.post<DocumentResponse>('/api/training', name ? { botId, text, document_name: name } : { botId, text }),
  // The spec spells this one botID.
  url: (botId, url) => api.post<DocumentResponse>('/api/training-url', { botID: botId, url }),
  youtube: (botId, url) => api.post<DocumentResponse>('/api/training-youtube', { botId, url }),
  remove: (botId, documentId) => api.request<DoneResponse>(`/api/documents/${encodeURIComponent(documentId)}`, { method: 'DELETE', body: { botId } }),
};

/** POST /api/documents/{documentId}/retry: a failed document is read again. */
export const retryDocument = (botId: string, documentId: string) =>
  api.post<DocumentResponse>(`/api/documents/${encodeURIComponent(documentId)}/retry`, { botId });

/** GET /api/documents/{documentId}/passages: a page of what the bot learned from a document. */
export const documentPassages = (botId: string, documentId: string, offset: number, limit: number) =>
  api.get<PassagesResponse>(`/api/documents/${encodeURIComponent(documentId)}/passages?${new URLSearchParams({ botId, offset: String(offset), limit: String(limit) })}`);
