import { useTranslation } from '../../../lib/use-translation.ts';
import { Card } from '../../../components/ui/card.tsx';
import { FileIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { formatPrice, formatShortDate } from '../../billing/index.ts';
import type { AffiliateCallError } from '../api/affiliates-client.ts';
import { useAffiliatePayments } from '../api/use-affiliates.ts';
import { formatMonth } from '../money.ts';
import { intlLocale } from '../../../lib/intl.ts';

/** The monthly payouts: pending until the main admin pays them, then paid with a reference. */
export function PayoutsList({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('referrals');
  const locale = intlLocale(i18n.resolvedLanguage);
  const payments = useAffiliatePayments(userId, true);
  let body;
  if (payments.isPending) body = <div className="h-16 animate-pulse rounded-xl bg-field" aria-hidden="true" />;
  else if (payments.isError)
    body = <LoadFailed title={t('loadFailed')} error={(payments.error as AffiliateCallError).cause} retryLabel={t('retry')} retrying={payments.isFetching} onRetry={() => void payments.refetch()} />;
  else if (!payments.data.payments.length)
    body = (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line px-4 py-8 text-center">
        <FileIcon className="size-6 text-muted" />
        <p className="font-medium">{t('payments.emptyTitle')}</p>
        <p className="max-w-sm text-sm text-muted">{t('payments.emptyBody')}</p>
      </div>
    );
  else
    body = (
      <ul>
        {payments.data.payments.map((p) => (
          <li key={p.id} className="flex items-start justify-between gap-3 border-b border-line/60 py-3 last:border-0">
            <div className="min-w-0">
              <p className="font-medium">{formatMonth(p.month, locale, 'long')}</p>
              {p.reference ? (
                <p className="mt-1 text-xs break-all text-muted">
                  {t('payments.reference')}: {p.reference}
                </p>
              ) : null}
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <span className="font-semibold tabular-nums">{formatPrice(p.amount, p.currency, locale)}</span>
              <span
                className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold ${p.status === 'paid' ? 'border-success/40 bg-success/10 text-fg' : 'border-amber-400/50 bg-amber-400/10 text-fg'}`}
              >
                {p.status === 'paid' ? t('payments.paid', { date: formatShortDate(p.paidAt, locale) }) : t('payments.pending')}
              </span>
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold">{t('payments.title')}</h2>
      {body}
    </Card>
  );
}
