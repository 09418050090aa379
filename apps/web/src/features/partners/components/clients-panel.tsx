import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { PartnerClient, PlanLevel } from '@charla/shared';
import { planLevels } from '@charla/shared/constants';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { paths } from '../../../lib/navigation.ts';
import { useCreateClient, usePartnerClients, useUpdateClient } from '../api/use-partners.ts';
import { formatMoney } from './money.ts';

const planOptions = planLevels.map((p) => ({ value: p, label: p }));

function CreateClientModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('partners');
  const create = useCreateClient();
  const [form, setForm] = useState({ name: '', email: '', plan: 'Basic' as PlanLevel, password: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name: form.name, email: form.email, plan: form.plan, ...(form.password ? { password: form.password } : {}) },
      {
        onSuccess: () => {
          showToast(form.password ? t('clients.created') : t('clients.invited', { email: form.email }), 'success');
          setForm({ name: '', email: '', plan: 'Basic', password: '' });
          onClose();
        },
      },
    );
  };
  return (
    <Modal open={open} onClose={onClose} title={t('clients.new')}>
      <form onSubmit={submit} className="space-y-4">
        <TextField label={t('clients.name')} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required maxLength={120} />
        <TextField label={t('clients.email')} type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} required maxLength={254} />
        <SelectField label={t('clients.plan')} options={planOptions} value={form.plan} onChange={(e) => setForm({ ...form, plan: e.target.value as PlanLevel })} />
        <TextField label={t('clients.password')} hint={t('clients.passwordHint')} type="password" revealable value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} minLength={8} maxLength={256} autoComplete="new-password" />
        <FormAlert error={create.error} />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('clients.create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function ClientRow({ client }: { client: PartnerClient }) {
  const { t, i18n } = useTranslation('partners');
  const update = useUpdateClient();
  const failed = { onError: (e: Error) => showToast(errorText(e), 'error') };
  return (
    <li className="flex flex-col gap-3 border-t border-line px-4 py-4 first:border-t-0 sm:px-5 lg:flex-row lg:items-center" data-testid="partner-client">
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{client.name}</p>
        <p className="truncate text-sm text-muted">{client.email}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {client.bots.length ? (
            client.bots.map((b) => (
              <Link key={b.id} to={paths.bot(b.id, 'crm')} className="rounded-lg border border-line bg-field px-2.5 py-1 text-xs font-medium hover:border-highlight">
                {b.bot_name}
              </Link>
            ))
          ) : (
            <span className="text-xs text-muted">{t('clients.noBots')}</span>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <select
          aria-label={t('clients.planOf', { name: client.name })}
          value={client.plan}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ id: client.id, plan: e.target.value as PlanLevel }, failed)}
          className="h-9 rounded-lg border border-line bg-field px-2 text-sm"
        >
          {planOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <span className="text-sm text-muted" title={t('clients.costHint')}>
          {t('clients.cost', { amount: formatMoney(client.monthlyCost, client.currency, i18n.language) })}
        </span>
        <Switch checked={client.active} busy={update.isPending} onChange={(active) => update.mutate({ id: client.id, active }, failed)} label={client.active ? t('clients.active') : t('clients.inactive')} />
        <Link to={`${paths.newBot}?clientId=${encodeURIComponent(client.id)}`} className={buttonClasses('secondary', 'sm')}>
          {t('clients.newBot')}
        </Link>
      </div>
    </li>
  );
}

/** The partner's clients, their bots, plans and what each costs the partner a month. */
export function ClientsPanel({ partnerId }: { partnerId: string }) {
  const { t, i18n } = useTranslation('partners');
  const clients = usePartnerClients(partnerId);
  const [creating, setCreating] = useState(false);
  const owed = clients.data?.length ? formatMoney(clients.data.reduce((sum, c) => sum + c.monthlyCost, 0), clients.data[0]!.currency, i18n.language) : null;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3 p-5 sm:p-6">
        <div>
          <h2 className="text-lg font-semibold">{t('clients.title')}</h2>
          <p className="mt-1 text-sm text-muted">{t('clients.description')}</p>
          {owed ? (
            <p className="mt-2 text-sm font-semibold" data-testid="partner-owed">
              {t('clients.owed', { amount: owed })}
            </p>
          ) : null}
        </div>
        <Button onClick={() => setCreating(true)} className="w-full sm:w-auto">
          {t('clients.new')}
        </Button>
      </div>
      {clients.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : clients.isError ? (
        <p className="px-5 pb-6 text-sm text-danger">{t('clients.failed')}</p>
      ) : clients.data.length === 0 ? (
        <p className="px-5 pb-6 text-sm text-muted">{t('clients.empty')}</p>
      ) : (
        <ul className="border-t border-line">
          {clients.data.map((c) => (
            <ClientRow key={c.id} client={c} />
          ))}
        </ul>
      )}
      <CreateClientModal open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
