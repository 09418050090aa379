import { useId, type ReactNode } from 'react';
import { CheckCircleIcon } from '../../../components/ui/icons.tsx';

export interface Choice {
  value: string;
  title: string;
  description?: string;
}

/** Radio buttons drawn as cards: one choice per option, keyboard and screen-reader friendly. */
export function ChoiceGroup({
  name,
  legend,
  hint,
  choices,
  value,
  onChange,
  error,
  columns = 3,
  disabled = false,
  pending,
}: {
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  choices: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  columns?: 2 | 3;
  disabled?: boolean;
  /** Shown beside the legend while nothing is chosen (and no error is shown): what is still missing. */
  pending?: string;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const showPending = Boolean(pending) && !error && value === '';
  return (
    <fieldset aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined} aria-invalid={error ? true : undefined} disabled={disabled}>
      <legend className="flex w-full flex-wrap items-center gap-2 text-sm font-medium text-fg">
        {legend}
        {showPending ? (
          <span className="rounded-full border border-line bg-card-strong px-2 py-0.5 text-xs font-semibold text-muted">{pending}</span>
        ) : null}
      </legend>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <div className={`mt-2 grid gap-2 ${columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {choices.map((choice) => {
          const checked = value === choice.value;
          return (
            <label
              key={choice.value}
              className={`relative flex cursor-pointer items-start gap-3 rounded-xl border px-3.5 py-3 transition has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-highlight/40 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70 ${
                checked ? 'border-highlight bg-highlight/15' : error ? 'border-danger/60 bg-field hover:border-danger' : 'border-line bg-field hover:border-highlight/50'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={errorId}
                className="sr-only"
              />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-fg">{choice.title}</span>
                {choice.description ? <span className="mt-0.5 block text-xs leading-snug text-muted">{choice.description}</span> : null}
              </span>
              <CheckCircleIcon className={`size-5 shrink-0 transition ${checked ? 'text-highlight-text opacity-100' : 'opacity-0'}`} />
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
