import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { FileIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { formatLocale, formatPrice, formatShortDate } from '../../billing/index.ts';
import type { AffiliateCallError } from '../api/affiliates-client.ts';
import { useAffiliatePayments } from '../api/use-affiliates.ts';
import { formatMonth } from '../money.ts';

/** The monthly payouts: pending until the main admin pays them, then paid with a reference. */
export function PayoutsList({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('referrals');
  const locale = formatLocale(i18n.resolvedLanguage);
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
          <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-line/60 py-3 last:border-0">
            <span className="min-w-0 flex-1 font-medium capitalize">{formatMonth(p.month, locale, 'long')}</span>
            <span className="font-semibold tabular-nums">{formatPrice(p.amount, p.currency, locale)}</span>
            <span
              className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold ${p.status === 'paid' ? 'border-success/40 bg-success/10 text-fg' : 'border-amber-400/50 bg-amber-400/10 text-fg'}`}
            >
              {p.status === 'paid' ? t('payments.paid', { date: formatShortDate(p.paidAt, locale) }) : t('payments.pending')}
            </span>
            {p.reference ? <span className="w-full text-xs text-muted">{t('payments.reference')}: {p.reference}</span> : null}
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
