import { useCallback, useDeferredValue, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Contact, ContactChannel, ContactSort, PipelineStage } from '@charla/shared';
import { contactChannels } from '@charla/shared/constants';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ImportIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { fieldErrors } from '../../../lib/error-text.ts';
import { afterPhoneRules, phoneToSend, usePhoneRules } from '../../../lib/phone-input.ts';
import { crmApi } from '../api/crm-api.ts';
import { useContactFields, useContacts, useCrmMutations } from '../api/use-crm.ts';
import { StageOptions } from './stage-options.tsx';
import { ColumnChooser, ContactsTable, useColumnChoice } from './contacts-table.tsx';
import { ContactFieldsDialog } from './custom-fields.tsx';
import { ContactImportDialog } from './import-dialog.tsx';
import { MergeDialog } from './merge-dialog.tsx';

/** A new contact by hand: name, phone, e-mail, and whether they accept marketing (always asked, never assumed). */
function NewContact({ botId, open, onClose, onCreated }: { botId: string; open: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation(['crm', 'common']);
  const { create } = useCrmMutations(botId);
  const empty = { name: '', phone: '', email: '', consent: '' as '' | 'yes' | 'no' };
  const [form, setForm] = useState(empty);
  const [consentMissing, setConsentMissing] = useState(false);
  const errors = fieldErrors(create.error);
  const consentError = useId();
  usePhoneRules();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.consent) {
      setConsentMissing(true);
      return;
    }
    // The phone is stored in full ("+523398765432"), so it reads grouped wherever it is shown.
    afterPhoneRules(() =>
      create.mutate(
        { botId, name: form.name, phone: form.phone.trim() ? phoneToSend(form.phone) : '', email: form.email, marketingConsent: form.consent === 'yes' },
        {
          onSuccess: ({ contact }) => {
            setForm(empty);
            showToast(t('table.created'));
            onCreated(contact.id);
          },
        },
      ),
    );
  };
  const choose = (consent: 'yes' | 'no') => {
    setForm({ ...form, consent });
    setConsentMissing(false);
  };
  return (
    <Modal open={open} onClose={onClose} title={t('table.new')}>
      <form onSubmit={submit} className="space-y-3">
        <TextField label={t('fields.name')} required value={form.name} maxLength={120} error={errors.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <TextField label={t('fields.phone')} type="tel" value={form.phone} maxLength={40} error={errors.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} />
        <TextField label={t('fields.email')} type="email" value={form.email} maxLength={254} error={errors.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        <fieldset className="space-y-1.5" aria-describedby={consentMissing ? consentError : undefined}>
          <legend className="text-sm font-semibold text-fg">{t('table.consent')}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-1">
            {(['yes', 'no'] as const).map((v) => (
              <label key={v} className="flex items-center gap-2 text-sm">
                <input type="radio" name="marketing-consent" value={v} checked={form.consent === v} onChange={() => choose(v)} className="size-4 accent-[var(--highlight-color)]" />
                {t(v === 'yes' ? 'table.consentYes' : 'table.consentNo')}
              </label>
            ))}
          </div>
          {consentMissing ? (
            <p id={consentError} role="alert" className="text-sm text-danger">
              {t('table.consentRequired')}
            </p>
          ) : null}
        </fieldset>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="ghost" onClick={onClose}>
            {t('drawer.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('table.create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Contactos: every contact of the bot, searchable, a page at a time; a row opens the contact. */
export function ContactsView({ botId, stages, onOpen }: { botId: string; stages: PipelineStage[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation(['crm', 'common']);
  const [q, setQ] = useState('');
  const [stageId, setStageId] = useState('');
  const [tag, setTag] = useState('');
  const [channel, setChannel] = useState<ContactChannel | ''>('');
  const [sort, setSort] = useState<ContactSort>('-createdAt');
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<'import' | 'fields' | 'merge' | null>(null);
  // Two contacts picked in the table can be merged; a third pick replaces the oldest.
  const [picked, setPicked] = useState<Contact[]>([]);
  const toggle = (c: Contact) => setPicked((now) => (now.some((p) => p.id === c.id) ? now.filter((p) => p.id !== c.id) : [...now, c].slice(-2)));
  const fields = useContactFields(botId);
  const filter = { q: useDeferredValue(q), stageId, tag: useDeferredValue(tag), channel, sort };
  const filtered = Boolean(filter.q || stageId || filter.tag || channel);
  const contacts = useContacts(botId, filter);
  const items = useMemo(() => contacts.data?.pages.flatMap((p) => p.items) ?? [], [contacts.data]);
  const columns = useColumnChoice(botId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = contacts;
  const onEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-2">
        <SearchField label={t('table.search')} value={q} onChange={setQ} maxLength={200} className="min-w-0 flex-1 basis-56" />
        <label className="basis-44">
          <span className="sr-only">{t('fields.stage')}</span>
          <select value={stageId} onChange={(e) => setStageId(e.target.value)} className="h-10 w-full rounded-xl border border-line bg-field px-3 text-sm text-fg">
            <option value="">{t('table.allStages')}</option>
            <StageOptions stages={stages} />
          </select>
        </label>
        <label className="basis-44">
          <span className="sr-only">{t('filters.channel')}</span>
          <select aria-label={t('filters.channel')} value={channel} onChange={(e) => setChannel(e.target.value as ContactChannel | '')} className="h-10 w-full rounded-xl border border-line bg-field px-3 text-sm text-fg">
            <option value="">{t('filters.allChannels')}</option>
            {contactChannels
              .filter((c) => c !== 'playground')
              .map((c) => (
                <option key={c} value={c}>
                  {t(`common:channelNames.${c}`)}
                </option>
              ))}
          </select>
        </label>
        <label className="basis-36">
          <span className="sr-only">{t('filters.tag')}</span>
          <input
            type="text"
            aria-label={t('filters.tag')}
            value={tag}
            maxLength={40}
            onChange={(e) => setTag(e.target.value)}
            placeholder={t('filters.tag')}
            className="h-10 w-full rounded-xl border border-line bg-field px-3 text-sm text-fg outline-none focus:border-highlight focus:ring-3 focus:ring-highlight/25"
          />
        </label>
        <ColumnChooser hidden={columns.hidden} onToggle={columns.toggle} />
        <Button variant="secondary" size="sm" icon={<ImportIcon className="size-4" />} onClick={() => setDialog('import')}>
          {t('import.open')}
        </Button>
        <a href={crmApi.exportUrl(botId)} download className={buttonClasses('secondary', 'sm')}>
          {t('table.export')}
        </a>
        <Button variant="secondary" size="sm" onClick={() => setDialog('fields')}>
          {t('customFields.open')}
        </Button>
        <Button size="sm" icon={<PlusIcon className="size-4" />} onClick={() => setCreating(true)}>
          {t('table.new')}
        </Button>
      </div>

      {picked.length ? (
        <div className="flex flex-wrap items-center gap-2 rounded-xl border border-highlight/40 bg-highlight/10 px-3 py-2 text-sm" role="status">
          <span className="font-semibold">{t('merge.selectedCount', { count: picked.length })}</span>
          <Button size="sm" disabled={picked.length < 2} onClick={() => setDialog('merge')}>
            {t('merge.selected')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setPicked([])}>
            {t('merge.clear')}
          </Button>
        </div>
      ) : null}
      {contacts.isError ? (
        <LoadFailed title={t('table.loadFailed')} error={contacts.error} retryLabel={t('table.retry')} retrying={contacts.isRefetching} onRetry={() => void contacts.refetch()} />
      ) : contacts.isPending ? (
        <div className="grid place-items-center py-10">
          <Spinner />
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">{filtered ? t('table.emptySearch') : t('table.empty')}</p>
      ) : (
        <ContactsTable contacts={items} stages={stages} hidden={columns.hidden} sort={sort} onSort={setSort} onOpen={onOpen} onEnd={onEnd} picked={picked} onPick={toggle} />
      )}
      {contacts.hasNextPage ? (
        <Button variant="secondary" size="sm" loading={contacts.isFetchingNextPage} onClick={() => void contacts.fetchNextPage()}>
          {t('table.more')}
        </Button>
      ) : null}
      {dialog === 'import' ? <ContactImportDialog botId={botId} fields={fields.data ?? []} open onClose={() => setDialog(null)} /> : null}
      {dialog === 'fields' ? <ContactFieldsDialog botId={botId} fields={fields.data ?? []} open onClose={() => setDialog(null)} /> : null}
      {dialog === 'merge' && picked.length === 2 ? (
        <MergeDialog
          botId={botId}
          first={picked[0]!}
          second={picked[1]}
          open
          onClose={() => setDialog(null)}
          onMerged={(keptId) => {
            setDialog(null);
            setPicked([]);
            onOpen(keptId);
          }}
        />
      ) : null}
      <NewContact
        botId={botId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          onOpen(id);
        }}
      />
    </div>
  );
}
