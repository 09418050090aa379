import { useTranslation } from '../../../lib/use-translation.ts';
import type { MetaRegisterStep } from '@charla/shared';
import { metaRegisterSteps } from '@charla/shared/constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { stepStates, type StepState } from '../channel-state.ts';

/** Why connecting a number failed: the step Meta refused (when known), whether a signup code was used, and the words. */
export interface StepReport {
  failed: MetaRegisterStep | null;
  usedCode: boolean;
  message: string;
}

const stepMarks: Record<StepState, string> = { done: '✓', failed: '✕', pending: '·', skipped: '–' };

/** Each step of connecting a number with how far it got, then the error. */
export function StepsReport({ report }: { report: StepReport }) {
  const { t } = useTranslation('channels');
  const states = stepStates(report.failed, report.usedCode);
  return (
    <Alert tone="error" title={t('steps.title')}>
      {report.failed ? (
        <ol className="mb-2 space-y-0.5">
          {metaRegisterSteps.map((step) => (
            <li key={step} data-step={step} data-step-state={states[step]}>
              <span aria-hidden className="inline-block w-4">
                {stepMarks[states[step]]}
              </span>
              {t(`steps.${step}`)} — {t(`steps.state.${states[step]}`)}
            </li>
          ))}
        </ol>
      ) : null}
      <p>{report.message}</p>
    </Alert>
  );
}
