import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { BillingCurrency, BillingInterval } from '@charla/shared/constants';
import { Card } from '../../../components/ui/card.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { useBillingPlans, useGeoCurrency, useRefreshUserPlan, useSubscription } from '../api/use-billing.ts';
import { checkoutPollMs, checkoutReturnOf, storeCurrency, storedCurrency, withoutCheckout, type PlanWatch } from '../checkout-return.ts';
import { readStorage, removeStorage, safeSessionStorage, storageKeys } from '../../../lib/storage-keys.ts';
import { CurrentPlan } from './current-plan.tsx';
import { Invoices } from './invoices.tsx';
import { PlanCards } from './plan-cards.tsx';
import { UsageMeters } from './usage-meters.tsx';

/** Mi cuenta's "Plan y facturación": the plan and its state, what it uses, the plans, the invoices. */
export function BillingTab() {
  const { t } = useTranslation('billing');
  const [params, setParams] = useSearchParams();
  const [watch, setWatch] = useState<PlanWatch | null>(null);
  const subscription = useSubscription(watch);
  const refreshUserPlan = useRefreshUserPlan();

  // Back from Stripe Checkout: say so once, and ask for the subscription until the plan changes.
  const checkoutReturn = checkoutReturnOf(params);
  const greeted = useRef(false);
  useEffect(() => {
    if (!checkoutReturn) return;
    setParams((prev) => withoutCheckout(prev), { replace: true });
    if (greeted.current) return;
    greeted.current = true;
    if (checkoutReturn === 'success') {
      showToast(t('checkout.success'), 'success', 8000);
      // The plan the owner left on: when the payment applied already, the first read says so.
      const session = safeSessionStorage();
      const fromPlan = readStorage(storageKeys.checkoutFromPlan, session);
      removeStorage(storageKeys.checkoutFromPlan, session);
      setWatch({ deadline: Date.now() + checkoutPollMs, fromPlan });
    } else {
      showToast(t('checkout.cancel'), 'info');
    }
  }, [checkoutReturn, setParams, t]);

  const plan = subscription.data?.plan;
  useEffect(() => {
    if (!watch || plan === undefined) return;
    if (watch.fromPlan === null) setWatch({ ...watch, fromPlan: plan });
    else if (plan !== watch.fromPlan) {
      setWatch(null);
      void refreshUserPlan();
      showToast(t('checkout.updated', { plan: t(`plans.${plan}`) }), 'success');
    }
  }, [plan, watch, refreshUserPlan, t]);
  useEffect(() => {
    if (!watch) return;
    const timer = setTimeout(() => setWatch(null), Math.max(0, watch.deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [watch]);

  // The currency: the one picked before, else the visitor's own (GET /api/billing/geo).
  const [picked, setPicked] = useState<BillingCurrency | null>(() => storedCurrency());
  const geo = useGeoCurrency(picked === null);
  const currency = picked ?? geo.data?.currency ?? null;
  const pickCurrency = (next: BillingCurrency) => {
    setPicked(next);
    storeCurrency(next);
  };
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const subscribedInterval = subscription.data?.interval;
  useEffect(() => {
    if (subscribedInterval) setBillingInterval(subscribedInterval);
  }, [subscribedInterval]);
  const plans = useBillingPlans(currency);

  if (subscription.isError) {
    return (
      <Card>
        <LoadFailed title={t('loadFailed')} error={subscription.error} retryLabel={t('retry')} retrying={subscription.isFetching} onRetry={() => void subscription.refetch()} />
      </Card>
    );
  }

  return (
    <div className="space-y-6">
      {subscription.data ? (
        <div className="grid gap-6 2xl:grid-cols-2">
          <CurrentPlan subscription={subscription.data} waiting={watch !== null} />
          <UsageMeters subscription={subscription.data} />
        </div>
      ) : (
        <div className="grid gap-6 2xl:grid-cols-2" aria-busy="true">
          <Card className="h-56 animate-pulse" />
          <Card className="h-56 animate-pulse" />
        </div>
      )}
      {plans.isError ? (
        <Card>
          <LoadFailed title={t('plansSection.loadFailed')} error={plans.error} retryLabel={t('retry')} retrying={plans.isFetching} onRetry={() => void plans.refetch()} />
        </Card>
      ) : (
        <PlanCards
          data={plans.data}
          current={subscription.data?.plan ?? 'Free'}
          currency={currency}
          onCurrency={pickCurrency}
          interval={interval}
          onInterval={setBillingInterval}
        />
      )}
      <Invoices />
    </div>
  );
}
