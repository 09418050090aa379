import { useTranslation } from '../../../lib/use-translation.ts';
import { affiliateLevels, commissionMonths, payoutMinimum } from '@charla/shared/constants';
import { Card } from '../../../components/ui/card.tsx';
import { formatPrice } from '../../billing/index.ts';
import { intlLocale } from '../../../lib/intl.ts';

/** The program's terms, from the one place they are set: the rate of each level, the months, the minimum. */
export function ProgramRules() {
  const { t, i18n } = useTranslation('referrals');
  const locale = intlLocale(i18n.resolvedLanguage);
  return (
    <Card className="h-fit p-5">
      <h2 className="font-semibold">{t('levels.title')}</h2>
      <ol className="mt-3 space-y-2">
        {affiliateLevels.map(({ level, rate }) => (
          <li key={level} className="flex items-center gap-3 rounded-xl border border-line bg-field px-3 py-2">
            <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-gradient text-sm font-bold text-white">{Math.round(rate * 100)}%</span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold">{t('levels.level', { level })}</span>
              <span className="block text-xs text-muted">{t(`levels.${level}`)}</span>
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm text-muted">{t('levels.months', { months: commissionMonths })}</p>
      <p className="mt-2 text-sm text-muted">{t('levels.minimum', { amount: formatPrice(payoutMinimum.mxn, 'mxn', locale) + ' MXN' })}</p>
    </Card>
  );
}
