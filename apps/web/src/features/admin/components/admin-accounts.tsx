import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { AdminAccountSummary } from '@charla/shared';
import type { PlanLevel } from '@charla/shared/constants';
import { planLevels } from '@charla/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ContentSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useAdminAccounts } from '../api/use-admin-console.ts';
import { dateFormat, intlLocale } from '../../../lib/intl.ts';

/** Every account, newest first: a search by name or e-mail (debounced) and a plan filter; a table on a wide screen, cards on a phone. */
export function AdminAccounts({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [plan, setPlan] = useState<PlanLevel | ''>('');
  const q = useDebounced(search.trim(), 300);
  const accounts = useAdminAccounts(q, plan);
  const list = accounts.data?.pages.flatMap((p) => p.accounts) ?? [];

  return (
    <section aria-labelledby="admin-accounts" className="space-y-3">
      <h2 id="admin-accounts" className="text-lg font-semibold">
        {t('accounts.title')}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField label={t('accounts.search')} value={search} onChange={setSearch} maxLength={200} className="flex-1" />
        <SelectField
          label={t('accounts.plan')}
          value={plan}
          onChange={(e) => setPlan(e.target.value as PlanLevel | '')}
          options={[{ value: '', label: t('accounts.allPlans') }, ...planLevels.map((p) => ({ value: p, label: p }))]}
          className="sm:w-48"
        />
      </div>
      {accounts.isPending ? (
        <ContentSpinner />
      ) : accounts.isError ? (
        <Card>
          <LoadFailed title={t('accounts.loadFailed')} error={accounts.error} retryLabel={t('refresh')} retrying={accounts.isFetching} onRetry={() => void accounts.refetch()} />
        </Card>
      ) : list.length === 0 ? (
        <EmptyState title={t('accounts.empty')} />
      ) : (
        <>
          <Card className="hidden overflow-x-auto md:block">
            <table className="w-full text-start text-sm">
              <thead className="border-b border-line text-xs text-muted">
                <tr>
                  <th scope="col" className="px-4 py-3 text-start font-medium">{t('accounts.columns.account')}</th>
                  <th scope="col" className="px-4 py-3 text-start font-medium">{t('accounts.columns.plan')}</th>
                  <th scope="col" className="px-4 py-3 text-end font-medium">{t('accounts.columns.bots')}</th>
                  <th scope="col" className="px-4 py-3 text-end font-medium">{t('accounts.columns.messages')}</th>
                  <th scope="col" className="px-4 py-3 text-start font-medium">{t('accounts.columns.lastSeen')}</th>
                  <th scope="col" className="px-4 py-3"><span className="sr-only">{t('accounts.open')}</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {list.map((a) => (
                  <tr key={a.id}>
                    <td className="px-4 py-3">
                      <div className="font-medium">{a.name}</div>
                      <div className="text-xs break-all text-muted">{a.email}</div>
                    </td>
                    <td className="px-4 py-3">
                      {a.plan} <StateBadge account={a} />
                    </td>
                    <td className="px-4 py-3 text-end tabular-nums">{a.bots}</td>
                    <td className="px-4 py-3 text-end tabular-nums">{usage(a)}</td>
                    <td className="px-4 py-3 text-muted"><When iso={a.last_seen_at} /></td>
                    <td className="px-4 py-3 text-end">
                      <Button variant="secondary" size="sm" onClick={() => onOpen(a.id)} aria-label={t('accounts.openNamed', { name: a.name })}>
                        {t('accounts.open')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <ul className="space-y-3 md:hidden">
            {list.map((a) => (
              <li key={a.id}>
                <Card className="space-y-2 p-4">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <div className="font-medium break-words">{a.name}</div>
                      <div className="text-xs break-all text-muted">{a.email}</div>
                    </div>
                    <span className="shrink-0 text-sm font-semibold">{a.plan}</span>
                  </div>
                  <p className="text-xs text-muted">
                    {t('accounts.cardLine', { bots: a.bots, messages: usage(a) })} · <When iso={a.last_seen_at} />
                  </p>
                  <div className="flex items-center justify-between gap-3">
                    <StateBadge account={a} />
                    <Button variant="secondary" size="sm" onClick={() => onOpen(a.id)} aria-label={t('accounts.openNamed', { name: a.name })}>
                      {t('accounts.open')}
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          {accounts.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="secondary" loading={accounts.isFetchingNextPage} onClick={() => void accounts.fetchNextPage()}>
                {t('loadMore')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

const usage = (a: AdminAccountSummary) => `${a.messages_month} / ${a.messages_limit ?? '∞'}`;

function StateBadge({ account }: { account: AdminAccountSummary }) {
  const { t } = useTranslation('admin');
  if (!account.suspended) return null;
  return <span className="ms-1 inline-flex rounded-full border border-danger/40 bg-danger/10 px-2 py-0.5 text-xs font-semibold text-[color-mix(in_srgb,var(--danger-color)_70%,var(--font-color))]">{t('accounts.suspended')}</span>;
}

export function When({ iso }: { iso: string | null }) {
  const { t, i18n } = useTranslation('admin');
  if (!iso) return <>{t('never')}</>;
  const text = dateFormat(intlLocale(i18n.resolvedLanguage), { dateStyle: 'medium' }).format(new Date(iso));
  return <time dateTime={iso}>{text}</time>;
}
