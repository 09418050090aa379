import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateProductBody, UpdateProductBody } from '@charla/shared';
import { productsApi, type ProductQuery } from './products-api.ts';

export const productsKey = (botId: string) => ['products', botId] as const;

/** GET /api/products/{botId} with search, stock filter and a page; the previous page stays while the next loads. */
export function useProducts(botId: string, query: ProductQuery) {
  return useQuery({
    queryKey: [...productsKey(botId), query],
    queryFn: () => productsApi.list(botId, query),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

function useInvalidateProducts(botId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productsKey(botId) });
}

export function useSaveProduct(botId: string) {
  const invalidate = useInvalidateProducts(botId);
  return useMutation({
    mutationFn: (input: { productId: string; body: UpdateProductBody } | { productId: null; body: CreateProductBody }) =>
      input.productId !== null ? productsApi.update(input.productId, input.body) : productsApi.create(input.body),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct(botId: string) {
  const invalidate = useInvalidateProducts(botId);
  return useMutation({
    mutationFn: (productId: string) => productsApi.remove(productId),
    onSettled: invalidate,
  });
}

export function useImportPreview(botId: string) {
  return useMutation({ mutationFn: ({ file, onProgress }: { file: File; onProgress?: (sent: number, total: number) => void }) => productsApi.preview(botId, file, onProgress) });
}

export function useImportCatalog(botId: string) {
  const invalidate = useInvalidateProducts(botId);
  return useMutation({
    mutationFn: ({ file, mapping, onProgress }: { file: File; mapping: string; onProgress?: (sent: number, total: number) => void }) =>
      productsApi.import(botId, file, mapping, onProgress),
    onSuccess: invalidate,
  });
}
