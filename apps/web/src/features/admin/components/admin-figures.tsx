import { useTranslation } from '../../../lib/use-translation.ts';
import { Card } from '../../../components/ui/card.tsx';
import { useAdminOverview } from '../api/use-admin-console.ts';
import { intlLocale, numberFormat } from '../../../lib/intl.ts';

/** The service's figures: accounts, paying accounts, active bots, messages today and this month, accounts by plan. */
export function AdminFigures() {
  const { t, i18n } = useTranslation('admin');
  const overview = useAdminOverview();
  const number = numberFormat(intlLocale(i18n.resolvedLanguage));
  if (!overview.data) return null;
  const o = overview.data;
  const figures = [
    ['accounts', o.accounts],
    ['paying', o.paying_accounts],
    ['activeBots', o.active_bots],
    ['messagesToday', o.messages_today],
    ['messagesMonth', o.messages_month],
    ['suspended', o.suspended_accounts],
  ] as const;
  return (
    <section aria-labelledby="admin-figures" className="space-y-3">
      <h2 id="admin-figures" className="text-lg font-semibold">
        {t('figures.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([key, value]) => (
          <Card key={key} className="p-4">
            <dt className="text-xs text-muted">{t(`figures.${key}`)}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{number.format(value)}</dd>
          </Card>
        ))}
      </dl>
      <p className="text-sm text-muted">
        {t('figures.byPlan')}{' '}
        {o.accounts_by_plan.map((p) => `${p.plan} ${number.format(p.accounts)}`).join(' · ')}
      </p>
    </section>
  );
}
