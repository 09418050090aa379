import { useTranslation } from 'react-i18next';
import type { ImportPreviewResponse } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { mappingChoices, mappingProblems, sampleValues, type MappingState, type MappingTarget } from '../import-mapping.ts';

/** Each column of the file, an example of its values, and the catalog field it goes to. */
export function ImportMappingStep({ preview, state, onChange }: { preview: ImportPreviewResponse; state: MappingState; onChange: (column: string, target: MappingTarget) => void }) {
  const { t } = useTranslation('products');
  const problems = mappingProblems(state);
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">{t('import.mapping.intro')}</p>
      {problems.includes('nameMissing') ? <Alert tone="error">{t('import.mapping.nameMissing')}</Alert> : null}
      <div className="hidden grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_15rem] gap-4 px-4 text-xs font-semibold tracking-wide text-muted uppercase sm:grid">
        <span>{t('import.mapping.column')}</span>
        <span>{t('import.mapping.example')}</span>
        <span>{t('import.mapping.target')}</span>
      </div>
      <ul className="space-y-2">
        {state.columns.map((column) => {
          const examples = sampleValues(preview.sample, column);
          const target = state.mapping[column] ?? 'ignore';
          return (
            <li
              key={column}
              className={`grid gap-2 rounded-2xl border px-4 py-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_15rem] sm:items-center sm:gap-4 ${
                target === 'ignore' ? 'border-line bg-transparent opacity-80' : 'border-line bg-field'
              }`}
            >
              <p className="truncate font-semibold" title={column}>
                {column}
              </p>
              <p className="truncate text-sm text-muted" title={examples.join(' · ')}>
                {examples.length ? examples.join(' · ') : t('import.mapping.noExample')}
              </p>
              <select
                aria-label={t('import.mapping.selectLabel', { column })}
                value={target}
                onChange={(event) => onChange(column, event.target.value as MappingTarget)}
                className="focus-ring h-11 w-full rounded-xl border border-line bg-surface px-3 text-[15px] text-fg outline-none focus:border-highlight"
              >
                {mappingChoices.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(`import.targets.${choice}`)}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

