import { useTranslation } from '../../../lib/use-translation.ts';
import type { BillingInvoice } from '@charla/shared';
import { Card } from '../../../components/ui/card.tsx';
import { FileIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { useInvoices } from '../api/use-billing.ts';
import { formatPrice, formatShortDate } from '../billing-format.ts';
import { invoiceTone } from '../invoice-status.ts';
import { intlLocale } from '../../../lib/intl.ts';

const toneClasses = {
  success: 'border-success/40 bg-success/10 text-success',
  warning: 'border-amber-400/50 bg-amber-400/10 text-amber-400',
  danger: 'border-danger/40 bg-danger/10 text-danger',
  neutral: 'border-line bg-field text-muted',
} as const;

function StatusBadge({ status }: { status: BillingInvoice['status'] }) {
  const { t } = useTranslation('billing');
  return <span className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${toneClasses[invoiceTone(status)]}`}>{t(`invoices.status.${status}`)}</span>;
}

function PdfLink({ invoice }: { invoice: BillingInvoice }) {
  const { t, i18n } = useTranslation('billing');
  const href = invoice.pdfUrl ?? invoice.hostedUrl;
  if (!href) return <span className="text-muted">—</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="focus-ring inline-flex items-center gap-1 rounded-md font-semibold text-fg underline underline-offset-4 whitespace-nowrap"
      aria-label={t('invoices.downloadFor', { number: invoice.number ?? formatShortDate(invoice.createdAt, intlLocale(i18n.resolvedLanguage)) })}
    >
      {invoice.pdfUrl ? t('invoices.download') : t('invoices.view')}
    </a>
  );
}

/** The account's invoices: a table on wide screens, one card each on a phone. */
export function Invoices() {
  const { t, i18n } = useTranslation('billing');
  const locale = intlLocale(i18n.resolvedLanguage);
  const invoices = useInvoices();
  const period = (invoice: BillingInvoice) =>
    invoice.periodStart && invoice.periodEnd ? `${formatShortDate(invoice.periodStart, locale)} – ${formatShortDate(invoice.periodEnd, locale)}` : '—';

  let body;
  if (invoices.isPending) {
    body = <div className="h-24 animate-pulse rounded-xl bg-field" aria-hidden="true" />;
  } else if (invoices.isError) {
    body = <LoadFailed title={t('invoices.loadFailed')} error={invoices.error} retryLabel={t('retry')} retrying={invoices.isFetching} onRetry={() => void invoices.refetch()} />;
  } else if (invoices.data.invoices.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line px-4 py-8 text-center">
        <FileIcon className="size-6 text-muted" />
        <p className="font-medium">{t('invoices.emptyTitle')}</p>
        <p className="max-w-sm text-sm text-muted">{t('invoices.emptyBody')}</p>
      </div>
    );
  } else {
    const rows = invoices.data.invoices;
    body = (
      <>
        <table className="hidden w-full text-sm md:table">
          <caption className="sr-only">{t('invoices.title')}</caption>
          <thead>
            <tr className="border-b border-line text-start text-muted">
              <th scope="col" className="py-2 pe-3 text-start font-medium">{t('invoices.date')}</th>
              <th scope="col" className="py-2 pe-3 text-start font-medium">{t('invoices.number')}</th>
              <th scope="col" className="py-2 pe-3 text-start font-medium">{t('invoices.period')}</th>
              <th scope="col" className="py-2 pe-3 text-end font-medium">{t('invoices.amount')}</th>
              <th scope="col" className="py-2 pe-3 text-start font-medium">{t('invoices.statusLabel')}</th>
              <th scope="col" className="py-2 text-end font-medium">
                <span className="sr-only">{t('invoices.download')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((invoice) => (
              <tr key={invoice.id} className="border-b border-line/60 last:border-0">
                <td className="py-3 pe-3 whitespace-nowrap">{formatShortDate(invoice.paidAt ?? invoice.createdAt, locale)}</td>
                <td className="py-3 pe-3 font-mono text-xs">{invoice.number ?? '—'}</td>
                <td className="py-3 pe-3 text-muted">{period(invoice)}</td>
                <td className="py-3 pe-3 text-end font-medium tabular-nums whitespace-nowrap">{formatPrice(invoice.amount, invoice.currency, locale)}</td>
                <td className="py-3 pe-3">
                  <StatusBadge status={invoice.status} />
                </td>
                <td className="py-3 text-end">
                  <PdfLink invoice={invoice} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="space-y-3 md:hidden">
          {rows.map((invoice) => (
            <li key={invoice.id} className="rounded-xl border border-line bg-field/50 p-4 text-sm">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold tabular-nums">{formatPrice(invoice.amount, invoice.currency, locale)}</p>
                  <p className="text-muted">{formatShortDate(invoice.paidAt ?? invoice.createdAt, locale)}</p>
                </div>
                <StatusBadge status={invoice.status} />
              </div>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
                <dt className="text-muted">{t('invoices.number')}</dt>
                <dd className="truncate font-mono">{invoice.number ?? '—'}</dd>
                <dt className="text-muted">{t('invoices.period')}</dt>
                <dd>{period(invoice)}</dd>
              </dl>
              {invoice.pdfUrl || invoice.hostedUrl ? (
                <div className="mt-3">
                  <PdfLink invoice={invoice} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <Card className="p-5 sm:p-6">
      <h3 className="mb-4 font-semibold">{t('invoices.title')}</h3>
      {body}
    </Card>
  );
}
