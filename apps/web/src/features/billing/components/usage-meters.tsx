import { useTranslation } from '../../../lib/use-translation.ts';
import type { BillingSubscriptionResponse } from '@charla/shared';
import { Card } from '../../../components/ui/card.tsx';
import { formatCount, meterLevel, meterPercent, type MeterLevel } from '../billing-format.ts';
import { intlLocale } from '../../../lib/intl.ts';

const meters = ['messages', 'bots', 'seats', 'contacts'] as const;
type MeterName = (typeof meters)[number];

const barColour: Record<MeterLevel, string> = {
  unlimited: 'bg-success/70',
  ok: 'bg-highlight',
  near: 'bg-amber-400',
  full: 'bg-danger',
};

const figureColour: Record<MeterLevel, string> = {
  unlimited: 'text-muted',
  ok: 'text-muted',
  near: 'text-amber-400',
  full: 'text-danger',
};

function Meter({ name, used, limit }: { name: MeterName; used: number; limit: number | null }) {
  const { t, i18n } = useTranslation('billing');
  const locale = intlLocale(i18n.resolvedLanguage);
  const level = meterLevel(used, limit);
  const label = t(`usage.${name}`);
  const figures = limit === null ? t('usage.usedUnlimited', { used: formatCount(used, locale) }) : t('usage.usedOf', { used: formatCount(used, locale), limit: formatCount(limit, locale) });
  const note = level === 'full' ? t('usage.full') : level === 'near' ? t('usage.near') : null;
  return (
    <li className="min-w-0">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-fg">{label}</span>
        <span className={`shrink-0 tabular-nums ${figureColour[level]}`}>{figures}</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit ?? undefined}
        aria-valuenow={limit === null ? undefined : Math.min(used, limit)}
        aria-valuetext={limit === null ? t('usage.unlimited') : figures}
        className="mt-2 h-2 overflow-hidden rounded-full bg-field"
      >
        <div className={`h-full rounded-full transition-[width] ${barColour[level]}`} style={{ width: `${limit === null ? 100 : meterPercent(used, limit)}%`, opacity: limit === null ? 0.35 : 1 }} />
      </div>
      {note ? <p className={`mt-1 text-xs ${figureColour[level]}`}>{note}</p> : null}
    </li>
  );
}

/** What the account uses this month against its plan: one bar per limit. */
export function UsageMeters({ subscription }: { subscription: BillingSubscriptionResponse }) {
  const { t } = useTranslation('billing');
  const { usage, botsSwitchedOff } = subscription;
  return (
    <Card className="p-5 sm:p-6">
      <h3 className="font-semibold">{t('usage.title')}</h3>
      <ul className="mt-4 grid gap-5 sm:grid-cols-2">
        {meters.map((name) => (
          <Meter key={name} name={name} used={usage[name].used} limit={usage[name].limit} />
        ))}
      </ul>
      {botsSwitchedOff > 0 ? (
        <p role="status" className="mt-5 rounded-lg border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-sm text-fg">
          {t('usage.botsSwitchedOff', { count: botsSwitchedOff })}
        </p>
      ) : null}
    </Card>
  );
}
