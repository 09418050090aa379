import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { paths } from '../../../lib/navigation.ts';
import { activeFlag, resetFlag, useRealtime } from '../realtime-store.ts';

/** One modal for whichever limit or payment event is pending; closing it resets its flag. */
export function RealtimeModals() {
  const { t } = useTranslation('dashboard');
  const flag = useRealtime(activeFlag);
  const close = () => {
    if (flag) resetFlag[flag]();
  };

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
          <Link to={paths.general('mi-cuenta')} onClick={close} className={buttonClasses('primary')}>
            {t('realtime.viewPlan')}
          </Link>
        </>
      }
    >
      {flag ? <p>{t(`realtime.${flag}.body`)}</p> : null}
    </Modal>
  );
}
