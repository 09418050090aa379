import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { AffiliatePayout, AffiliatesList, AffiliatesListQuery, AffiliateStatus } from '@charla/shared';
import { affiliateStatuses } from '@charla/shared/constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ContentSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { formatMonth, formatSums, useAffiliatesList, useMarkPayoutPaid, useSetAffiliateStatus } from '../../affiliates/index.ts';
import { When } from './admin-accounts.tsx';
import { intlLocale } from '../../../lib/intl.ts';

type Affiliate = AffiliatesList['affiliates'][number];

/** A pending payout: its amount, and the form that marks it paid with the transfer's reference. */
function PendingPayout({ payout }: { payout: AffiliatePayout }) {
  const { t, i18n } = useTranslation('admin');
  const [reference, setReference] = useState('');
  const paid = useMarkPayoutPaid();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reference.trim()) return;
    paid.mutate({ payoutId: payout.id, reference: reference.trim() }, { onSuccess: () => showToast(t('affiliates.paidDone')) });
  }
  return (
    <form onSubmit={submit} className="space-y-2 rounded-xl border border-amber-400/50 bg-amber-400/10 p-3">
      <p className="text-sm font-semibold">
        {t('affiliates.pendingPayout', { month: formatMonth(payout.month, intlLocale(i18n.resolvedLanguage), 'long').toLocaleLowerCase(intlLocale(i18n.resolvedLanguage)), amount: formatSums([payout], intlLocale(i18n.resolvedLanguage)) })}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField label={t('affiliates.reference')} value={reference} maxLength={120} onChange={(e) => setReference(e.target.value)} className="flex-1" />
        <Button type="submit" size="md" loading={paid.isPending} disabled={!reference.trim()}>
          {t('affiliates.markPaid')}
        </Button>
      </div>
      {paid.isError ? <Alert>{errorText(paid.error)}</Alert> : null}
    </form>
  );
}

function AffiliateCard({ affiliate }: { affiliate: Affiliate }) {
  const { t, i18n } = useTranslation('admin');
  const lng = intlLocale(i18n.resolvedLanguage);
  const status = useSetAffiliateStatus();
  const pending = affiliate.payouts.filter((p) => p.status === 'pending');
  const lastPaid = affiliate.payouts.find((p) => p.status === 'paid');
  return (
    <Card className="space-y-3 p-4" data-affiliate={affiliate.email}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="font-medium break-words">{affiliate.name}</div>
          <div className="text-xs break-all text-muted">{affiliate.email}</div>
        </div>
        <SelectField
          label={<span className="sr-only">{t('affiliates.statusOf', { name: affiliate.name })}</span>}
          value={affiliate.status}
          disabled={status.isPending}
          onChange={(e) => status.mutate({ userId: affiliate.userId, status: e.target.value as AffiliateStatus })}
          options={affiliateStatuses.map((s) => ({ value: s, label: t(`affiliates.status.${s}`) }))}
          className="w-40 shrink-0"
        />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-muted">{t('affiliates.code')}</dt>
          <dd className="font-mono">{affiliate.code}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('affiliates.referrals')}</dt>
          <dd className="tabular-nums">{affiliate.referrals}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('affiliates.sales')}</dt>
          <dd className="tabular-nums">{formatSums(affiliate.sales, lng)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('affiliates.balance')}</dt>
          <dd className="tabular-nums">{formatSums(affiliate.balance, lng)}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted">
        {t('affiliates.joined')} <When iso={affiliate.createdAt} />
        {lastPaid ? ` · ${t('affiliates.lastPaid', { month: formatMonth(lastPaid.month, lng, 'long').toLocaleLowerCase(lng), reference: lastPaid.reference ?? '' })}` : ''}
      </p>
      {status.isError ? <Alert>{errorText(status.error)}</Alert> : null}
      {pending.map((p) => (
        <PendingPayout key={p.id} payout={p} />
      ))}
    </Card>
  );
}

/** The main admin's list of affiliates, with the spec's filters, each one's status and its pending payouts. */
export function AdminAffiliates() {
  const { t } = useTranslation('admin');
  const [email, setEmail] = useState('');
  const [filters, setFilters] = useState<Omit<Partial<AffiliatesListQuery>, 'email'>>({});
  const q = useDebounced(email.trim(), 300);
  const list = useAffiliatesList({ ...filters, ...(q ? { email: q } : {}) });
  const set = (key: keyof AffiliatesListQuery, value: string) => setFilters((f) => ({ ...f, [key]: value === '' ? undefined : key.endsWith('SalesAmount') ? Number(value) : value }));

  return (
    <section aria-labelledby="admin-affiliates" className="space-y-3">
      <h2 id="admin-affiliates" className="text-lg font-semibold">
        {t('affiliates.title')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SearchField label={t('affiliates.email')} value={email} onChange={setEmail} maxLength={200} className="sm:col-span-2 sm:self-end" />
        <SelectField
          label={t('affiliates.statusLabel')}
          value={filters.status ?? ''}
          onChange={(e) => set('status', e.target.value)}
          options={[{ value: '', label: t('affiliates.allStatuses') }, ...affiliateStatuses.map((s) => ({ value: s, label: t(`affiliates.status.${s}`) }))]}
          className="sm:col-span-2 lg:col-span-1"
        />
        <div className="hidden lg:block" aria-hidden="true" />
        <TextField label={t('affiliates.startDate')} type="date" value={filters.startDate ?? ''} onChange={(e) => set('startDate', e.target.value)} />
        <TextField label={t('affiliates.endDate')} type="date" value={filters.endDate ?? ''} onChange={(e) => set('endDate', e.target.value)} />
        <TextField label={t('affiliates.minSales')} type="number" min={0} inputMode="numeric" value={filters.minSalesAmount ?? ''} onChange={(e) => set('minSalesAmount', e.target.value)} />
        <TextField label={t('affiliates.maxSales')} type="number" min={0} inputMode="numeric" value={filters.maxSalesAmount ?? ''} onChange={(e) => set('maxSalesAmount', e.target.value)} />
      </div>
      <p className="text-xs text-muted">{t('affiliates.salesHint')}</p>
      {list.isPending ? (
        <ContentSpinner />
      ) : list.isError ? (
        <Card>
          <LoadFailed title={t('affiliates.loadFailed')} error={(list.error as Error & { cause?: unknown }).cause} retryLabel={t('refresh')} retrying={list.isFetching} onRetry={() => void list.refetch()} />
        </Card>
      ) : list.data.affiliates.length === 0 ? (
        <Card className="p-6 text-center text-muted">{t('affiliates.empty')}</Card>
      ) : (
        <ul className="grid gap-3 xl:grid-cols-2">
          {list.data.affiliates.map((a) => (
            <li key={a.userId}>
              <AffiliateCard affiliate={a} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
