import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { AdminBot } from '@charla/shared';
import type { PlanLevel } from '@charla/shared/constants';
import { planLevels } from '@charla/shared/constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ContentSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { ChevronLeftIcon, LockIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useAdminAccount, useAdminActions } from '../api/use-admin-console.ts';
import { When } from './admin-accounts.tsx';

type Dialog = { kind: 'lock'; bot: AdminBot } | { kind: 'plan'; plan: PlanLevel } | { kind: 'suspend' } | { kind: 'restore' } | null;

/** One account: its figures and bots; lock or unlock a bot, set the plan, suspend or restore the account. */
export function AdminAccount({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('admin');
  const account = useAdminAccount(id);
  const actions = useAdminActions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const [plan, setPlan] = useState<PlanLevel | ''>('');
  const [error, setError] = useState<string | null>(null);

  const open = (next: Dialog) => {
    setReason('');
    setError(null);
    setDialog(next);
  };
  const close = () => setDialog(null);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await work();
      showToast(done);
      close();
    } catch (err) {
      setError(errorText(err));
    }
  };

  const back = (
    <Button variant="ghost" size="sm" icon={<ChevronLeftIcon className="size-4" />} onClick={onBack}>
      {t('account.back')}
    </Button>
  );
  if (account.isPending) return <ContentSpinner />;
  if (account.isError) {
    return (
      <div className="space-y-3">
        {back}
        <Card>
          <LoadFailed title={t('account.loadFailed')} error={account.error} retryLabel={t('refresh')} retrying={account.isFetching} onRetry={() => void account.refetch()} />
        </Card>
      </div>
    );
  }
  const { account: a, bots } = account.data;
  const chosenPlan = plan || a.plan;
  const busy = actions.lock.isPending || actions.setPlan.isPending || actions.suspend.isPending || actions.restore.isPending;

  return (
    <section aria-labelledby="admin-account" className="space-y-4">
      {back}
      <Card className="space-y-4 p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="admin-account" className="text-xl font-bold break-words">{a.name}</h2>
            <p className="text-sm break-all text-muted">{a.email}</p>
          </div>
          {a.suspended ? (
            <span className="inline-flex rounded-full border border-danger/40 bg-danger/10 px-3 py-1 text-xs font-semibold text-[color-mix(in_srgb,var(--danger-color)_70%,var(--font-color))]">{t('accounts.suspended')}</span>
          ) : null}
        </div>
        {a.suspended && a.suspended_reason ? <Alert tone="error" title={t('account.suspendedBecause')}>{a.suspended_reason}</Alert> : null}
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Fact label={t('accounts.columns.plan')} value={a.plan} />
          <Fact label={t('accounts.columns.messages')} value={`${a.messages_month} / ${a.messages_limit ?? '∞'}`} />
          <Fact label={t('account.created')} value={<When iso={a.created_at} />} />
          <Fact label={t('accounts.columns.lastSeen')} value={<When iso={a.last_seen_at} />} />
        </dl>
        <div className="flex flex-col gap-3 border-t border-line pt-4 sm:flex-row sm:items-end">
          <SelectField
            label={t('account.plan')}
            value={chosenPlan}
            onChange={(e) => setPlan(e.target.value as PlanLevel)}
            options={planLevels.map((p) => ({ value: p, label: p }))}
            className="sm:w-56"
          />
          <Button variant="secondary" disabled={chosenPlan === a.plan} onClick={() => open({ kind: 'plan', plan: chosenPlan })}>
            {t('account.setPlan')}
          </Button>
          <div className="sm:ms-auto">
            {a.role === 'admin' ? null : a.suspended ? (
              <Button variant="secondary" onClick={() => open({ kind: 'restore' })}>
                {t('account.restore')}
              </Button>
            ) : (
              <Button variant="danger" onClick={() => open({ kind: 'suspend' })}>
                {t('account.suspend')}
              </Button>
            )}
          </div>
        </div>
      </Card>

      <h3 className="text-lg font-semibold">{t('account.bots')}</h3>
      {bots.length === 0 ? <p className="text-sm text-muted">{t('account.noBots')}</p> : null}
      <ul className="space-y-3">
        {bots.map((bot) => (
          <li key={bot.id}>
            <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 space-y-1">
                <div className="font-medium break-words">
                  {bot.name} <span className="text-sm font-normal text-muted">· {bot.business_name}</span>
                </div>
                <p className="text-xs text-muted">
                  {[
                    bot.enabled ? t('bot.on') : t('bot.off'),
                    bot.switched_off_for_plan ? t('bot.offForPlan') : null,
                    bot.channels.length ? bot.channels.join(', ') : t('bot.noChannels'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {bot.locked ? (
                  <p className="flex items-center gap-1 text-sm font-medium text-[color-mix(in_srgb,var(--danger-color)_70%,var(--font-color))]">
                    <LockIcon className="size-4" aria-hidden="true" />
                    {t('bot.lockedBecause', { reason: bot.locked_reason ?? '' })}
                  </p>
                ) : null}
              </div>
              {bot.locked ? (
                <Button variant="secondary" size="sm" loading={actions.lock.isPending && actions.lock.variables.botId === bot.id} onClick={() => void run(() => actions.lock.mutateAsync({ botId: bot.id, body: { locked: false } }), t('bot.unlocked', { name: bot.name }))}>
                  {t('bot.unlock')}
                </Button>
              ) : (
                <Button variant="danger" size="sm" onClick={() => open({ kind: 'lock', bot })}>
                  {t('bot.lock')}
                </Button>
              )}
            </Card>
          </li>
        ))}
      </ul>
      {error && !dialog ? <Alert>{error}</Alert> : null}

      <Modal
        open={dialog?.kind === 'lock'}
        onClose={close}
        title={dialog?.kind === 'lock' ? t('bot.lockTitle', { name: dialog.bot.name }) : ''}
        actions={
          <>
            <Button variant="secondary" onClick={close}>{t('cancel')}</Button>
            <Button
              variant="danger"
              loading={busy}
              disabled={!reason.trim()}
              onClick={() => dialog?.kind === 'lock' && void run(() => actions.lock.mutateAsync({ botId: dialog.bot.id, body: { locked: true, lockedReason: reason.trim() } }), t('bot.locked', { name: dialog.bot.name }))}
            >
              {t('bot.lock')}
            </Button>
          </>
        }
      >
        <p className="mb-3">{t('bot.lockAbout')}</p>
        <TextareaField label={t('reason')} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} required />
        {error ? <Alert className="mt-3">{error}</Alert> : null}
      </Modal>

      <Modal
        open={dialog?.kind === 'plan'}
        onClose={close}
        title={dialog?.kind === 'plan' ? t('account.planTitle', { plan: dialog.plan, name: a.name }) : ''}
        actions={
          <>
            <Button variant="secondary" onClick={close}>{t('cancel')}</Button>
            <Button loading={busy} onClick={() => dialog?.kind === 'plan' && void run(() => actions.setPlan.mutateAsync({ userId: a.id, plan: dialog.plan }), t('account.planSet', { plan: dialog.plan }))}>
              {t('account.setPlan')}
            </Button>
          </>
        }
      >
        {t('account.planAbout')}
        {error ? <Alert className="mt-3">{error}</Alert> : null}
      </Modal>

      <Modal
        open={dialog?.kind === 'suspend'}
        onClose={close}
        title={t('account.suspendTitle', { name: a.name })}
        actions={
          <>
            <Button variant="secondary" onClick={close}>{t('cancel')}</Button>
            <Button variant="danger" loading={busy} disabled={!reason.trim()} onClick={() => void run(() => actions.suspend.mutateAsync({ userId: a.id, reason: reason.trim() }), t('account.suspended'))}>
              {t('account.suspend')}
            </Button>
          </>
        }
      >
        <p className="mb-3">{t('account.suspendAbout')}</p>
        <TextareaField label={t('reason')} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} required />
        {error ? <Alert className="mt-3">{error}</Alert> : null}
      </Modal>

      <Modal
        open={dialog?.kind === 'restore'}
        onClose={close}
        title={t('account.restoreTitle', { name: a.name })}
        actions={
          <>
            <Button variant="secondary" onClick={close}>{t('cancel')}</Button>
            <Button loading={busy} onClick={() => void run(() => actions.restore.mutateAsync({ userId: a.id }), t('account.restored'))}>
              {t('account.restore')}
            </Button>
          </>
        }
      >
        {t('account.restoreAbout')}
        {error ? <Alert className="mt-3">{error}</Alert> : null}
      </Modal>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}
