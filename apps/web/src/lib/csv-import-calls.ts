import type { ImportPreview, ImportResult } from '@charla/shared';
import type { ProgressHandler } from './api-client.ts';
import { api } from './api.ts';

/**
 * The two calls of a CSV import at `base` (the catalog's, the contacts'): `${base}/preview` reads
 * the file, `base` imports it with the owner's column mapping. The text fields go before the file,
 * so the server checks the caller's rights before reading it.
 */
export function csvImportCalls(base: string) {
  const form = (fields: Record<string, string>, file: File) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    body.append('file', file, file.name);
    return body;
  };
  return {
    preview: (botId: string, file: File, onProgress?: ProgressHandler) => api.upload<ImportPreview>(`${base}/preview`, form({ botId }, file), { onProgress }),
    run: (botId: string, file: File, mapping: string, onProgress?: ProgressHandler) => api.upload<ImportResult>(base, form({ botId, mapping }, file), { onProgress }),
  };
}
