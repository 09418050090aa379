import { useTranslation } from '../../../lib/use-translation.ts';
import type { AffiliateReferrals } from '@charla/shared';
import { affiliateLevels } from '@charla/shared/constants';
import { Card } from '../../../components/ui/card.tsx';
import { UsersIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { formatShortDate } from '../../billing/index.ts';
import type { AffiliateCallError } from '../api/affiliates-client.ts';
import { useReferrals } from '../api/use-affiliates.ts';
import { formatSums } from '../money.ts';
import { intlLocale } from '../../../lib/intl.ts';

type Referral = AffiliateReferrals['referrals'][number];

function Row({ referral, locale }: { referral: Referral; locale: string }) {
  const { t } = useTranslation('referrals');
  return (
    <li className="flex items-start justify-between gap-3 border-b border-line/60 py-3 last:border-0">
      <div className="min-w-0">
        <p className="font-medium break-all" data-referral-email>
          {referral.email}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
          <span>{formatShortDate(referral.signedUpAt, locale)}</span>
          <span
            className={`inline-flex rounded-full border px-2 py-0.5 font-semibold ${referral.paying ? 'border-success/40 bg-success/10 text-fg' : 'border-line bg-field text-muted'}`}
          >
            {referral.paying ? t('referrals.paying') : t('referrals.free')}
          </span>
        </p>
      </div>
      <span className="shrink-0 text-sm font-semibold tabular-nums">{referral.earned.length ? formatSums(referral.earned, locale) : '—'}</span>
    </li>
  );
}

/** The accounts brought, level by level (e-mails masked by the server), with what each earned. */
export function ReferralsList({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('referrals');
  const locale = intlLocale(i18n.resolvedLanguage);
  const referrals = useReferrals(userId, true);
  let body;
  if (referrals.isPending) body = <div className="h-24 animate-pulse rounded-xl bg-field" aria-hidden="true" />;
  else if (referrals.isError)
    body = <LoadFailed title={t('loadFailed')} error={(referrals.error as AffiliateCallError).cause} retryLabel={t('retry')} retrying={referrals.isFetching} onRetry={() => void referrals.refetch()} />;
  else if (!referrals.data.referrals.length)
    body = (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line px-4 py-8 text-center">
        <UsersIcon className="size-6 text-muted" />
        <p className="font-medium">{t('referrals.emptyTitle')}</p>
        <p className="max-w-sm text-sm text-muted">{t('referrals.emptyBody')}</p>
      </div>
    );
  else
    body = (
      <div className="space-y-5">
        {affiliateLevels.map(({ level, rate }) => {
          const rows = referrals.data.referrals.filter((r) => r.level === level);
          if (!rows.length) return null;
          return (
            <section key={level} aria-labelledby={`referrals-level-${level}`}>
              <h3 id={`referrals-level-${level}`} className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold">
                {t('levels.level', { level })} · {t(`levels.${level}`)}
                <span className="font-normal text-muted">
                  {t('levels.rate', { rate: Math.round(rate * 100) })} · {t('referrals.count', { count: rows.length })}
                </span>
              </h3>
              <ul className="mt-1">
                {rows.map((r) => (
                  <Row key={r.id} referral={r} locale={locale} />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    );
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold">{t('referrals.title')}</h2>
      {body}
    </Card>
  );
}
