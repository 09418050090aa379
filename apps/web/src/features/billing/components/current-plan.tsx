import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { BillingSubscriptionResponse } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useCancelAtPeriodEnd, usePortal } from '../api/use-billing.ts';
import { cardText, formatDay, hasPaidSubscription, statusText, type StatusTone } from '../billing-format.ts';
import { intlLocale } from '../../../lib/intl.ts';

const toneClasses: Record<StatusTone, string> = {
  success: 'border-success/40 bg-success/10 text-success',
  warning: 'border-amber-400/50 bg-amber-400/10 text-amber-400',
  danger: 'border-danger/40 bg-danger/10 text-danger',
  neutral: 'border-line bg-field text-muted',
};

/** The plan the account is on, its state in words, the card, and the buttons to manage it. */
export function CurrentPlan({ subscription, waiting }: { subscription: BillingSubscriptionResponse; waiting: boolean }) {
  const { t, i18n } = useTranslation('billing');
  const locale = intlLocale(i18n.resolvedLanguage);
  const portal = usePortal();
  const cancel = useCancelAtPeriodEnd();
  const [confirming, setConfirming] = useState(false);
  const status = statusText(subscription);
  const paid = hasPaidSubscription(subscription);
  const card = cardText(subscription.paymentMethod);
  const periodEnd = subscription.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd, locale) : '';
  const statusWords = t(`status.${status.key}`, { date: status.date ? formatDay(status.date, locale) : '' });

  const setCancel = (cancelAtPeriodEnd: boolean) =>
    cancel.mutate(
      { cancelAtPeriodEnd },
      {
        onSuccess: () => {
          setConfirming(false);
          showToast(t(cancelAtPeriodEnd ? 'current.cancelled' : 'current.resumed'), 'success');
        },
        onError: (error) => {
          setConfirming(false);
          showToast(errorText(error), 'error');
        },
      },
    );

  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-muted">{t('current.label')}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-2xl font-bold tracking-tight">{t(`plans.${subscription.plan}`)}</span>
            <span className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${toneClasses[status.tone]}`}>{statusWords}</span>
          </p>
        </div>
        {paid && subscription.paymentsConfigured ? (
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <Button variant="secondary" loading={portal.isPending} onClick={() => portal.mutate(undefined, { onError: (error) => showToast(errorText(error), 'error') })}>
              {t('current.managePayment')}
            </Button>
            {subscription.cancelAtPeriodEnd ? (
              <Button variant="primary" loading={cancel.isPending} onClick={() => setCancel(false)}>
                {t('current.resume')}
              </Button>
            ) : (
              <Button variant="ghost" onClick={() => setConfirming(true)}>
                {t('current.cancel')}
              </Button>
            )}
          </div>
        ) : null}
      </div>

      {paid ? (
        <dl className="mt-5 grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted">{subscription.cancelAtPeriodEnd ? t('current.endsOn') : t('current.renewsOn')}</dt>
            <dd className="mt-0.5 font-medium">{periodEnd || '—'}</dd>
          </div>
          <div>
            <dt className="text-muted">{t('current.interval')}</dt>
            <dd className="mt-0.5 font-medium">{subscription.interval ? t(`interval.${subscription.interval}`) : '—'}</dd>
          </div>
          <div>
            <dt className="text-muted">{t('current.paymentMethod')}</dt>
            <dd className="mt-0.5 font-medium">{card ?? t('current.noCard')}</dd>
          </div>
        </dl>
      ) : null}

      {status.key === 'graceUntil' || status.key === 'pastDue' ? (
        <Alert tone="error" className="mt-5" title={t('current.paymentFailedTitle')}>
          {t('current.paymentFailedBody')}
        </Alert>
      ) : null}
      {waiting ? (
        <Alert tone="info" className="mt-5">
          {t('checkout.waiting')}
        </Alert>
      ) : null}

      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        icon={<AlertIcon className="size-6" />}
        title={t('current.confirmTitle')}
        actions={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('current.keep')}
            </Button>
            <Button variant="danger" loading={cancel.isPending} onClick={() => setCancel(true)}>
              {t('current.confirmCancel')}
            </Button>
          </>
        }
      >
        <p>{periodEnd ? t('current.confirmBody', { date: periodEnd, plan: t(`plans.${subscription.plan}`) }) : t('current.confirmBodyNoDate')}</p>
      </Modal>
    </Card>
  );
}
