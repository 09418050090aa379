import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { WhatsappTemplateBody, WhatsappTemplateOption } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { clearWhatsappTemplate, saveWhatsappTemplate } from '../api/channels-calls.ts';
import { whatsappTemplateKey, useWhatsappTemplate, useWhatsappTemplates } from '../api/use-channels.ts';
import { findTemplate, initialChoice, splitTemplates, templateBody, templateKey, templateLabel, textParts } from '../template-choice.ts';

/** How Meta writes the body variable that receives the reply; shown as is in the explanations. */
const variable = '{{1}}';

/**
 * The template a connected WhatsApp number sends when the customer has not written for 24 hours:
 * the current one, a chooser over the account's approved templates (read from Meta), and clearing it.
 */
export function WhatsappTemplateSection({ botId, readOnly }: { botId: string; readOnly: boolean }) {
  const { t } = useTranslation('channels');
  const client = useQueryClient();
  const current = useWhatsappTemplate(botId, true);
  const [choosing, setChoosing] = useState(false);
  const [asking, setAsking] = useState(false);
  const [clearing, setClearing] = useState(false);
  const template = current.data ?? null;

  const stored = (value: WhatsappTemplateBody | null) => client.setQueryData(whatsappTemplateKey(botId), value);

  const clear = async () => {
    setAsking(false);
    setClearing(true);
    try {
      stored(await clearWhatsappTemplate(botId));
      showToast(t('template.cleared'), 'success');
    } catch (error) {
      showToast(errorText(error), 'error');
    } finally {
      setClearing(false);
    }
  };

  return (
    <section id="plantilla-whatsapp" aria-labelledby="plantilla-whatsapp-title" className="space-y-3 rounded-xl border border-line p-3 sm:p-4">
      <div>
        <h4 id="plantilla-whatsapp-title" className="text-sm font-semibold text-fg">
          {t('template.title')}
        </h4>
        <p className="mt-0.5 text-pretty text-sm text-muted">{t('template.description')}</p>
      </div>
      {current.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" />
          {t('template.loadingCurrent')}
        </p>
      ) : current.isError ? (
        <Alert tone="error">
          <span className="inline-flex flex-wrap items-center gap-3">
            {errorText(current.error)}
            <Button size="sm" variant="secondary" onClick={() => void current.refetch()}>
              {t('retry')}
            </Button>
          </span>
        </Alert>
      ) : template ? (
        <dl data-template-current className="grid grid-cols-1 rounded-lg bg-card px-3 py-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3 sm:gap-y-1">
          <dt className="text-xs text-muted sm:text-sm">{t('template.current')}</dt>
          <dd className="mb-1.5 min-w-0 break-words font-mono text-fg sm:mb-0">{template.name}</dd>
          <dt className="text-xs text-muted sm:text-sm">{t('template.language')}</dt>
          <dd className="mb-1.5 font-mono text-fg sm:mb-0">{template.language}</dd>
          <dt className="text-xs text-muted sm:text-sm">{t('template.reply')}</dt>
          <dd className="text-pretty text-fg">{template.with_text ? t('template.withText', { variable }) : t('template.withoutText')}</dd>
        </dl>
      ) : (
        <p data-template-current="none" className="text-pretty rounded-lg border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-sm text-fg">
          {t('template.none')}
        </p>
      )}
      {!readOnly && !choosing && current.isSuccess ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant={template ? 'secondary' : 'primary'} onClick={() => setChoosing(true)}>
            {template ? t('template.change') : t('template.choose')}
          </Button>
          {template ? (
            <Button size="sm" variant="ghost" loading={clearing} onClick={() => setAsking(true)}>
              {t('template.clear')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {choosing && !readOnly ? (
        <TemplateChooser
          botId={botId}
          current={template}
          onDone={(saved) => {
            if (saved) stored(saved);
            setChoosing(false);
          }}
        />
      ) : null}
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={t('template.clearTitle')}
        actions={
          <>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              {t('disconnect.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void clear()}>
              {t('template.clearConfirm')}
            </Button>
          </>
        }
      >
        {t('template.clearBody')}
      </Modal>
    </section>
  );
}

function TemplateChooser({ botId, current, onDone }: { botId: string; current: WhatsappTemplateBody | null; onDone: (saved: WhatsappTemplateBody | null) => void }) {
  const { t } = useTranslation('channels');
  const listing = useWhatsappTemplates(botId, true);
  const options = listing.data ?? [];
  const { usable, unusable } = splitTemplates(options);
  const [picked, setPicked] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = picked ?? initialChoice(options, current);
  const chosen = findTemplate(usable, key);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await saveWhatsappTemplate(botId, templateBody(chosen));
      showToast(t('template.saved'), 'success');
      onDone(saved);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate aria-label={t('template.formLabel')} onSubmit={(event) => void submit(event)} className="space-y-3 border-t border-line pt-3">
      {listing.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" />
          {t('template.loading')}
        </p>
      ) : listing.isError ? (
        <Alert tone="error" title={t('template.loadFailed')}>
          <span className="inline-flex flex-wrap items-center gap-3">
            {errorText(listing.error)}
            <Button size="sm" variant="secondary" onClick={() => void listing.refetch()}>
              {t('retry')}
            </Button>
          </span>
        </Alert>
      ) : usable.length === 0 ? (
        <Alert tone="info" title={t('template.emptyTitle')}>
          {t('template.empty', { variable })}
        </Alert>
      ) : (
        <>
          <SelectField
            label={t('template.field')}
            hint={t('template.fieldHint', { count: usable.length })}
            value={key}
            onChange={(event) => {
              setPicked(event.target.value);
              setError(null);
            }}
            options={usable.map((o) => ({ value: templateKey(o), label: templateLabel(o) }))}
          />
          {chosen ? <TemplatePreview option={chosen} /> : null}
        </>
      )}
      {unusable.length > 0 ? (
        <details className="rounded-lg border border-line px-3 py-2 text-sm">
          <summary className="cursor-pointer text-muted">{t('template.unusableSummary', { count: unusable.length })}</summary>
          <ul className="mt-2 space-y-1">
            {unusable.map((o) => (
              <li key={templateKey(o)} className="text-pretty">
                <span className="font-mono text-fg">{templateLabel(o)}</span>
                <span className="text-muted"> — {t(`template.problem.${o.problem}`)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" size="sm" className="w-full sm:w-auto" onClick={() => onDone(null)}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" size="sm" className="w-full sm:w-auto" loading={saving} disabled={!chosen}>
          {t('template.save')}
        </Button>
      </div>
    </form>
  );
}

/** The chosen template as the customer would see it, with {{1}} marked where the reply goes. */
function TemplatePreview({ option }: { option: WhatsappTemplateOption }) {
  const { t } = useTranslation('channels');
  const marked = (text: string) =>
    textParts(text).map((part, i) =>
      part.variable ? (
        <mark key={i} className="rounded bg-highlight/20 px-1 font-semibold text-highlight-text">
          {t('template.replyHere')}
        </mark>
      ) : (
        <span key={i}>{part.text}</span>
      ),
    );
  return (
    <figure aria-label={t('template.previewLabel')} className="space-y-2">
      <div className="max-w-md rounded-2xl rounded-tl-sm border border-line bg-card px-3 py-2 text-sm text-fg shadow-sm">
        {option.header ? <p className="mb-1 font-semibold">{marked(option.header)}</p> : null}
        <p className="whitespace-pre-line text-pretty break-words">{marked(option.body)}</p>
        {option.footer ? <p className="mt-1 text-xs text-muted">{option.footer}</p> : null}
      </div>
      <figcaption className="text-pretty text-xs text-muted">
        {option.with_text ? t('template.previewWithText', { variable }) : t('template.previewWithoutText')}
        {option.category ? ` ${t('template.category', { category: option.category })}` : null}
      </figcaption>
    </figure>
  );
}
