import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ContactField, ContactFieldType } from '@charla/shared';
import { contactFieldTypes } from '@charla/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-delete-modal.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PencilIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText, fieldErrors } from '../../../lib/error-text.ts';
import { useContactFieldMutations } from '../api/use-crm.ts';

const optionsOf = (text: string) => [...new Set(text.split(',').map((o) => o.trim()).filter(Boolean))];

/** One field of the list: its name and kind, renamed or its options changed in place, or deleted. */
function FieldRow({ botId, field }: { botId: string; field: ContactField }) {
  const { t } = useTranslation('crm');
  const { update, remove } = useContactFieldMutations(botId);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(field.name);
  const [options, setOptions] = useState(field.options.join(', '));
  const [confirming, setConfirming] = useState(false);
  const errors = fieldErrors(update.error);
  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: field.id, body: { name, ...(field.type === 'choice' && { options: optionsOf(options) }) } }, { onSuccess: () => setEditing(false) });
  };
  return (
    <li className="rounded-2xl border border-line bg-field px-4 py-3">
      {editing ? (
        <form onSubmit={save} className="space-y-3">
          <TextField label={t('customFields.name')} value={name} maxLength={60} required error={errors.name} onChange={(e) => setName(e.target.value)} />
          {field.type === 'choice' ? (
            <TextField label={t('customFields.options')} hint={t('customFields.optionsHint')} value={options} error={errors.options} onChange={(e) => setOptions(e.target.value)} />
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
              {t('drawer.cancel')}
            </Button>
            <Button type="submit" size="sm" loading={update.isPending}>
              {t('customFields.save')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex items-center gap-3">
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">{field.name}</p>
            <p className="truncate text-sm text-muted">
              {t(`customFields.types.${field.type}`)}
              {field.type === 'choice' ? `: ${field.options.join(', ')}` : ''}
            </p>
          </div>
          <button type="button" className="focus-ring rounded-lg p-2 text-muted hover:text-fg" aria-label={t('customFields.rename', { name: field.name })} onClick={() => setEditing(true)}>
            <PencilIcon className="size-4" />
          </button>
          <button type="button" className="focus-ring rounded-lg p-2 text-muted hover:text-danger" aria-label={t('customFields.delete', { name: field.name })} onClick={() => setConfirming(true)}>
            <TrashIcon className="size-4" />
          </button>
        </div>
      )}
      <ConfirmDeleteModal
        open={confirming}
        title={t('customFields.deleteTitle', { name: field.name })}
        cancelLabel={t('drawer.cancel')}
        confirmLabel={t('customFields.deleteConfirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(field.id, {
            onSuccess: () => {
              setConfirming(false);
              showToast(t('customFields.deleted'));
            },
            onError: (err) => showToast(errorText(err), 'error'),
          })
        }
      >
        {t('customFields.deleteBody')}
      </ConfirmDeleteModal>
    </li>
  );
}

/** The settings of the bot's own contact fields: the list, and a form to add one (name, kind, options). */
export function ContactFieldsDialog({ botId, fields, open, onClose }: { botId: string; fields: readonly ContactField[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('crm');
  const { add } = useContactFieldMutations(botId);
  const [name, setName] = useState('');
  const [type, setType] = useState<ContactFieldType>('text');
  const [options, setOptions] = useState('');
  const errors = fieldErrors(add.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { name, type, ...(type === 'choice' && { options: optionsOf(options) }) },
      {
        onSuccess: () => {
          setName('');
          setOptions('');
          showToast(t('customFields.added'));
        },
      },
    );
  };
  return (
    <SheetDialog open={open} onClose={onClose} size="md" title={t('customFields.title')} subtitle={t('customFields.intro')} footer={<Button onClick={onClose}>{t('customFields.close')}</Button>}>
      <div className="space-y-6">
        {fields.length ? (
          <ul className="space-y-2" aria-label={t('customFields.title')}>
            {fields.map((f) => (
              <FieldRow key={f.id} botId={botId} field={f} />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-line p-4 text-center text-sm text-muted">{t('customFields.empty')}</p>
        )}
        <form onSubmit={submit} className="space-y-3 rounded-2xl border border-line p-4" aria-label={t('customFields.add')}>
          {add.error && !Object.keys(errors).length ? <FormAlert error={add.error} /> : null}
          <TextField label={t('customFields.name')} value={name} maxLength={60} required error={errors.name} onChange={(e) => setName(e.target.value)} />
          <SelectField
            label={t('customFields.type')}
            value={type}
            options={contactFieldTypes.map((v) => ({ value: v, label: t(`customFields.types.${v}`) }))}
            onChange={(e) => setType(e.target.value as ContactFieldType)}
          />
          {type === 'choice' ? (
            <TextField label={t('customFields.options')} hint={t('customFields.optionsHint')} value={options} required error={errors.options} onChange={(e) => setOptions(e.target.value)} />
          ) : null}
          <Button type="submit" size="sm" icon={<PlusIcon className="size-4" />} loading={add.isPending}>
            {t('customFields.add')}
          </Button>
        </form>
      </div>
    </SheetDialog>
  );
}

/** The values of the owner's fields as the drawer's form keeps them: text per field id ('' = no value). */
export type FieldDrafts = Record<string, string>;
export const fieldDraftsOf = (values: Record<string, string | number>): FieldDrafts => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));

/** The body's `customFields`: every field of the bot, a number as a number, an empty one cleared. */
export function fieldValuesOf(fields: readonly ContactField[], drafts: FieldDrafts): Record<string, string | number | null> {
  return Object.fromEntries(
    fields.map((f) => {
      const text = (drafts[f.id] ?? '').trim();
      if (!text) return [f.id, null];
      const n = Number(text.replace(',', '.'));
      return [f.id, f.type === 'number' && Number.isFinite(n) ? n : text];
    }),
  );
}

/** The drawer's inputs of the owner's fields, one per field by its kind. */
export function CustomFieldInputs({ fields, drafts, errors, onChange }: { fields: readonly ContactField[]; drafts: FieldDrafts; errors: Record<string, string>; onChange: (id: string, value: string) => void }) {
  const { t } = useTranslation('crm');
  return (
    <>
      {fields.map((f) =>
        f.type === 'choice' ? (
          <SelectField
            key={f.id}
            label={f.name}
            value={drafts[f.id] ?? ''}
            error={errors[`customFields.${f.id}`]}
            options={[{ value: '', label: t('customFields.none') }, ...f.options.map((o) => ({ value: o, label: o }))]}
            onChange={(e) => onChange(f.id, e.target.value)}
          />
        ) : (
          <TextField
            key={f.id}
            label={f.name}
            type={f.type === 'number' ? 'number' : f.type === 'date' ? 'date' : 'text'}
            step={f.type === 'number' ? 'any' : undefined}
            value={drafts[f.id] ?? ''}
            maxLength={f.type === 'text' ? 500 : undefined}
            error={errors[`customFields.${f.id}`]}
            onChange={(e) => onChange(f.id, e.target.value)}
          />
        ),
      )}
    </>
  );
}
