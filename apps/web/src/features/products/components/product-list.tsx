import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Product } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';
import { ImageIcon, PencilIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { formatPrice } from '../price.ts';
import { intlLocale, numberFormat } from '../../../lib/intl.ts';

function Thumb({ product }: { product: Product }) {
  const [broken, setBroken] = useState(false);
  if (!product.image_url || broken) {
    return (
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-highlight/12 text-highlight-text">
        <ImageIcon className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={product.image_url}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
      className="size-11 shrink-0 rounded-xl border border-line bg-field object-cover"
    />
  );
}

export function StockBadge({ stock }: { stock: number | null }) {
  const { t, i18n } = useTranslation('products');
  if (stock === null) return <span className="text-sm text-muted">{t('list.stockUntracked')}</span>;
  if (stock === 0) {
    return <span className="inline-flex h-6 items-center rounded-full border border-danger/40 bg-danger/12 px-2 text-xs font-semibold text-danger">{t('list.soldOut')}</span>;
  }
  const formatted = numberFormat(intlLocale(i18n.resolvedLanguage)).format(stock);
  return <span className="text-sm tabular-nums">{t('list.inStock', { count: stock, formatted })}</span>;
}

function Attributes({ attributes }: { attributes: Record<string, string> }) {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return null;
  return (
    <p className="mt-1 truncate text-xs text-muted" title={entries.map(([k, v]) => `${k}: ${v}`).join(' · ')}>
      {entries.map(([k, v]) => `${k}: ${v}`).join(' · ')}
    </p>
  );
}

interface ListProps {
  products: readonly Product[];
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

function Actions({ product, onEdit, onDelete }: { product: Product } & Omit<ListProps, 'products'>) {
  const { t } = useTranslation('products');
  return (
    <div className="flex shrink-0 items-center justify-end gap-1">
      <Button variant="ghost" size="sm" className="px-2.5" aria-label={t('list.edit', { name: product.name })} title={t('list.editShort')} onClick={() => onEdit(product)}>
        <PencilIcon className="size-5" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="px-2.5 hover:text-danger"
        aria-label={t('list.delete', { name: product.name })}
        title={t('list.deleteShort')}
        onClick={() => onDelete(product)}
      >
        <TrashIcon className="size-5" />
      </Button>
    </div>
  );
}

/** A table from the small breakpoint up; cards on a phone. */
export function ProductList({ products, onEdit, onDelete }: ListProps) {
  const { t, i18n } = useTranslation('products');
  const language = i18n.resolvedLanguage ?? 'es';
  const price = (product: Product) => formatPrice(product.price, product.currency, language);

  return (
    <>
      <table className="hidden w-full text-sm md:table">
        <caption className="sr-only">{t('list.caption')}</caption>
        <thead className="border-b border-line text-xs tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className="w-full px-5 py-3 text-start font-semibold">
              {t('list.columns.product')}
            </th>
            <th scope="col" className="px-3 py-3 text-end font-semibold">
              {t('list.columns.price')}
            </th>
            <th scope="col" className="px-3 py-3 text-start font-semibold">
              {t('list.columns.sku')}
            </th>
            <th scope="col" className="px-3 py-3 text-start font-semibold">
              {t('list.columns.stock')}
            </th>
            <th scope="col" className="px-5 py-3 text-end font-semibold">
              <span className="sr-only">{t('list.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {products.map((product) => (
            <tr key={product.id} className="align-middle">
              <td className="max-w-0 px-5 py-3">
                <div className="flex min-w-0 items-center gap-3">
                  <Thumb product={product} />
                  <div className="min-w-0">
                    <p className="truncate font-semibold" title={product.name}>
                      {product.name}
                    </p>
                    {product.description ? (
                      <p className="truncate text-muted" title={product.description}>
                        {product.description}
                      </p>
                    ) : null}
                    <Attributes attributes={product.attributes} />
                  </div>
                </div>
              </td>
              <td className="px-3 py-3 text-end font-semibold whitespace-nowrap tabular-nums">{price(product) ?? <span className="font-normal text-muted">{t('list.noPrice')}</span>}</td>
              <td className="px-3 py-3 whitespace-nowrap text-muted">{product.sku || '—'}</td>
              <td className="px-3 py-3 whitespace-nowrap">
                <StockBadge stock={product.stock} />
              </td>
              <td className="px-5 py-3">
                <Actions product={product} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="divide-y divide-line md:hidden" aria-label={t('list.caption')}>
        {products.map((product) => (
          <li key={product.id} className="px-4 py-4">
            <div className="flex items-start gap-3">
              <Thumb product={product} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{product.name}</p>
                <p className="mt-0.5 text-base font-bold tabular-nums">{price(product) ?? <span className="text-sm font-normal text-muted">{t('list.noPrice')}</span>}</p>
                <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                  {product.sku ? <span>{t('list.skuShort', { sku: product.sku })}</span> : null}
                  <StockBadge stock={product.stock} />
                </div>
                <Attributes attributes={product.attributes} />
              </div>
              <Actions product={product} onEdit={onEdit} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
