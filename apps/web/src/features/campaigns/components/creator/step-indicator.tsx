import { useTranslation } from '../../../../lib/use-translation.ts';
import { TickIcon } from '../../../../components/ui/icons.tsx';
import { creatorSteps, type CreatorStep } from '../../creator-draft.ts';

/** The four steps with the current one marked; a step already passed can be opened again. */
export function StepIndicator({ current, reached, onOpen }: { current: CreatorStep; reached: number; onOpen: (step: CreatorStep) => void }) {
  const { t } = useTranslation('campaigns');
  const index = creatorSteps.indexOf(current);
  return (
    <nav aria-label={t('creator.stepsLabel')} className="mb-6">
      <p className="mb-2 text-xs font-semibold text-muted sm:hidden">{t('creator.stepOf', { index: index + 1, total: creatorSteps.length })}</p>
      <ol className="grid grid-cols-4 gap-1.5 sm:gap-3">
        {creatorSteps.map((step, i) => {
          const done = i < index;
          const open = i <= reached && i !== index;
          const content = (
            <>
              <span
                className={`grid size-7 shrink-0 place-items-center rounded-full text-xs font-bold ${
                  i === index ? 'bg-highlight text-on-highlight' : done ? 'bg-success/90 text-white' : 'border border-line text-muted'
                }`}
                aria-hidden="true"
              >
                {done ? <TickIcon className="size-3.5" /> : i + 1}
              </span>
              <span className={`hidden truncate text-sm font-medium sm:block ${i === index ? 'text-fg' : 'text-muted'}`}>{t(`creator.steps.${step}`)}</span>
            </>
          );
          return (
            <li key={step} className="min-w-0">
              <div className={`h-1 rounded-full ${i <= index ? 'bg-highlight' : 'bg-field'}`} aria-hidden="true" />
              {open ? (
                <button type="button" onClick={() => onOpen(step)} className="focus-ring mt-2 flex w-full min-w-0 items-center gap-2 rounded-lg text-start hover:opacity-80">
                  {content}
                  <span className="sr-only sm:hidden">{t(`creator.steps.${step}`)}</span>
                </button>
              ) : (
                <div className="mt-2 flex min-w-0 items-center gap-2" aria-current={i === index ? 'step' : undefined}>
                  {content}
                  <span className="sr-only sm:hidden">{t(`creator.steps.${step}`)}</span>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
