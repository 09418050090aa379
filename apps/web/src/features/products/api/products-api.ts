import type { CreateProductBody, Product, UpdateProductBody } from '@charla/shared';
import { api } from '../../../lib/api.ts';
import { csvImportCalls } from '../../../lib/csv-import-calls.ts';

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

const catalogImport = csvImportCalls('/api/products/import');

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

  preview: catalogImport.preview,
  import: catalogImport.run,
};
