import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Field, useFieldIds } from './field.tsx';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Adds a show/hide button to a password field. */
  revealable?: boolean;
}

export function TextField({ label, error, hint, revealable = false, type = 'text', className = '', required, ...props }: TextFieldProps) {
  const { t } = useTranslation('common');
  const ids = useFieldIds({ error, hint });
  const [revealed, setRevealed] = useState(false);
  const inputType = revealable && revealed ? 'text' : type;

  return (
    <Field ids={ids} label={label} error={error} hint={hint} className={className}>
      <div className="relative">
        <input
          id={ids.id}
          type={inputType}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={`h-11 w-full rounded-xl border bg-field px-3.5 text-[15px] text-fg placeholder:text-muted/70 transition outline-none focus:border-highlight focus:ring-3 focus:ring-highlight/25 disabled:cursor-not-allowed disabled:opacity-70 ${
            error ? 'border-danger/70' : 'border-line'
          } ${revealable ? 'pe-11' : ''}`}
          {...props}
        />
        {revealable ? (
          <button
            type="button"
            onClick={() => setRevealed((value) => !value)}
            className="focus-ring absolute inset-y-0 end-0 grid w-11 place-items-center rounded-e-xl text-muted hover:text-fg"
            aria-label={revealed ? t('form.hidePassword') : t('form.showPassword')}
            aria-pressed={revealed}
          >
            {revealed ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
          </button>
        ) : null}
      </div>
    </Field>
  );
}
