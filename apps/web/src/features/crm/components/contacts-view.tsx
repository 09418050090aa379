import { useDeferredValue, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PipelineStage } from '@charla/shared';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PlusIcon, SearchIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { fieldErrors } from '../../../lib/error-text.ts';
import { crmApi } from '../api/crm-api.ts';
import { useContacts, useCrmMutations } from '../api/use-crm.ts';
import { formatWhen } from './crm-format.ts';

/** A new contact by hand: name, phone, e-mail. */
function NewContact({ botId, open, onClose, onCreated }: { botId: string; open: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation(['crm', 'common']);
  const { create } = useCrmMutations(botId);
  const [form, setForm] = useState({ name: '', phone: '', email: '' });
  const errors = fieldErrors(create.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { botId, name: form.name, phone: form.phone, email: form.email },
      {
        onSuccess: ({ contact }) => {
          setForm({ name: '', phone: '', email: '' });
          showToast(t('table.created'));
          onCreated(contact.id);
        },
      },
    );
  };
  return (
    <Modal open={open} onClose={onClose} title={t('table.new')}>
      <form onSubmit={submit} className="space-y-3">
        <TextField label={t('fields.name')} required value={form.name} maxLength={120} error={errors.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <TextField label={t('fields.phone')} type="tel" value={form.phone} maxLength={40} error={errors.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} />
        <TextField label={t('fields.email')} type="email" value={form.email} maxLength={254} error={errors.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
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
  const [creating, setCreating] = useState(false);
  const filter = { q: useDeferredValue(q), stageId };
  const contacts = useContacts(botId, filter);
  const items = contacts.data?.pages.flatMap((p) => p.items) ?? [];
  const stageName = (id: string | null) => stages.find((s) => s.id === id)?.name ?? '—';

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-2">
        <label className="relative min-w-0 flex-1 basis-56">
          <span className="sr-only">{t('table.search')}</span>
          <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
          <input
            type="search"
            value={q}
            maxLength={200}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('table.search')}
            className="h-10 w-full rounded-xl border border-line bg-field ps-9 pe-3 text-sm text-fg outline-none focus:border-highlight focus:ring-3 focus:ring-highlight/25"
          />
        </label>
        <label className="basis-44">
          <span className="sr-only">{t('fields.stage')}</span>
          <select value={stageId} onChange={(e) => setStageId(e.target.value)} className="h-10 w-full rounded-xl border border-line bg-field px-3 text-sm text-fg">
            <option value="">{t('table.allStages')}</option>
            {stages.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <a href={crmApi.exportUrl(botId)} download className={buttonClasses('secondary', 'sm')}>
          {t('table.export')}
        </a>
        <Button size="sm" icon={<PlusIcon className="size-4" />} onClick={() => setCreating(true)}>
          {t('table.new')}
        </Button>
      </div>

      {contacts.isError ? (
        <LoadFailed title={t('table.loadFailed')} error={contacts.error} retryLabel={t('table.retry')} retrying={contacts.isRefetching} onRetry={() => void contacts.refetch()} />
      ) : contacts.isPending ? (
        <div className="grid place-items-center py-10">
          <Spinner />
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">{filter.q || stageId ? t('table.emptySearch') : t('table.empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-line">
          <table className="w-full text-left md:min-w-[36rem] text-sm">
            <caption className="sr-only">{t('table.caption')}</caption>
            <thead className="bg-card text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-3 py-2">{t('fields.name')}</th>
                <th scope="col" className="px-3 py-2">{t('fields.phone')}</th>
                <th scope="col" className="hidden px-3 py-2 md:table-cell">{t('fields.email')}</th>
                <th scope="col" className="px-3 py-2">{t('fields.stage')}</th>
                <th scope="col" className="hidden px-3 py-2 lg:table-cell">{t('fields.tags')}</th>
                <th scope="col" className="hidden px-3 py-2 md:table-cell">{t('fields.source')}</th>
                <th scope="col" className="hidden px-3 py-2 lg:table-cell">{t('fields.last')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((c) => (
                <tr key={c.id} className="border-t border-line hover:bg-card/60">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <button type="button" className="focus-ring rounded text-start text-fg underline-offset-2 hover:underline" onClick={() => onOpen(c.id)}>
                      {c.name || t('table.noName')}
                    </button>
                    {!c.marketingConsent ? <span className="ms-2 rounded bg-danger/10 px-1.5 py-0.5 text-xs text-danger">{t('table.optedOut')}</span> : null}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">{c.phone || '—'}</td>
                  <td className="hidden px-3 py-2 md:table-cell">{c.email || '—'}</td>
                  <td className="px-3 py-2">{stageName(c.stageId)}</td>
                  <td className="hidden px-3 py-2 lg:table-cell">{c.tags.join(', ') || '—'}</td>
                  <td className="hidden px-3 py-2 md:table-cell">{c.sourceChannel ? t(`common:channelNames.${c.sourceChannel}`) : t('table.byHand')}</td>
                  <td className="hidden px-3 py-2 whitespace-nowrap lg:table-cell">{c.lastContactAt ? formatWhen(c.lastContactAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {contacts.hasNextPage ? (
        <Button variant="secondary" size="sm" loading={contacts.isFetchingNextPage} onClick={() => void contacts.fetchNextPage()}>
          {t('table.more')}
        </Button>
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
