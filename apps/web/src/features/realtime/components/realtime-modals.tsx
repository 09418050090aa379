import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { paths } from '../../../lib/navigation.ts';
import { activeFlag, resetFlag, useRealtime, type RealtimeFlag } from '../realtime-store.ts';
import { intlLocale, numberFormat } from '../../../lib/intl.ts';

/** The limit a limit event names, when it names one (a payment error names none). */
function limitOf(flag: RealtimeFlag | null, state: { messageLimitReached: { limit?: number } | null; botLimitReached: { limit?: number } | null }): number | null {
  if (flag === 'messageLimitReached' || flag === 'botLimitReached') return state[flag]?.limit ?? null;
  return null;
}

/**
 * One modal for whichever limit or payment event is pending: what was reached (or what failed),
 * and the way to Mi cuenta's plan tab. Closing it resets its flag.
 */
export function RealtimeModals() {
  const { t, i18n } = useTranslation('dashboard');
  const flag = useRealtime(activeFlag);
  const limit = useRealtime((state) => limitOf(flag, state));
  const close = () => {
    if (flag) resetFlag[flag]();
  };
  const count = limit === null ? null : numberFormat(intlLocale(i18n.resolvedLanguage)).format(limit);

  return (
    <Modal
      open={flag !== null}
      onClose={close}
      icon={<AlertIcon className="size-6" />}
      title={flag ? t(`realtime.${flag}.title`) : ''}
      actions={
        <>
          <button type="button" onClick={close} className={buttonClasses('secondary')}>
            {t('realtime.gotIt')}
          </button>
          <Link to={paths.plan} onClick={close} className={buttonClasses('primary')}>
            {flag === 'paymentError' ? t('realtime.updatePayment') : t('realtime.viewPlans')}
          </Link>
        </>
      }
    >
      {flag ? (
        <>
          {limit !== null && flag !== 'paymentError' ? <p className="mb-2 font-medium text-fg">{t(`realtime.${flag}.limit`, { count: limit, formatted: count })}</p> : null}
          <p>{t(`realtime.${flag}.body`)}</p>
        </>
      ) : null}
    </Modal>
  );
}
