import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { documentPassages } from '../api/documents-api.ts';
import { intlLocale, numberFormat } from '../../../lib/intl.ts';

export const passagesPerPage = 10;

/** The passages the bot learned from one document, in order, a page at a time. */
export function PassagesView({ botId, documentId }: { botId: string; documentId: string }) {
  const { t, i18n } = useTranslation('training');
  const [offset, setOffset] = useState(0);
  const passages = useQuery({
    queryKey: ['passages', documentId, offset],
    queryFn: () => documentPassages(botId, documentId, offset, passagesPerPage),
    placeholderData: keepPreviousData,
  });
  const count = numberFormat(intlLocale(i18n.resolvedLanguage));

  if (passages.isPending) return <p className="mt-2 text-sm text-muted">{t('passages.loading')}</p>;
  if (passages.isError) return <p className="mt-2 text-sm text-danger">{t('passages.failed')}</p>;
  const { items, total } = passages.data;
  if (total === 0) return <p className="mt-2 text-sm text-muted">{t('passages.empty')}</p>;

  return (
    <div className="mt-2 rounded-lg border border-line bg-field" aria-busy={passages.isFetching || undefined}>
      <ol className="max-h-96 divide-y divide-line overflow-auto" aria-label={t('passages.title')}>
        {items.map((p) => (
          <li key={p.ordinal} className="px-3 py-2.5 text-sm">
            <p className="font-semibold text-fg">{p.heading || t('passages.untitled', { number: p.ordinal + 1 })}</p>
            <p className="mt-0.5 whitespace-pre-line text-muted">{p.text}</p>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line px-3 py-2">
        <p className="text-xs text-muted tabular-nums" aria-live="polite">
          {t('passages.range', { from: count.format(offset + 1), to: count.format(offset + items.length), total: count.format(total) })}
        </p>
        {total > passagesPerPage ? (
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - passagesPerPage))}>
              {t('passages.previous')}
            </Button>
            <Button variant="secondary" size="sm" disabled={offset + passagesPerPage >= total} onClick={() => setOffset(offset + passagesPerPage)}>
              {t('passages.next')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
