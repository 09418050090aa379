import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { BillingPlan, BillingPlansResponse } from '@charla/shared';
import type { BillingCurrency, BillingInterval, PaidPlan, PlanLevel } from '@charla/shared/constants';
import { billingCurrencies, planLevels } from '@charla/shared/constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CheckCircleIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useCheckout } from '../api/use-billing.ts';
import { formatCount, formatPrice } from '../billing-format.ts';
import { intlLocale } from '../../../lib/intl.ts';

const rank = (plan: PlanLevel): number => planLevels.indexOf(plan);

/** Mensual / Anual, as two radio buttons (arrow keys move between them). */
function IntervalSwitch({ value, onChange }: { value: BillingInterval; onChange: (value: BillingInterval) => void }) {
  const { t } = useTranslation('billing');
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium text-fg">{t('plansSection.interval')}</legend>
      <div className="inline-flex h-11 rounded-xl border border-line bg-field p-1">
        {(['month', 'year'] as const).map((interval) => (
          <label
            key={interval}
            className={`flex cursor-pointer items-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-highlight/40 ${
              value === interval ? 'bg-highlight text-on-highlight' : 'text-muted hover:text-fg'
            }`}
          >
            <input type="radio" name={name} value={interval} checked={value === interval} onChange={() => onChange(interval)} className="sr-only" />
            {t(`interval.${interval}`)}
            {interval === 'year' ? (
              <span className={`rounded-full px-1.5 py-0.5 text-[11px] font-bold ${value === 'year' ? 'bg-black/15' : 'bg-success/15 text-success'}`}>{t('plansSection.yearBonus')}</span>
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Feature({ included, children }: { included: boolean; children: string }) {
  const { t } = useTranslation('billing');
  return (
    <li className={`flex items-start gap-2 ${included ? 'text-fg' : 'text-muted line-through decoration-muted/50'}`}>
      {included ? <CheckCircleIcon className="mt-0.5 size-4 shrink-0 text-success" /> : <CloseIcon className="mt-0.5 size-4 shrink-0 text-muted" />}
      <span>
        {children}
        {included ? null : <span className="sr-only"> ({t('features.notIncluded')})</span>}
      </span>
    </li>
  );
}

function PlanCard({
  plan,
  interval,
  current,
  paymentsConfigured,
  checkout,
  unavailableId,
  currency,
}: {
  plan: BillingPlan;
  currency: string;
  interval: BillingInterval;
  current: PlanLevel;
  paymentsConfigured: boolean;
  checkout: ReturnType<typeof useCheckout>;
  unavailableId: string;
}) {
  const { t, i18n } = useTranslation('billing');
  const locale = intlLocale(i18n.resolvedLanguage);
  const isCurrent = plan.plan === current;
  const price = plan.prices?.[interval] ?? null;
  const { limits } = plan;
  const pending = checkout.isPending && checkout.variables?.plan === plan.plan;

  let action: ReactNode = null;
  if (isCurrent) {
    action = (
      <Button variant="secondary" disabled className="w-full">
        {t('plansSection.currentButton')}
      </Button>
    );
  } else if (price) {
    const label = rank(plan.plan) > rank(current) ? t('plansSection.upgrade', { plan: t(`plans.${plan.plan}`) }) : t('plansSection.switch', { plan: t(`plans.${plan.plan}`) });
    const blocked = !paymentsConfigured ? t('plansSection.paymentsOff') : !price.purchasable ? t('plansSection.notPurchasable', { currency: price.currency.toUpperCase() }) : null;
    action = (
      <>
        <Button
          variant={rank(plan.plan) > rank(current) ? 'primary' : 'secondary'}
          className="w-full"
          loading={pending}
          disabled={blocked !== null || (checkout.isPending && !pending)}
          aria-describedby={blocked ? `${unavailableId}-${plan.plan}` : undefined}
          onClick={() => checkout.mutate({ plan: plan.plan as PaidPlan, interval, currency: price.currency })}
        >
          {label}
        </Button>
        {blocked ? (
          <p id={`${unavailableId}-${plan.plan}`} className="mt-1.5 text-center text-xs text-muted">
            {blocked}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <Card className={`relative flex flex-col p-4 sm:p-5 ${isCurrent ? 'border-highlight ring-1 ring-highlight' : ''}`} aria-current={isCurrent ? 'true' : undefined}>
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-lg font-bold">{t(`plans.${plan.plan}`)}</h4>
        {isCurrent ? <span className="shrink-0 whitespace-nowrap rounded-full bg-highlight px-2.5 py-0.5 text-xs font-bold text-on-highlight">{t('plansSection.yourPlan')}</span> : null}
      </div>
      <p className="mt-2 flex flex-wrap items-baseline gap-x-1">
        <span className="text-2xl font-bold tracking-tight tabular-nums">{formatPrice(price?.amount ?? 0, price?.currency ?? currency, locale)}</span>
        <span className="text-sm text-muted">{t(`plansSection.per.${interval}`)}</span>
      </p>
      <p className="min-h-5 text-xs text-muted">
        {price && interval === 'year' ? t('plansSection.perMonthEquivalent', { price: formatPrice(Math.round(price.amount / 12), price.currency, locale) }) : ' '}
      </p>
      <ul className="mt-3 grid flex-1 grid-cols-2 content-start gap-x-3 gap-y-1.5 text-xs sm:mt-4 sm:block sm:space-y-2 sm:text-sm">
        <Feature included>{t('features.bots', { count: limits.bots, formatted: formatCount(limits.bots, locale) })}</Feature>
        <Feature included>{t('features.messages', { count: limits.messagesPerMonth, formatted: formatCount(limits.messagesPerMonth, locale) })}</Feature>
        <Feature included={limits.seats > 0}>
          {limits.seats > 0 ? t('features.seats', { count: limits.seats, formatted: formatCount(limits.seats, locale) }) : t('features.noSeats')}
        </Feature>
        <Feature included>{limits.contacts === null ? t('features.contactsUnlimited') : t('features.contacts', { count: limits.contacts, formatted: formatCount(limits.contacts, locale) })}</Feature>
        <Feature included={plan.protectedFeatures}>{t('features.massSender')}</Feature>
        <Feature included={plan.protectedFeatures}>{t('features.partners')}</Feature>
      </ul>
      {action ? <div className="mt-5">{action}</div> : null}
    </Card>
  );
}

/** The plans side by side (a list on a phone), priced in the chosen currency and period. */
export function PlanCards({
  data,
  current,
  currency,
  onCurrency,
  interval,
  onInterval,
}: {
  data: BillingPlansResponse | undefined;
  current: PlanLevel;
  currency: BillingCurrency | null;
  onCurrency: (currency: BillingCurrency) => void;
  interval: BillingInterval;
  onInterval: (interval: BillingInterval) => void;
}) {
  const { t } = useTranslation('billing');
  const checkout = useCheckout(current);
  const unavailableId = useId();
  return (
    <section aria-labelledby="billing-plans-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h3 id="billing-plans-title" className="text-lg font-semibold">
            {t('plansSection.title')}
          </h3>
          <p className="text-sm text-muted">{t('plansSection.description')}</p>
        </div>
        <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
          <IntervalSwitch value={interval} onChange={onInterval} />
          <SelectField
            label={t('plansSection.currency')}
            className="w-full sm:w-56"
            value={currency ?? ''}
            onChange={(event) => onCurrency(event.target.value as BillingCurrency)}
            options={billingCurrencies.map((code) => ({ value: code, label: t(`currencies.${code}`) }))}
          />
        </div>
      </div>
      {data && !data.paymentsConfigured ? <Alert tone="info">{t('plansSection.paymentsOffBody')}</Alert> : null}
      {checkout.isError ? <Alert tone="error">{errorText(checkout.error)}</Alert> : null}
      <div className="grid grid-cols-1 gap-4 sm:[grid-template-columns:repeat(auto-fit,minmax(10.5rem,1fr))]">
        {data
          ? data.plans.map((plan) => (
              <PlanCard
                key={plan.plan}
                plan={plan}
                interval={interval}
                current={current}
                paymentsConfigured={data.paymentsConfigured}
                checkout={checkout}
                unavailableId={unavailableId}
                currency={data.currency}
              />
            ))
          : planLevels.map((plan) => <Card key={plan} className="h-80 animate-pulse" aria-hidden="true" />)}
      </div>
    </section>
  );
}
