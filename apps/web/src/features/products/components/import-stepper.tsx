import { useTranslation } from 'react-i18next';

export const importSteps = ['file', 'preview', 'mapping', 'result'] as const;
export type ImportStep = (typeof importSteps)[number];

/** Where the import is: four bars, named beside them (one line naming the current step on a phone). */
export function ImportStepper({ current }: { current: ImportStep }) {
  const { t } = useTranslation('products');
  const index = importSteps.indexOf(current);
  return (
    <div className="mb-6">
      {/* On a phone the bars carry no labels: one line names the current step. */}
      <p className="mb-2 text-sm font-semibold sm:hidden">{t('import.stepOf', { n: index + 1, total: importSteps.length, name: t(`import.steps.${current}`) })}</p>
      <ol className="grid grid-cols-4 gap-2" aria-label={t('import.stepsLabel')}>
        {importSteps.map((step, i) => (
          <li key={step} aria-current={i === index ? 'step' : undefined} className="min-w-0">
            <div className={`h-1.5 rounded-full ${i <= index ? 'bg-highlight' : 'bg-[color-mix(in_srgb,var(--font-color)_12%,transparent)]'}`} />
            <p className={`mt-2 hidden truncate text-sm font-semibold sm:block ${i === index ? 'text-fg' : 'text-muted'}`}>
              <span className="tabular-nums">{i + 1}.</span> {t(`import.steps.${step}`)}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}

