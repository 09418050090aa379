import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Contact, ContactUpdateBody, PipelineStage, TimelineItem } from '@charla/shared';
import { crmLimits, dealCurrency } from '@charla/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-delete-modal.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { CloseIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { closeOnBackdrop, useNativeDialog } from '../../../components/ui/use-native-dialog.ts';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText, fieldErrors } from '../../../lib/error-text.ts';
import { phoneToSend, usePhoneFormat } from '../../../lib/phone-input.ts';
import { useContact, useContactFields, useCrmMutations, useTimeline } from '../api/use-crm.ts';
import { dealValueForServer, dealValueText, formatWhen } from './crm-format.ts';
import { CustomFieldInputs, fieldDraftsOf, fieldValuesOf, type FieldDrafts } from './custom-fields.tsx';
import { MergeDialog } from './merge-dialog.tsx';

interface Draft {
  name: string;
  phone: string;
  email: string;
  tags: string;
  stageId: string;
  marketingConsent: boolean;
  /** The deal's value as typed ("18500.50"). */
  value: string;
  fields: FieldDrafts;
}
const draftOf = (c: Contact, phone: (p: string) => string): Draft => ({
  name: c.name,
  phone: phone(c.phone),
  email: c.email,
  tags: c.tags.join(', '),
  stageId: c.stageId ?? '',
  marketingConsent: c.marketingConsent,
  value: dealValueText(c.dealValueCents),
  fields: fieldDraftsOf(c.customFields),
});
const capturedKeys = ['interest', 'product', 'budget'] as const;
const tagsOf = (text: string) => [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];

/** One event of the contact's history, in words. */
function TimelineEntry({ item }: { item: TimelineItem }) {
  const { t, i18n } = useTranslation(['crm', 'common']);
  const when = formatWhen(item.at, i18n.language);
  let body;
  switch (item.kind) {
    case 'message':
      body = (
        <>
          <span className="font-semibold">{t(`timeline.author.${item.author}`)}</span> · {t(`common:channelNames.${item.channel}`)}
          <p className="mt-0.5 whitespace-pre-wrap break-words text-fg">{item.text || t('timeline.attachment')}</p>
        </>
      );
      break;
    case 'appointment':
      body = <span>{t(item.status === 'cancelled' ? 'timeline.appointmentCancelled' : 'timeline.appointment', { service: item.service || t('timeline.noService'), when: formatWhen(item.startAt, i18n.language) })}</span>;
      break;
    case 'stage':
      body = <span>{item.from ? t('timeline.stageMoved', { from: item.from, to: item.to }) : t('timeline.stageSet', { to: item.to })}</span>;
      break;
    default:
      body = (
        <>
          <span className="font-semibold">{t('timeline.note')}</span>
          <p className="mt-0.5 whitespace-pre-wrap break-words text-fg">{item.text}</p>
        </>
      );
  }
  return (
    <li className="border-s-2 border-line ps-3 text-sm text-muted" data-kind={item.kind}>
      <time dateTime={item.at} className="block text-xs">
        {when}
      </time>
      {body}
    </li>
  );
}

/** A contact's card: fields to edit (the owner's own too), what the bot captured, notes, history, merging and erasing. */
export function ContactDrawer({ botId, contactId, stages, onClose, onOpen }: { botId: string; contactId: string | null; stages: PipelineStage[]; onClose: () => void; onOpen?: (id: string) => void }) {
  const { t } = useTranslation(['crm', 'common']);
  const dialog = useNativeDialog(Boolean(contactId), onClose);
  const titleId = useId();
  const contact = useContact(contactId);
  const timeline = useTimeline(contactId);
  const { update, remove, addNote } = useCrmMutations(botId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [merging, setMerging] = useState(false);
  const fields = useContactFields(botId);

  const phone = usePhoneFormat();
  useEffect(() => {
    if (contact.data) setDraft(draftOf(contact.data, phone));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contact.data]);
  // The phone rules may arrive after the contact: its phone, if untouched, is then shown grouped.
  useEffect(() => {
    setDraft((d) => (d && contact.data && d.phone === contact.data.phone ? { ...d, phone: phone(d.phone) } : d));
  }, [phone, contact.data]);
  useEffect(() => {
    if (!contactId) {
      setDraft(null);
      setNote('');
      update.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contactId]);

  const errors = fieldErrors(update.error);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!contactId || !draft) return;
    update.mutate(
      {
        id: contactId,
        body: {
          name: draft.name,
          phone: draft.phone.trim() ? phoneToSend(draft.phone) : '',
          email: draft.email,
          tags: tagsOf(draft.tags),
          stageId: draft.stageId || undefined,
          marketingConsent: draft.marketingConsent,
          // Text that is no amount goes as typed: the server answers with the rule.
          dealValueCents: dealValueForServer(draft.value) as ContactUpdateBody['dealValueCents'],
          ...(fields.data?.length && { customFields: fieldValuesOf(fields.data, draft.fields) }),
        },
      },
      { onSuccess: () => showToast(t('drawer.saved')) },
    );
  };
  const submitNote = (event: FormEvent) => {
    event.preventDefault();
    if (!contactId || !note.trim()) return;
    addNote.mutate({ id: contactId, text: note }, { onSuccess: () => setNote('') });
  };
  const erase = () => {
    if (!contactId) return;
    remove.mutate(contactId, {
      onSuccess: () => {
        setConfirming(false);
        showToast(t('drawer.deleted'));
        onClose();
      },
      onError: (err) => showToast(errorText(err), 'error'),
    });
  };

  return (
    <dialog
      {...dialog}
      aria-labelledby={titleId}
      onClick={closeOnBackdrop(onClose)}
      className="fixed inset-y-0 end-0 start-auto m-0 h-dvh max-h-none w-full max-w-md border-s border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/30"
    >
      <div className="flex h-full flex-col">
        <header className="flex items-center gap-3 border-b border-line px-5 py-4">
          <h2 id={titleId} className="min-w-0 flex-1 truncate text-lg font-bold">
            {contact.data?.name || t('table.noName')}
          </h2>
          {contact.data && !contact.data.marketingConsent ? <span className="shrink-0 rounded bg-danger/10 px-1.5 py-0.5 text-xs text-danger">{t('optOut')}</span> : null}
          <button type="button" onClick={onClose} className="focus-ring rounded-lg p-1.5 text-muted hover:text-fg" aria-label={t('drawer.close')}>
            <CloseIcon className="size-5" />
          </button>
        </header>
        {!draft ? (
          <div className="grid flex-1 place-items-center">
            <Spinner />
          </div>
        ) : (
          <div className="flex-1 space-y-6 overflow-y-auto px-5 py-4">
            <form onSubmit={save} className="space-y-3" aria-label={t('drawer.fields')}>
              {update.error && !Object.keys(errors).length ? <FormAlert error={update.error} /> : null}
              <TextField label={t('fields.name')} value={draft.name} maxLength={120} error={errors.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
              <TextField label={t('fields.phone')} type="tel" value={draft.phone} maxLength={40} error={errors.phone} onChange={(e) => setDraft({ ...draft, phone: e.target.value })} />
              <TextField label={t('fields.email')} type="email" value={draft.email} maxLength={254} error={errors.email} onChange={(e) => setDraft({ ...draft, email: e.target.value })} />
              <TextField label={t('fields.tags')} hint={t('fields.tagsHint')} value={draft.tags} error={errors.tags} onChange={(e) => setDraft({ ...draft, tags: e.target.value })} />
              <TextField
                label={t('fields.valueWithCurrency', { currency: dealCurrency })}
                hint={t('fields.valueHint')}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                value={draft.value}
                maxLength={20}
                error={errors.dealValueCents}
                onChange={(e) => setDraft({ ...draft, value: e.target.value })}
              />
              <SelectField
                label={t('fields.stage')}
                value={draft.stageId}
                hint={contact.data?.stageSetBy ? t(`stageSetBy.${contact.data.stageSetBy}`) : undefined}
                options={stages.map((s) => ({ value: s.id, label: s.name }))}
                onChange={(e) => setDraft({ ...draft, stageId: e.target.value })}
              />
              <Switch checked={draft.marketingConsent} onChange={(v) => setDraft({ ...draft, marketingConsent: v })} label={t('fields.consent')} />
              {fields.data?.length ? (
                <fieldset className="space-y-3 border-t border-line pt-3">
                  <legend className="pt-3 text-sm font-semibold">{t('customFields.section')}</legend>
                  <CustomFieldInputs fields={fields.data} drafts={draft.fields} errors={errors} onChange={(id, value) => setDraft({ ...draft, fields: { ...draft.fields, [id]: value } })} />
                </fieldset>
              ) : null}
              {contact.data ? (
                <dl className="grid grid-cols-2 gap-2 rounded-xl bg-card p-3 text-sm">
                  <dt className="text-muted">{t('fields.source')}</dt>
                  <dd>{contact.data.sourceChannel ? t(`common:channelNames.${contact.data.sourceChannel}`) : t('table.byHand')}</dd>
                  <dt className="text-muted">{t('fields.first')}</dt>
                  <dd>{formatWhen(contact.data.firstContactAt)}</dd>
                  <dt className="text-muted">{t('fields.last')}</dt>
                  <dd>{contact.data.lastContactAt ? formatWhen(contact.data.lastContactAt) : '—'}</dd>
                </dl>
              ) : null}
              <Button type="submit" loading={update.isPending}>
                {t('drawer.save')}
              </Button>
            </form>

            {contact.data ? (
              <section aria-labelledby={`${titleId}-captured`} className="space-y-2">
                <h3 id={`${titleId}-captured`} className="font-semibold">
                  {t('captured.title')}
                </h3>
                {capturedKeys.some((k) => contact.data.captured[k]) ? (
                  <dl className="grid grid-cols-2 gap-2 rounded-xl bg-card p-3 text-sm">
                    {capturedKeys.map((k) =>
                      contact.data.captured[k] ? (
                        <div key={k} className="contents">
                          <dt className="text-muted">{t(`captured.${k}`)}</dt>
                          <dd>{contact.data.captured[k]}</dd>
                        </div>
                      ) : null,
                    )}
                  </dl>
                ) : (
                  <p className="text-sm text-muted">{t('captured.empty')}</p>
                )}
              </section>
            ) : null}

            <section aria-labelledby={`${titleId}-notes`} className="space-y-2">
              <h3 id={`${titleId}-notes`} className="font-semibold">
                {t('drawer.notes')}
              </h3>
              <form onSubmit={submitNote} className="space-y-2">
                <TextareaField label={t('drawer.newNote')} value={note} maxLength={crmLimits.note} rows={3} onChange={(e) => setNote(e.target.value)} error={addNote.error ? errorText(addNote.error) : undefined} />
                <Button type="submit" variant="secondary" size="sm" loading={addNote.isPending} disabled={!note.trim()}>
                  {t('drawer.addNote')}
                </Button>
              </form>
            </section>

            <section aria-labelledby={`${titleId}-history`} className="space-y-2">
              <h3 id={`${titleId}-history`} className="font-semibold">
                {t('drawer.history')}
              </h3>
              {timeline.data?.length ? (
                <ol className="space-y-3" aria-label={t('drawer.history')}>
                  {timeline.data.map((item) => (
                    <TimelineEntry key={`${item.kind}-${item.id}`} item={item} />
                  ))}
                </ol>
              ) : timeline.isPending ? (
                <Spinner />
              ) : (
                <p className="text-sm text-muted">{t('drawer.noHistory')}</p>
              )}
            </section>

            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setMerging(true)}>
                {t('merge.open')}
              </Button>
              <Button variant="danger" icon={<TrashIcon className="size-4" />} onClick={() => setConfirming(true)}>
                {t('drawer.delete')}
              </Button>
            </div>
          </div>
        )}
      </div>
      {merging && contact.data ? (
        <MergeDialog
          botId={botId}
          first={contact.data}
          open
          onClose={() => setMerging(false)}
          onMerged={(keptId) => {
            setMerging(false);
            if (keptId !== contactId) onOpen?.(keptId);
          }}
        />
      ) : null}
      <ConfirmDeleteModal
        open={confirming}
        title={t('drawer.deleteTitle', { name: contact.data?.name || t('table.noName') })}
        cancelLabel={t('drawer.cancel')}
        confirmLabel={t('drawer.deleteConfirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={erase}
      >
        {t('drawer.deleteBody')}
      </ConfirmDeleteModal>
    </dialog>
  );
}
