import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';

/**
 * One group of settings: a titled card with its own form and "Guardar cambios" button
 * (enabled once something changed). Locked bots show the same card read-only.
 */
export function SectionCard({
  id,
  icon,
  title,
  description,
  children,
  onSubmit,
  dirty,
  saving,
  readOnly,
  onDiscard,
  aside,
}: {
  id: string;
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Without it the card has no save button (its controls save by themselves). */
  onSubmit?: () => void;
  dirty?: boolean;
  saving?: boolean;
  readOnly: boolean;
  onDiscard?: () => void;
  /** Shown at the end of the title row (a switch, a badge). */
  aside?: ReactNode;
}) {
  const { t } = useTranslation('bots');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!readOnly && !saving) onSubmit?.();
  };
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-32 rounded-2xl border border-line bg-card backdrop-blur-xl render-later">
      <form noValidate onSubmit={submit}>
        <header className="flex flex-wrap items-start gap-x-4 gap-y-3 border-b border-line px-5 py-4 sm:px-6">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-highlight/15 text-highlight-text">{icon}</span>
          <div className="min-w-0 flex-1">
            <h2 id={`${id}-title`} className="font-semibold text-fg">
              {title}
            </h2>
            {description ? <p className="mt-0.5 text-pretty text-sm text-muted">{description}</p> : null}
          </div>
          {aside ? <div className="flex w-full items-center sm:w-auto">{aside}</div> : null}
        </header>
        <fieldset disabled={readOnly} className="min-w-0 space-y-5 px-5 py-5 sm:px-6">
          {children}
        </fieldset>
        {onSubmit && !readOnly ? (
          <footer className="flex flex-wrap items-center justify-end gap-3 border-t border-line px-5 py-3.5 sm:px-6">
            {dirty ? <span className="me-auto text-xs font-medium text-muted">{t('personalization.unsaved')}</span> : null}
            {dirty && onDiscard ? (
              <Button variant="ghost" size="sm" onClick={onDiscard} disabled={saving}>
                {t('personalization.discard')}
              </Button>
            ) : null}
            <Button type="submit" size="sm" loading={saving} disabled={!dirty}>
              {saving ? t('personalization.saving') : t('personalization.save')}
            </Button>
          </footer>
        ) : null}
      </form>
    </section>
  );
}
