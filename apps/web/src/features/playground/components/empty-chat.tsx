import { useTranslation } from '../../../lib/use-translation.ts';
import { BotIcon } from '../../../components/ui/icons.tsx';

export type Suggestion = 'price' | 'hours' | 'appointment';
const suggestions: readonly Suggestion[] = ['price', 'hours', 'appointment'];

/** Before the first message: what the playground is for, and three questions to start with. */
export function EmptyChat({ name, onPick }: { name: string; onPick: (suggestion: Suggestion) => void }) {
  const { t } = useTranslation('playground');
  return (
    <div className="m-auto flex max-w-xs flex-col items-center px-2 py-8 text-center animate-rise">
      <span className="grid size-14 place-items-center rounded-full bg-brand-gradient text-white shadow-xl shadow-brand-violet/30" aria-hidden="true">
        <BotIcon className="size-7" />
      </span>
      <p className="mt-3 text-sm font-semibold text-muted">{name}</p>
      <h3 className="mt-1 text-lg font-bold tracking-tight text-balance">{t('empty.title')}</h3>
      <p className="mt-1.5 text-sm text-pretty text-muted">{t('empty.body')}</p>
      <ul aria-label={t('empty.suggestionsLabel')} className="mt-5 flex flex-wrap justify-center gap-2">
        {suggestions.map((key) => (
          <li key={key}>
            <button
              type="button"
              onClick={() => onPick(key)}
              className="focus-ring rounded-full border border-highlight/45 bg-highlight/12 px-3.5 py-2 text-sm font-medium text-fg transition hover:border-highlight hover:bg-highlight/25"
            >
              {t(`suggestions.${key}`)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
