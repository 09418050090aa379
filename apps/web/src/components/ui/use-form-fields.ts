import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { fieldErrors } from '../../lib/error-text.ts';
import { missingFields } from '../../lib/form-checks.ts';

/**
 * The values of a form of text fields and the message under each: "required" from the client's
 * own check until the field is edited, else the server's message for that field.
 */
export function useFormFields<V extends Record<string, string>>(
  initial: V,
  required: readonly (keyof V & string)[],
  serverError: unknown,
  /** The server's own rules for some fields (a message, or undefined when the value is fine). */
  rules: Partial<Record<keyof V & string, (value: string) => string | undefined>> = {},
) {
  const { t } = useTranslation('common');
  const [values, setValues] = useState<V>(initial);
  const [clientErrors, setClientErrors] = useState<Partial<Record<keyof V, string>>>({});
  const serverFields = fieldErrors(serverError);

  const errorFor = (name: keyof V & string): string | undefined => clientErrors[name] ?? serverFields[name];

  /** What a TextField needs for one value: name, value, onChange and its message. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setClientErrors((current) => ({ ...current, [name]: undefined }));
    },
    error: errorFor(name),
  });

  /** Marks the required fields left empty and the values a rule refuses; true when none is. */
  const checkRequired = (): boolean => {
    const missing = missingFields(values, required);
    const found = Object.fromEntries(missing.map((name) => [name, t('validation.required')])) as Partial<Record<keyof V, string>>;
    for (const [name, rule] of Object.entries(rules) as [keyof V & string, (value: string) => string | undefined][]) {
      const problem = found[name] ? undefined : rule(values[name] ?? '');
      if (problem) found[name] = problem;
    }
    if (Object.keys(found).length === 0) return true;
    setClientErrors(found);
    return false;
  };

  /** New values, no client messages. */
  const reset = (next: V) => {
    setValues(next);
    setClientErrors({});
  };

  return { values, field, checkRequired, reset };
}
