import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';

export type Problems<V> = Partial<Record<keyof V, string>>;

/** The values of a connection form and the message under each field; typing clears the field's message. */
export function useConnectionFields<V extends Record<string, string>>(empty: V) {
  const [values, setValues] = useState<V>(empty);
  const [problems, setProblems] = useState<Problems<V>>({});
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: problems[name],
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setProblems((current) => ({ ...current, [name]: undefined }));
    },
  });
  /** Shows the problems found; true when there are none. */
  const check = (found: Problems<V>): boolean => {
    setProblems(found);
    return Object.keys(found).length === 0;
  };
  return { values, field, check, setProblems, clear: () => setValues(empty) };
}

/** A channel's connection form: its fields, then Cancel and Connect. */
export function ConnectionForm({ label, saving, onSubmit, onCancel, children }: { label: string; saving: boolean; onSubmit: () => void; onCancel: () => void; children: ReactNode }) {
  const { t } = useTranslation('channels');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} aria-label={label} className="space-y-3 rounded-xl border border-line p-3">
      {children}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" size="sm" loading={saving}>
          {t('form.connect')}
        </Button>
      </div>
    </form>
  );
}
