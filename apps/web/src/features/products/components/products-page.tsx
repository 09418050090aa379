import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Product } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-delete-modal.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ContentSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { BoxIcon, ChevronLeftIcon, ChevronRightIcon, ImportIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import type { ProductQuery } from '../api/products-api.ts';
import { useDeleteProduct, useProducts } from '../api/use-products.ts';
import { ImportDialog } from './import-dialog.tsx';
import { ProductDialog } from './product-dialog.tsx';
import { ProductList } from './product-list.tsx';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { BotPlaygroundLauncher } from '../../playground/index.ts';
import { intlLocale, numberFormat } from '../../../lib/intl.ts';

const pageSize = 20;

type Editing = { product: Product | null } | null;

/** /app/dashboard/{botId}/productos: the catalog the assistant recommends and sells. */
export function ProductsPage() {
  const { botId = '' } = useParams();
  const { t, i18n } = useTranslation('products');
  const [search, setSearch] = useState('');
  const [inStock, setInStock] = useState<ProductQuery['inStock']>('all');
  const [page, setPage] = useState(0);
  const q = useDebounced(search.trim(), 300);
  const query: ProductQuery = { q, inStock, limit: pageSize, offset: page * pageSize };
  const products = useProducts(botId, query);
  const remove = useDeleteProduct(botId);
  const [editing, setEditing] = useState<Editing>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);
  const [confirming, setConfirming] = useState<Product | null>(null);
  const number = numberFormat(intlLocale(i18n.resolvedLanguage));

  // A new search or filter starts at the first page (state adjusted while rendering, no effect).
  const [lastFilter, setLastFilter] = useState(`${q}|${inStock}`);
  if (lastFilter !== `${q}|${inStock}`) {
    setLastFilter(`${q}|${inStock}`);
    setPage(0);
  }

  const openEditor = (product: Product | null) => {
    setDialogKey((key) => key + 1);
    setEditing({ product });
  };
  const openImport = () => {
    setDialogKey((key) => key + 1);
    setImportOpen(true);
  };

  const confirmDelete = () => {
    const product = confirming;
    setConfirming(null);
    if (!product) return;
    remove.mutate(product.id, {
      onSuccess: () => showToast(t('delete.done', { name: product.name }), 'success'),
      onError: (error) => showToast(t('delete.failed', { reason: errorText(error) }), 'error', 8000),
    });
  };

  const actions = (
    <>
      <Button variant="secondary" icon={<ImportIcon className="size-4" />} onClick={openImport}>
        {t('actions.import')}
      </Button>
      <Button icon={<PlusIcon className="size-4" />} onClick={() => openEditor(null)}>
        {t('actions.create')}
      </Button>
    </>
  );

  const data = products.data;
  const total = data?.total ?? 0;
  const filtered = q !== '' || inStock !== 'all';
  const firstShown = total === 0 ? 0 : page * pageSize + 1;
  const lastShown = Math.min(total, (page + 1) * pageSize);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // Past the last page (after a delete or an import elsewhere): back to the last one.
  if (data && page > 0 && page >= pages) setPage(pages - 1);
  // Nothing in the catalog yet: the empty state carries the actions, no search to show.
  const catalogEmpty = !!data && total === 0 && !filtered && !products.isPlaceholderData;
  const forbidden = products.isError && isApiError(products.error) && (products.error.status === 403 || products.error.status === 404);

  let body;
  if (forbidden) {
    body = <EmptyState icon={<BoxIcon className="size-8" />} title={t('notFound.title')} description={errorText(products.error)} />;
  } else if (products.isPending) {
    body = <ContentSpinner />;
  } else if (products.isError && !data) {
    body = (
      <LoadFailed
        title={t('list.loadFailed')}
        error={products.error}
        retryLabel={t('list.retry')}
        retrying={products.isFetching}
        onRetry={() => void products.refetch()}
      />
    );
  } else if (total === 0 && !filtered) {
    body = (
      <div className="px-5 py-12 text-center sm:px-10">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-gradient text-white shadow-xl shadow-brand-violet/25">
          <BoxIcon className="size-7" />
        </span>
        <h2 className="mt-5 text-lg font-semibold">{t('empty.title')}</h2>
        <p className="mx-auto mt-2 max-w-lg text-pretty text-muted">{t('empty.body')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>
      </div>
    );
  } else if (total === 0) {
    body = (
      <div className="px-5 py-12 text-center">
        <p className="font-semibold">{t('list.noResults')}</p>
        <p className="mt-1 text-sm text-muted">{t('list.noResultsHint')}</p>
        <Button
          variant="secondary"
          className="mt-4"
          onClick={() => {
            setSearch('');
            setInStock('all');
          }}
        >
          {t('list.clearFilters')}
        </Button>
      </div>
    );
  } else {
    body = <ProductList products={data?.items ?? []} onEdit={openEditor} onDelete={setConfirming} />;
  }

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={catalogEmpty || forbidden ? null : <div className="hidden gap-2 sm:flex">{actions}</div>} />
      {catalogEmpty || forbidden ? null : <div className="mb-4 flex gap-2 sm:hidden [&>*]:flex-auto">{actions}</div>}

      {forbidden ? (
        body
      ) : (
        <Card className="overflow-hidden">
          <div className={`flex flex-col gap-3 border-b border-line p-4 sm:flex-row sm:items-center sm:px-5 ${catalogEmpty ? 'hidden' : ''}`}>
            <SearchField label={t('filters.search')} placeholder={t('filters.searchPlaceholder')} value={search} onChange={setSearch} look="large" className="flex-1" />
            <label className="flex items-center gap-2 text-sm">
              <span className="shrink-0 text-muted">{t('filters.stock')}</span>
              <select
                value={inStock}
                onChange={(event) => setInStock(event.target.value as ProductQuery['inStock'])}
                className="focus-ring h-11 w-full rounded-xl border border-line bg-surface px-3 text-[15px] text-fg outline-none focus:border-highlight sm:w-auto"
              >
                <option value="all">{t('filters.all')}</option>
                <option value="true">{t('filters.inStock')}</option>
                <option value="false">{t('filters.soldOut')}</option>
              </select>
            </label>
          </div>

          <div aria-busy={products.isFetching || undefined} className={products.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
            {body}
          </div>

          {total > 0 ? (
            <nav aria-label={t('pagination.label')} className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-3 sm:px-5">
              <p className="text-sm text-muted" aria-live="polite">
                {t('pagination.range', { from: number.format(firstShown), to: number.format(lastShown), total: number.format(total) })}
              </p>
              {pages > 1 ? (
                <div className="flex items-center gap-2">
                  <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)} icon={<ChevronLeftIcon className="size-4" />}>
                    {t('pagination.previous')}
                  </Button>
                  <span className="text-sm text-muted tabular-nums">{t('pagination.page', { page: page + 1, pages })}</span>
                  <Button variant="secondary" size="sm" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
                    {t('pagination.next')}
                    <ChevronRightIcon className="size-4" />
                  </Button>
                </div>
              ) : null}
            </nav>
          ) : null}
        </Card>
      )}

      <BotPlaygroundLauncher botId={botId} />
      {editing ? <ProductDialog key={dialogKey} botId={botId} product={editing.product} open onClose={() => setEditing(null)} /> : null}
      {importOpen ? <ImportDialog key={dialogKey} botId={botId} open onClose={() => setImportOpen(false)} /> : null}

      <ConfirmDeleteModal
        open={confirming !== null}
        title={t('delete.title', { name: confirming?.name ?? '' })}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        onCancel={() => setConfirming(null)}
        onConfirm={confirmDelete}
      >
        {t('delete.body')}
      </ConfirmDeleteModal>
    </>
  );
}
