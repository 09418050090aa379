import { useId, type ReactNode } from 'react';

export interface FieldIds {
  id: string;
  errorId: string | undefined;
  hintId: string | undefined;
  counterId: string | undefined;
  /** For the control's aria-describedby: error, hint and counter, when there are. */
  describedBy: string | undefined;
}

/** The ids that tie a field's control to its label, error, hint and counter. */
export function useFieldIds({ error, hint, counter = false }: { error?: string | undefined; hint?: ReactNode; counter?: boolean }): FieldIds {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const counterId = counter ? `${id}-count` : undefined;
  const describedBy = [errorId, hintId, counterId].filter(Boolean).join(' ') || undefined;
  return { id, errorId, hintId, counterId, describedBy };
}

/**
 * A form field around its control: the label, then the error and the hint. A field that counts
 * characters passes `counter` (null when it does not count), and its hint sits beside it.
 */
export function Field({
  ids,
  label,
  error,
  hint,
  counter,
  className,
  children,
}: {
  ids: FieldIds;
  label: ReactNode;
  error: string | undefined;
  hint: ReactNode;
  counter?: ReactNode;
  className: string;
  children: ReactNode;
}) {
  const hintText = hint ? (
    <p id={ids.hintId} className="text-xs text-muted">
      {hint}
    </p>
  ) : null;
  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={ids.id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      {children}
      {error ? (
        <p id={ids.errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {counter === undefined ? (
        hintText
      ) : hint || counter ? (
        <div className="flex items-start justify-between gap-3">
          {hintText ?? <span />}
          {counter}
        </div>
      ) : null}
    </div>
  );
}
