import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shows "used / max" under the field. */
  maxChars?: number;
}

export function TextareaField({ label, error, hint, maxChars, className = '', value, rows = 4, ...props }: TextareaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const counterId = maxChars ? `${id}-count` : undefined;
  const describedBy = [errorId, hintId, counterId].filter(Boolean).join(' ') || undefined;
  const used = typeof value === 'string' ? value.length : 0;

  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`block w-full resize-y rounded-xl border bg-field px-3.5 py-2.5 text-[15px] leading-relaxed text-fg placeholder:text-muted/70 transition outline-none focus:border-highlight focus:ring-3 focus:ring-highlight/25 disabled:cursor-not-allowed disabled:opacity-70 ${
          error ? 'border-danger/70' : 'border-line'
        }`}
        {...props}
      />
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {hint || maxChars ? (
        <div className="flex items-start justify-between gap-3">
          {hint ? (
            <p id={hintId} className="text-xs text-muted">
              {hint}
            </p>
          ) : (
            <span />
          )}
          {maxChars ? (
            <p id={counterId} className={`shrink-0 text-xs tabular-nums ${used > maxChars ? 'text-danger' : 'text-muted'}`}>
              {used}/{maxChars}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
