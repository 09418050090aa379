import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field, useFieldIds } from './field.tsx';
import { ChevronDownIcon } from './icons.tsx';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Further options under headings (<optgroup>), after the plain ones. */
  groups?: ReadonlyArray<{ label: string; options: ReadonlyArray<{ value: string; label: string }> }>;
}

export function SelectField({ label, error, hint, options, groups, className = '', ...props }: SelectFieldProps) {
  const ids = useFieldIds({ error, hint });
  return (
    <Field ids={ids} label={label} error={error} hint={hint} className={className}>
      <div className="relative">
        <select
          id={ids.id}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={`h-11 w-full appearance-none truncate rounded-xl border bg-field ps-3.5 pe-10 text-[15px] text-fg transition outline-none focus:border-highlight focus:ring-3 focus:ring-highlight/25 disabled:cursor-not-allowed disabled:opacity-70 ${
            error ? 'border-danger/70' : 'border-line'
          }`}
          {...props}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {groups?.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute inset-y-0 end-3 my-auto size-4 text-muted" />
      </div>
    </Field>
  );
}
