import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { Field, useFieldIds } from './field.tsx';

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shows "used / max" under the field. */
  maxChars?: number;
}

export function TextareaField({ label, error, hint, maxChars, className = '', value, rows = 4, ...props }: TextareaFieldProps) {
  const ids = useFieldIds({ error, hint, counter: !!maxChars });
  const used = typeof value === 'string' ? value.length : 0;
  const counter = maxChars ? (
    <p id={ids.counterId} className={`shrink-0 text-xs tabular-nums ${used > maxChars ? 'text-danger' : 'text-muted'}`}>
      {used}/{maxChars}
    </p>
  ) : null;

  return (
    <Field ids={ids} label={label} error={error} hint={hint} counter={counter} className={className}>
      <textarea
        id={ids.id}
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`block w-full resize-y rounded-xl border bg-field px-3.5 py-2.5 text-[15px] leading-relaxed text-fg placeholder:text-muted/70 transition outline-none focus:border-highlight focus:ring-3 focus:ring-highlight/25 disabled:cursor-not-allowed disabled:opacity-70 ${
          error ? 'border-danger/70' : 'border-line'
        }`}
        {...props}
      />
    </Field>
  );
}
