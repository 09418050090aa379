import { useTranslation } from '../../../lib/use-translation.ts';
import type { AffiliateProfile } from '@charla/shared';
import { Card } from '../../../components/ui/card.tsx';
import { formatSums } from '../money.ts';
import { intlLocale, numberFormat } from '../../../lib/intl.ts';

/** Sign-ups, paying accounts, this month's earnings, the pending payout and what was paid. */
export function AffiliateFigures({ figures }: { figures: AffiliateProfile['figures'] }) {
  const { t, i18n } = useTranslation('referrals');
  const locale = intlLocale(i18n.resolvedLanguage);
  const count = numberFormat(locale);
  const tiles = [
    { key: 'signups', value: count.format(figures.signups) },
    { key: 'paying', value: count.format(figures.payingAccounts) },
    { key: 'thisMonth', value: formatSums(figures.earningsThisMonth, locale) },
    { key: 'pending', value: formatSums(figures.pending, locale) },
    { key: 'paid', value: formatSums(figures.paid, locale) },
  ] as const;
  return (
    <section aria-labelledby="affiliate-figures">
      <h2 id="affiliate-figures" className="sr-only">
        {t('figures.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
        {tiles.map((tile) => (
          <Card key={tile.key} className={`p-4 ${tile.key === 'signups' ? 'col-span-2 md:col-span-1' : ''}`}>
            <dt className="text-xs font-medium text-muted">{t(`figures.${tile.key}`)}</dt>
            <dd className="mt-1 text-xl font-bold tracking-tight tabular-nums sm:text-2xl" data-figure={tile.key}>
              {tile.value}
            </dd>
          </Card>
        ))}
      </dl>
      {figures.balance.some((b) => b.amount > 0) ? <p className="mt-2 text-sm text-muted">{t('figures.balance', { amount: formatSums(figures.balance, locale) })}</p> : null}
    </section>
  );
}
