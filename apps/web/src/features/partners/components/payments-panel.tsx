import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { BillingCurrency, ClientPaymentStatus, PartnerClient } from '@charla/shared';
import { billingCurrencies, clientPaymentStatuses } from '@charla/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useClientPayments, usePartnerClients, useRecordPayment } from '../api/use-partners.ts';
import { formatMoney } from './money.ts';

const thisMonth = () => new Date().toISOString().slice(0, 7);

function RecordPaymentModal({ open, onClose, clients }: { open: boolean; onClose: () => void; clients: PartnerClient[] }) {
  const { t } = useTranslation('partners');
  const record = useRecordPayment();
  const [form, setForm] = useState({ clientId: '', month: thisMonth(), amount: '', currency: 'mxn' as BillingCurrency, status: 'paid' as ClientPaymentStatus });
  const clientId = form.clientId || clients[0]?.id || '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    record.mutate({ clientId, month: form.month, amount: Math.round(Number(form.amount) * 100), currency: form.currency, status: form.status }, { onSuccess: onClose });
  };
  return (
    <Modal open={open} onClose={onClose} title={t('payments.record')}>
      <form onSubmit={submit} className="space-y-4">
        <SelectField label={t('payments.client')} options={clients.map((c) => ({ value: c.id, label: c.name }))} value={clientId} onChange={(e) => setForm({ ...form, clientId: e.target.value })} />
        <TextField label={t('payments.month')} type="month" value={form.month} onChange={(e) => setForm({ ...form, month: e.target.value })} required />
        <div className="grid grid-cols-2 gap-3">
          <TextField label={t('payments.amount')} type="number" min="0" step="0.01" value={form.amount} onChange={(e) => setForm({ ...form, amount: e.target.value })} required />
          <SelectField label={t('payments.currency')} options={billingCurrencies.map((c) => ({ value: c, label: c.toUpperCase() }))} value={form.currency} onChange={(e) => setForm({ ...form, currency: e.target.value as BillingCurrency })} />
        </div>
        <SelectField label={t('payments.status')} options={clientPaymentStatuses.map((s) => ({ value: s, label: t(`payments.statuses.${s}`) }))} value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value as ClientPaymentStatus })} />
        <FormAlert error={record.error} />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={record.isPending} disabled={!clientId}>
            {t('payments.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** What the partner's clients paid them, month by month, as the partner recorded it. */
export function PaymentsPanel({ partnerId }: { partnerId: string }) {
  const { t, i18n } = useTranslation('partners');
  const payments = useClientPayments(true);
  const clients = usePartnerClients(partnerId);
  const [recording, setRecording] = useState(false);
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3 p-5 sm:p-6">
        <div>
          <h2 className="text-lg font-semibold">{t('payments.title')}</h2>
          <p className="mt-1 text-sm text-muted">{t('payments.description')}</p>
        </div>
        <Button variant="secondary" onClick={() => setRecording(true)} disabled={!clients.data?.length} className="w-full sm:w-auto">
          {t('payments.record')}
        </Button>
      </div>
      {payments.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : payments.isError ? (
        <p className="px-5 pb-6 text-sm text-danger">{t('payments.failed')}</p>
      ) : payments.data.length === 0 ? (
        <p className="px-5 pb-6 text-sm text-muted">{t('payments.empty')}</p>
      ) : (
        <div className="overflow-x-auto border-t border-line">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="text-xs uppercase tracking-wide text-muted">
              <tr>
                <th className="px-5 py-3 font-medium">{t('payments.month')}</th>
                <th className="px-5 py-3 font-medium">{t('payments.client')}</th>
                <th className="px-5 py-3 text-right font-medium">{t('payments.amount')}</th>
                <th className="px-5 py-3 font-medium">{t('payments.status')}</th>
              </tr>
            </thead>
            <tbody>
              {payments.data.map((p) => (
                <tr key={p.id} className="border-t border-line">
                  <td className="px-5 py-3 font-mono">{p.month}</td>
                  <td className="px-5 py-3">{p.client}</td>
                  <td className="px-5 py-3 text-right tabular-nums">{formatMoney(p.amount, p.currency, i18n.language)}</td>
                  <td className="px-5 py-3">{t(`payments.statuses.${p.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <RecordPaymentModal open={recording} onClose={() => setRecording(false)} clients={clients.data ?? []} />
    </Card>
  );
}
