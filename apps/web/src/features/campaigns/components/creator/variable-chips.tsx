import { useTranslation } from '../../../../lib/use-translation.ts';
import { variableToken } from '../../message-preview.ts';

/** The audience's variables as buttons that write `{{name}}` into the text. */
export function VariableChips({ variables, onPick }: { variables: readonly string[]; onPick: (token: string) => void }) {
  const { t } = useTranslation('campaigns');
  if (variables.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label={t('message.variables')}>
      <span className="text-xs text-muted">{t('message.variables')}:</span>
      {variables.map((name) => (
        <button
          key={name}
          type="button"
          onClick={() => onPick(variableToken(name))}
          className="focus-ring rounded-full border border-line bg-field px-2 py-0.5 font-mono text-xs text-fg hover:border-highlight"
          aria-label={t('message.insertVariable', { name })}
        >
          {variableToken(name)}
        </button>
      ))}
    </div>
  );
}

