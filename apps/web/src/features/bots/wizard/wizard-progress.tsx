import { useTranslation } from '../../../lib/use-translation.ts';

/** Where the owner is in the wizard: numbered steps with their names, the current one marked. */
export function WizardProgress({ step, labels }: { step: number; labels: readonly string[] }) {
  const { t } = useTranslation('bots');
  return (
    <nav aria-label={t('wizard.progressLabel')}>
      <p className="mb-3 text-xs font-semibold tracking-wider text-muted uppercase">{t('wizard.stepOf', { current: step, total: labels.length })}</p>
      <ol className="flex items-center gap-2">
        {labels.map((label, index) => {
          const number = index + 1;
          const state = number < step ? 'done' : number === step ? 'current' : 'todo';
          return (
            <li key={label} aria-current={state === 'current' ? 'step' : undefined} className="flex min-w-0 flex-1 flex-col gap-2">
              <span
                className={`h-1.5 rounded-full transition ${state === 'todo' ? 'bg-line' : 'bg-highlight'} ${state === 'current' ? 'shadow-[0_0_12px_var(--highlight-color)]' : ''}`}
              />
              <span className={`flex items-center gap-1.5 truncate text-xs font-semibold sm:text-sm ${state === 'todo' ? 'text-muted' : 'text-fg'}`}>
                <span
                  className={`grid size-5 shrink-0 place-items-center rounded-full text-[11px] font-bold ${
                    state === 'todo' ? 'border border-line text-muted' : 'bg-highlight text-on-highlight'
                  }`}
                  aria-hidden="true"
                >
                  {state === 'done' ? '✓' : number}
                </span>
                <span className="truncate">{label}</span>
                {state === 'done' ? <span className="sr-only">{t('wizard.stepDone')}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
