import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Seat, SeatRole } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-delete-modal.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useDeleteSeat, useInviteSeat, useResendSeat, useSeats, useUpdateSeat } from '../api/use-seats.ts';

export interface TeamBot {
  id: string;
  name: string;
}

const statusClasses: Record<Seat['status'], string> = {
  invited: 'border-amber-400/50 bg-amber-400/10 text-amber-400',
  active: 'border-success/40 bg-success/10 text-success',
  inactive: 'border-line bg-field text-muted',
};

/** Mi cuenta › Equipo: the account's team members, their roles and bots, and the invitations. */
export function TeamTab({ accountId, bots, seatLimit, planLink }: { accountId: string; bots: TeamBot[]; seatLimit: number | null | undefined; planLink: () => void }) {
  const { t } = useTranslation('seats');
  const seats = useSeats(accountId);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Seat | null>(null);
  const [deleting, setDeleting] = useState<Seat | null>(null);
  const update = useUpdateSeat(accountId);
  const remove = useDeleteSeat(accountId);
  const resend = useResendSeat(accountId);
  const list = seats.data ?? [];
  const used = list.filter((s) => s.isActive).length;
  const full = typeof seatLimit === 'number' && used >= seatLimit;
  const botName = (id: string) => bots.find((b) => b.id === id)?.name ?? t('unknownBot');
  const done = (key: 'resent' | 'deactivated' | 'reactivated' | 'deleted') => ({ onSuccess: () => showToast(t(key), 'success'), onError: (e: Error) => showToast(errorText(e), 'error') });

  return (
    <div className="space-y-5">
      <Card className="p-5 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div className="min-w-0">
            <h2 className="text-lg font-semibold">{t('title')}</h2>
            <p className="mt-1 text-sm text-muted">{typeof seatLimit === 'number' ? t('used', { used, limit: seatLimit }) : t('usedUnlimited', { used })}</p>
          </div>
          <Button onClick={() => setInviting(true)} disabled={full} className="w-full sm:w-auto">
            {t('invite')}
          </Button>
        </div>
        {full ? (
          <Alert tone="info" className="mt-4">
            {t('limitReached')}{' '}
            <button type="button" className="font-semibold underline" onClick={planLink}>
              {t('seePlans')}
            </button>
          </Alert>
        ) : null}
      </Card>

      {seats.isPending ? (
        <div className="flex justify-center p-8">
          <Spinner />
        </div>
      ) : list.length === 0 ? (
        <Card className="p-6 text-center text-sm text-muted">{t('empty')}</Card>
      ) : (
        <ul className="space-y-3" aria-label={t('title')}>
          {list.map((seat) => (
            <li key={seat.id}>
              <Card className="p-4 sm:p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="truncate font-semibold">{seat.name}</span>
                      <span className="rounded-full border border-line px-2 py-0.5 text-xs font-semibold">{t(`roles.${seat.role}`)}</span>
                      <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${statusClasses[seat.status]}`}>{t(`status.${seat.status}`)}</span>
                    </p>
                    <p className="mt-1 truncate text-sm text-muted">{seat.email}</p>
                    {seat.role === 'agent' ? (
                      <p className="mt-1 text-sm text-muted">{seat.botIds.length ? t('botsOf', { bots: seat.botIds.map(botName).join(', ') }) : t('noBots')}</p>
                    ) : null}
                  </div>
                  <div className="flex w-full flex-wrap gap-2 sm:w-auto">
                    <Button size="sm" variant="secondary" onClick={() => setEditing(seat)}>
                      {t('edit')}
                    </Button>
                    {seat.status === 'invited' ? (
                      <Button size="sm" variant="secondary" loading={resend.isPending && resend.variables === seat.id} onClick={() => resend.mutate(seat.id, done('resent'))}>
                        {t('resend')}
                      </Button>
                    ) : null}
                    <Button size="sm" variant="secondary" onClick={() => update.mutate({ id: seat.id, isActive: !seat.isActive }, done(seat.isActive ? 'deactivated' : 'reactivated'))}>
                      {seat.isActive ? t('deactivate') : t('reactivate')}
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setDeleting(seat)}>
                      {t('delete')}
                    </Button>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      {inviting ? <SeatDialog accountId={accountId} bots={bots} onClose={() => setInviting(false)} /> : null}
      {editing ? <SeatDialog accountId={accountId} bots={bots} seat={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDeleteModal
        open={deleting !== null}
        title={t('deleteTitle')}
        cancelLabel={t('cancel')}
        confirmLabel={t('delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, done('deleted'));
          setDeleting(null);
        }}
      >
        {t('deleteBody', { name: deleting?.name ?? '' })}
      </ConfirmDeleteModal>
    </div>
  );
}

/** Invite someone, or change a member's role and bots. */
function SeatDialog({ accountId, bots, seat, onClose }: { accountId: string; bots: TeamBot[]; seat?: Seat; onClose: () => void }) {
  const { t } = useTranslation('seats');
  const invite = useInviteSeat(accountId);
  const update = useUpdateSeat(accountId);
  const [email, setEmail] = useState(seat?.email ?? '');
  const [name, setName] = useState(seat?.name ?? '');
  const [role, setRole] = useState<SeatRole>(seat?.role ?? 'agent');
  const [botIds, setBotIds] = useState<string[]>(seat?.botIds ?? []);
  const pending = invite.isPending || update.isPending;
  const error = invite.error ?? update.error;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const after = { onSuccess: () => {
      showToast(t(seat ? 'saved' : 'invited'), 'success');
      onClose();
    } };
    if (seat) update.mutate({ id: seat.id, role, botIds: role === 'agent' ? botIds : [] }, after);
    else invite.mutate({ email, name, role, ...(role === 'agent' ? { botIds } : {}) }, after);
  };
  const toggle = (id: string) => setBotIds((prev) => (prev.includes(id) ? prev.filter((b) => b !== id) : [...prev, id]));

  return (
    <Modal open onClose={onClose} title={seat ? t('editTitle') : t('inviteTitle')}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormAlert error={error} />
        {seat ? null : (
          <>
            <TextField label={t('fields.email')} type="email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} />
            <TextField label={t('fields.name')} required value={name} onChange={(e) => setName(e.target.value)} />
          </>
        )}
        <SelectField
          label={t('fields.role')}
          value={role}
          onChange={(e) => setRole(e.target.value as SeatRole)}
          options={[
            { value: 'agent', label: t('roles.agent') },
            { value: 'admin', label: t('roles.admin') },
          ]}
          hint={t(`roleHints.${role}`)}
        />
        {role === 'agent' ? (
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium">{t('fields.bots')}</legend>
            {bots.length === 0 ? <p className="text-sm text-muted">{t('noBotsYet')}</p> : null}
            {bots.map((bot) => (
              <label key={bot.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4" checked={botIds.includes(bot.id)} onChange={() => toggle(bot.id)} />
                {bot.name}
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {seat ? t('save') : t('send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
