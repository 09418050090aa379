import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import type { CampaignCounts, CampaignRecipient, RecipientFilter, RecipientStatus } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatInZone } from '../../appointments/index.ts';
import { useRecipients } from '../api/use-campaigns.ts';
import { useReasonText } from './use-reason-text.ts';
import { intlLocale, numberFormat } from '../../../lib/intl.ts';

/** The filters the table offers, in the order a campaign moves through them. */
export const recipientFilterOrder = ['queued', 'sent', 'delivered', 'read', 'replied', 'failed', 'skipped', 'optedOut'] as const satisfies readonly RecipientFilter[];

const statusColour: Record<RecipientStatus, string> = {
  queued: 'text-muted',
  sending: 'text-muted',
  sent: 'text-fg',
  delivered: 'text-fg',
  read: 'text-success',
  failed: 'text-danger',
  skipped: 'text-amber-500',
};

/** How many recipients a filter holds, from the campaign's counts (sending ones wait with the queued). */
export function filterCount(counts: CampaignCounts, filter: RecipientFilter): number | null {
  if (filter === 'sending') return null;
  return counts[filter];
}

/** The latest moment of a recipient's life: replied, read, delivered, failed or sent. */
const lastMoment = (r: CampaignRecipient): string | null => r.repliedAt ?? r.readAt ?? r.deliveredAt ?? r.failedAt ?? r.sentAt;

/** The campaign's recipients, one status at a time (or all), a cursor page at a time; failures with their reason. */
export function RecipientsTable({ campaignId, counts, filter, onFilter, timeZone }: { campaignId: string; counts: CampaignCounts; filter: RecipientFilter | null; onFilter: (filter: RecipientFilter | null) => void; timeZone: string }) {
  const { t, i18n } = useTranslation('campaigns');
  const locale = i18n.resolvedLanguage ?? 'es';
  const reasonText = useReasonText();
  const recipients = useRecipients(campaignId, filter);
  const items = useMemo(() => recipients.data?.pages.flatMap((page) => page.items) ?? [], [recipients.data]);
  const number = numberFormat(intlLocale(locale));

  const columns = useMemo<ColumnDef<CampaignRecipient>[]>(
    () => [
      { id: 'name', header: t('recipients.columns.name'), cell: ({ row: { original: r } }) => r.name || t('recipients.noName') },
      { id: 'phone', header: t('recipients.columns.phone'), cell: ({ row: { original: r } }) => r.phone },
      {
        id: 'status',
        header: t('recipients.columns.status'),
        cell: ({ row: { original: r } }) => (
          <span className={`font-medium ${statusColour[r.status]}`}>
            {t(`recipientStatus.${r.status}`)}
            {r.repliedAt ? <span className="ms-1.5 rounded bg-highlight/15 px-1.5 py-0.5 text-xs text-fg">{t('recipientStatus.replied')}</span> : null}
            {r.optedOutAt ? <span className="ms-1.5 rounded bg-danger/10 px-1.5 py-0.5 text-xs text-danger">{t('recipientStatus.optedOut')}</span> : null}
          </span>
        ),
      },
      { id: 'reason', header: t('recipients.columns.reason'), cell: ({ row: { original: r } }) => (r.reason ? reasonText(r.reason, r.metaCode) : '—') },
      {
        id: 'when',
        header: t('recipients.columns.when'),
        cell: ({ row: { original: r } }) => {
          const at = lastMoment(r);
          return at ? formatInZone(at, timeZone, locale) : '—';
        },
      },
    ],
    [t, reasonText, timeZone, locale],
  );
  const table = useReactTable({ data: items, columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => r.id });
  const options = [
    { value: '', label: t('recipients.all', { count: counts.total, formatted: number.format(counts.total) }) },
    ...recipientFilterOrder.map((f) => {
      const count = filterCount(counts, f);
      return { value: f, label: count === null ? t(`recipientFilter.${f}`) : `${t(`recipientFilter.${f}`)} (${number.format(count)})` };
    }),
  ];

  return (
    <section aria-labelledby="recipients-title" className="mt-8">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="recipients-title" className="text-lg font-semibold text-fg">
          {t('recipients.title')}
        </h2>
        <SelectField
          label={t('recipients.filter')}
          name="recipient_filter"
          className="w-full sm:w-64"
          value={filter ?? ''}
          onChange={(event) => onFilter((event.target.value || null) as RecipientFilter | null)}
          options={options}
        />
      </div>
      {recipients.isError ? (
        <LoadFailed title={t('recipients.loadFailed')} error={recipients.error} retryLabel={t('actions.retry')} retrying={recipients.isFetching} onRetry={() => void recipients.refetch()} />
      ) : recipients.isPending ? (
        <p className="flex items-center gap-2 p-4 text-sm text-muted">
          <Spinner className="size-4" />
          {t('recipients.loading')}
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-line p-6 text-center text-sm text-muted">{filter ? t('recipients.noneOfFilter') : t('recipients.none')}</p>
      ) : (
        <>
          {/* Phones: one card per recipient. */}
          <ul className="space-y-2 md:hidden" aria-label={t('recipients.title')}>
            {table.getRowModel().rows.map((row) => {
              const r = row.original;
              const at = lastMoment(r);
              return (
                <li key={row.id} data-recipient={r.phone} className="rounded-xl border border-line bg-card p-3 text-sm">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-fg">{r.name || t('recipients.noName')}</p>
                      <p className="text-xs text-muted">{r.phone}</p>
                    </div>
                    <span className={`shrink-0 text-xs font-semibold ${statusColour[r.status]}`}>{t(`recipientStatus.${r.status}`)}</span>
                  </div>
                  {r.reason ? <p className="mt-2 rounded-lg bg-danger/10 px-2 py-1 text-xs text-danger">{reasonText(r.reason, r.metaCode)}</p> : null}
                  {at ? <p className="mt-1 text-xs text-muted">{formatInZone(at, timeZone, locale)}</p> : null}
                </li>
              );
            })}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl border border-line md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('recipients.title')}</caption>
              <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => (
                      <th key={header.id} scope="col" className="px-3 py-2 whitespace-nowrap">
                        {flexRender(header.column.columnDef.header, header.getContext())}
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.id} data-recipient={row.original.phone} className="border-t border-line">
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className={`px-3 py-2 ${cell.column.id === 'reason' ? 'min-w-56 text-pretty' : 'whitespace-nowrap'}`}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {recipients.hasNextPage ? (
            <div className="mt-3 flex justify-center">
              <Button variant="secondary" loading={recipients.isFetchingNextPage} onClick={() => void recipients.fetchNextPage()}>
                {t('recipients.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
