import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LockIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { paths } from '../../../lib/navigation.ts';

/** The section on a plan without the mass sender: what it does, and the way to Mi cuenta → Plan. */
export function PlanRequiredState() {
  const { t } = useTranslation('campaigns');
  return (
    <EmptyState icon={<LockIcon className="size-8" />} badge={t('plan.badge')} title={t('plan.title')} description={t('plan.body')}>
      <Link to={paths.plan} className={buttonClasses('primary')}>
        {t('plan.viewPlans')}
      </Link>
    </EmptyState>
  );
}

/** The same offer as a dialog, when the server refuses a step with PLAN_REQUIRED (402). */
export function PlanRequiredModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
  return (
    <Modal
      open={open}
      onClose={onClose}
      icon={<LockIcon className="size-6" />}
      title={t('plan.title')}
      actions={
        <>
          <button type="button" onClick={onClose} className={buttonClasses('secondary')}>
            {t('plan.notNow')}
          </button>
          <Link to={paths.plan} onClick={onClose} className={buttonClasses('primary')}>
            {t('plan.viewPlans')}
          </Link>
        </>
      }
    >
      <p>{t('plan.body')}</p>
    </Modal>
  );
}
