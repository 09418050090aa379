import { useTranslation } from '../../../../lib/use-translation.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import type { StepProblem } from '../../creator-draft.ts';

/** What keeps the step from going on, once the owner tried to. */
export function ProblemList({ problems, shown }: { problems: readonly StepProblem[]; shown: boolean }) {
  const { t } = useTranslation('campaigns');
  if (!shown || problems.length === 0) return null;
  return (
    <Alert tone="error" title={t('problems.title')} className="mt-5">
      <ul className="list-disc space-y-0.5 ps-4">
        {problems.map((problem) => (
          <li key={problem}>{t(`problems.${problem}`)}</li>
        ))}
      </ul>
    </Alert>
  );
}

/** A field's own problem, when the owner tried to go on with it. */
export function useProblemOf(problems: readonly StepProblem[], shown: boolean) {
  const { t } = useTranslation('campaigns');
  return (...which: StepProblem[]): string | undefined => {
    const found = shown ? problems.find((p) => which.includes(p)) : undefined;
    return found ? t(`problems.${found}`) : undefined;
  };
}
