import type { CreateProductBody, ImportPreview, ImportResult, Product, UpdateProductBody } from '@charla/shared';
import type { ProgressHandler } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';

export interface ProductList {
  items: Product[];
  total: number;
}

export interface ProductQuery {
  q: string;
  inStock: 'all' | 'true' | 'false';
  limit: number;
  offset: number;
}

type Saved = { ok: true; product: Product };

/** The catalog calls. */
export const productsApi = {
  list(botId: string, query: ProductQuery): Promise<ProductList> {
    const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
    if (query.q.trim()) params.set('q', query.q.trim());
    if (query.inStock !== 'all') params.set('in_stock', query.inStock);
    return api.get<ProductList>(`/api/products/${encodeURIComponent(botId)}?${params.toString()}`);
  },
  create: (body: CreateProductBody) => api.post<Saved>('/api/products', body),
  update: (productId: string, body: UpdateProductBody) =>
    api.request<Saved>(`/api/products/${encodeURIComponent(productId)}`, { method: 'PATCH', body }),
  remove: (productId: string) => api.request<{ ok: true }>(`/api/products/${encodeURIComponent(productId)}`, { method: 'DELETE' }),

  preview(botId: string, file: File, onProgress?: ProgressHandler): Promise<ImportPreview> {
    const form = new FormData();
    form.append('botId', botId);
    form.append('file', file, file.name);
    return api.upload<ImportPreview>('/api/products/import/preview', form, { onProgress });
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
