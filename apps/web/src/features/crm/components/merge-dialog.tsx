import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Contact } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { useContacts, useCrmMutations } from '../api/use-crm.ts';

/** What the kept contact will hold after the merge (the server's rule: the kept one's details first). */
export function mergedView(keep: Contact, other: Contact) {
  return {
    name: keep.name || other.name,
    phone: keep.phone || other.phone,
    email: keep.email || other.email,
    tags: [...new Set([...keep.tags, ...other.tags])],
    marketingConsent: keep.marketingConsent && other.marketingConsent,
  };
}

/** One contact of the pair, with the choice to keep it. */
function Side({ contact, kept, name, onKeep }: { contact: Contact; kept: boolean; name: string; onKeep: () => void }) {
  const { t } = useTranslation(['crm', 'common']);
  return (
    <label className={`block cursor-pointer rounded-2xl border p-4 ${kept ? 'border-highlight bg-highlight/10' : 'border-line bg-field'}`}>
      <span className="flex items-center gap-2">
        <input type="radio" name={name} checked={kept} onChange={onKeep} className="size-4 accent-[var(--highlight)]" aria-label={t('merge.chooseKeep', { name: contact.name || t('table.noName') })} />
        <span className="min-w-0 flex-1 truncate font-semibold">{contact.name || t('table.noName')}</span>
        {kept ? <span className="rounded-full bg-highlight/20 px-2 py-0.5 text-xs font-semibold text-highlight-text">{t('merge.keep')}</span> : null}
      </span>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('fields.phone')}</dt>
        <dd className="truncate">{contact.phone || '—'}</dd>
        <dt className="text-muted">{t('fields.email')}</dt>
        <dd className="truncate">{contact.email || '—'}</dd>
        <dt className="text-muted">{t('fields.source')}</dt>
        <dd className="truncate">{contact.channels.map((c) => t(`common:channelNames.${c}`)).join(', ') || t('table.byHand')}</dd>
      </dl>
    </label>
  );
}

/**
 * Joins two contacts that are one person. Opened from the drawer ("Combinar con…": the other is
 * searched for) or with two contacts selected in the table; the confirmation shows both, which one
 * is kept, and what the result holds.
 */
export function MergeDialog({ botId, first, second, open, onClose, onMerged }: { botId: string; first: Contact; second?: Contact | undefined; open: boolean; onClose: () => void; onMerged: (keptId: string) => void }) {
  const { t } = useTranslation(['crm', 'common']);
  const radios = useId();
  const [q, setQ] = useState('');
  const [other, setOther] = useState<Contact | undefined>(second);
  const [keepFirst, setKeepFirst] = useState(true);
  const found = useContacts(botId, { q: useDeferredValue(q), stageId: '' });
  const { merge } = useCrmMutations(botId);
  const candidates = (found.data?.pages.flatMap((p) => p.items) ?? []).filter((c) => c.id !== first.id).slice(0, 8);
  const keep = keepFirst || !other ? first : other;
  const gone = keepFirst ? other : first;
  const result = other && gone ? mergedView(keep, gone) : null;

  const confirm = () => {
    if (!gone) return;
    merge.mutate(
      { keepId: keep.id, mergeId: gone.id },
      {
        onSuccess: () => {
          showToast(t('merge.done'));
          onMerged(keep.id);
        },
      },
    );
  };

  const footer = other ? (
    <>
      {second ? null : (
        <Button variant="ghost" onClick={() => setOther(undefined)} disabled={merge.isPending}>
          {t('merge.back')}
        </Button>
      )}
      <Button variant="ghost" onClick={onClose} disabled={merge.isPending}>
        {t('merge.cancel')}
      </Button>
      <Button onClick={confirm} loading={merge.isPending}>
        {t('merge.confirm')}
      </Button>
    </>
  ) : (
    <Button variant="ghost" onClick={onClose}>
      {t('merge.cancel')}
    </Button>
  );

  return (
    <SheetDialog open={open} onClose={onClose} size="md" title={t('merge.title')} subtitle={t('merge.intro')} footer={footer}>
      {!other ? (
        <div className="space-y-3">
          <SearchField label={t('merge.search')} value={q} onChange={setQ} maxLength={200} autoFocus />
          {found.isPending ? (
            <Spinner />
          ) : candidates.length === 0 ? (
            <p className="text-sm text-muted">{t('merge.noMatches')}</p>
          ) : (
            <ul className="divide-y divide-line rounded-2xl border border-line">
              {candidates.map((c) => (
                <li key={c.id}>
                  <button type="button" className="focus-ring flex w-full items-center gap-3 px-4 py-3 text-start hover:bg-card" onClick={() => setOther(c)}>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-semibold">{c.name || t('table.noName')}</span>
                      <span className="block truncate text-sm text-muted">{[c.phone, c.email].filter(Boolean).join(' · ') || '—'}</span>
                    </span>
                    <span className="text-xs text-muted">{c.channels.map((ch) => t(`common:channelNames.${ch}`)).join(', ')}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <div className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-2" role="radiogroup" aria-label={t('merge.keep')}>
            <Side contact={first} kept={keepFirst} name={radios} onKeep={() => setKeepFirst(true)} />
            <Side contact={other} kept={!keepFirst} name={radios} onKeep={() => setKeepFirst(false)} />
          </div>
          {result ? (
            <section aria-labelledby={`${radios}-result`} className="space-y-2 rounded-2xl border border-line bg-card p-4 text-sm">
              <h3 id={`${radios}-result`} className="font-semibold">
                {t('merge.result')}
              </h3>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-muted">{t('fields.name')}</dt>
                <dd>{result.name || t('table.noName')}</dd>
                <dt className="text-muted">{t('fields.phone')}</dt>
                <dd>{result.phone || '—'}</dd>
                <dt className="text-muted">{t('fields.email')}</dt>
                <dd>{result.email || '—'}</dd>
                <dt className="text-muted">{t('fields.tags')}</dt>
                <dd>{result.tags.join(', ') || '—'}</dd>
                <dt className="text-muted">{t('fields.consent')}</dt>
                <dd>{result.marketingConsent ? '✓' : t('optOut')}</dd>
              </dl>
              <p className="text-muted">{t('merge.kept', { name: keep.name || t('table.noName') })}</p>
              <p className="text-muted">{t('merge.moves', { name: keep.name || t('table.noName') })}</p>
            </section>
          ) : null}
          <Alert tone="info">{t('merge.warning')}</Alert>
          <FormAlert error={merge.error} />
        </div>
      )}
    </SheetDialog>
  );
}
