import type { CreateProductBody, DoneResponse, ImportPreviewResponse, ImportResult, ProductListResponse, ProductResponse, UpdateProductBody } from '@charla/shared';
import type { ProgressHandler } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';

export interface ProductQuery {
  q: string;
  inStock: 'all' | 'true' | 'false';
  limit: number;
  offset: number;
}

/** The catalog calls. */
export const productsApi = {
  list(botId: string, query: ProductQuery): Promise<ProductListResponse> {
    const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
    if (query.q.trim()) params.set('q', query.q.trim());
    if (query.inStock !== 'all') params.set('in_stock', query.inStock);
    return api.get<ProductListResponse>(`/api/products/${encodeURIComponent(botId)}?${params.toString()}`);
  },
  create: (body: CreateProductBody) => api.post<ProductResponse>('/api/products', body),
  update: (productId: string, body: UpdateProductBody) =>
    api.request<ProductResponse>(`/api/products/${encodeURIComponent(productId)}`, { method: 'PATCH', body }),
  remove: (productId: string) => api.request<DoneResponse>(`/api/products/${encodeURIComponent(productId)}`, { method: 'DELETE' }),

  preview(botId: string, file: File, onProgress?: ProgressHandler): Promise<ImportPreviewResponse> {
    const form = new FormData();
    form.append('botId', botId);
    form.append('file', file, file.name);
    return api.upload<ImportPreviewResponse>('/api/products/import/preview', form, { onProgress });
  },

  import(botId: string, file: File, mapping: string, onProgress?: ProgressHandler): Promise<ImportResult> {
    const form = new FormData();
    // Fields before the file: the server checks the caller's rights before reading it.
    form.append('botId', botId);
    form.append('mapping', mapping);
    form.append('file', file, file.name);
    return api.upload<ImportResult>('/api/products/import', form, { onProgress });
  },
};
