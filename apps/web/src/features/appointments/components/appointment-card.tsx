import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Appointment, AppointmentStatus, Bot } from '@charla/shared';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { CalendarCheckIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { paths } from '../../../lib/navigation.ts';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../../lib/error-text.ts';
import { appointmentsApi } from '../api/appointments-api.ts';
import { appointmentsKey, useCancelAppointment, useUpdateAppointment } from '../api/use-appointments.ts';
import { formatInZone, statusColors } from '../calendar-model.ts';

const statusActions: { status: AppointmentStatus; label: 'confirm' | 'complete' | 'noShow' }[] = [
  { status: 'confirmed', label: 'confirm' },
  { status: 'completed', label: 'complete' },
  { status: 'no_show', label: 'noShow' },
];

/** An appointment's card: contact, time, service, notes, channel and conversation, and its status buttons. */
export function AppointmentCard({ appointment, bot, onClose }: { appointment: Appointment; bot: Bot; onClose: () => void }) {
  const { t, i18n } = useTranslation('citas');
  const locale = i18n.resolvedLanguage === 'en' ? 'en' : 'es';
  const update = useUpdateAppointment(bot.id);
  const cancel = useCancelAppointment(bot.id);
  const queryClient = useQueryClient();
  const [service, setService] = useState(appointment.service);
  const [notes, setNotes] = useState(appointment.notes);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const colors = statusColors[appointment.status];
  const dirty = service.trim() !== appointment.service || notes.trim() !== appointment.notes;
  // How it went can be said only once it has started.
  const started = new Date(appointment.start).getTime() <= Date.now();
  const actions = statusActions.filter((action) => action.status !== appointment.status && (action.status === 'confirmed' ? !started : started));

  const setStatus = (status: AppointmentStatus) =>
    update.mutate(
      { id: appointment.id, body: { status } },
      { onSuccess: (saved) => showToast(t(appointment.status !== 'cancelled' ? 'card.saved' : saved.customerNotified ? 'card.restoredNotified' : 'card.restored'), 'success') },
    );
  const saveBody = () => ({ service: service.trim(), notes: notes.trim() });
  const save = () => update.mutate({ id: appointment.id, body: saveBody() }, { onSuccess: () => showToast(t('card.saved'), 'success') });
  /** Closing keeps what was typed: unsaved service or notes are saved on the way out. */
  const close = () => {
    if (dirty && !update.isPending) update.mutate({ id: appointment.id, body: saveBody() }, { onSuccess: () => showToast(t('card.savedOnClose'), 'success') });
    onClose();
  };
  const previousStatus = appointment.status;
  const cancelIt = () =>
    cancel.mutate(appointment.id, {
      onSuccess: (answer) => {
        showToast(t(answer.customerNotified ? 'card.cancelledNotified' : 'card.cancelled'), 'success', 10_000, {
          label: t('card.undo'),
          // The card is closed by then: the call does not hang on its mutation.
          run: () =>
            void appointmentsApi
              .update(appointment.id, { status: previousStatus })
              .then(
                (saved) => showToast(t(saved.customerNotified ? 'card.restoredNotified' : 'card.restored'), 'success'),
                (error: unknown) => showToast(t('card.failed', { reason: errorText(error) }), 'error', 8000),
              )
              .finally(() => void queryClient.invalidateQueries({ queryKey: appointmentsKey(bot.id) })),
        });
        onClose();
      },
    });

  const contact = appointment.contact;
  return (
    <Modal
      open
      onClose={close}
      icon={<CalendarCheckIcon className="size-6" />}
      title={contact.name || contact.phone || '—'}
      actions={
        <Button variant="secondary" onClick={close}>
          {t('card.close')}
        </Button>
      }
    >
      <div className="space-y-4 text-fg" data-testid="appointment-card">
        <p>
          <span className="inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-sm font-semibold" style={{ borderColor: colors.border }}>
            <span aria-hidden className="size-2 rounded-full" style={{ background: colors.border }} />
            {t(`status.${appointment.status}`)}
          </span>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">{t('card.when')}</dt>
          <dd data-testid="appointment-when">
            {formatInZone(appointment.start, bot.timezone, locale)} – {formatInZone(appointment.end, bot.timezone, locale, false)}
          </dd>
          <dt className="text-muted">{t('card.contact')}</dt>
          <dd>{[contact.name, contact.phone, contact.email].filter(Boolean).join(' · ') || '—'}</dd>
          <dt className="text-muted">{t('card.channel')}</dt>
          <dd>
            {appointment.channel ? t(`common:channelNames.${appointment.channel as 'whatsapp'}`, { defaultValue: appointment.channel }) : t('card.noChannel')}
            {appointment.conversationId ? (
              <>
                {' · '}
                <Link className="font-semibold text-highlight-text underline-offset-2 hover:underline" to={`${paths.bot(bot.id, 'crm')}?c=${encodeURIComponent(appointment.conversationId)}`}>
                  {t('card.conversation')}
                </Link>
              </>
            ) : null}
          </dd>
          <dt className="text-muted">{t('card.bookedBy')}</dt>
          <dd>{appointment.source === 'bot' ? t('card.bookedByBot') : t('card.bookedByOwner')}</dd>
        </dl>

        <TextField label={t('card.service')} value={service} maxLength={200} onChange={(event) => setService(event.target.value)} />
        <TextareaField label={t('card.notes')} value={notes} maxChars={2000} rows={3} onChange={(event) => setNotes(event.target.value)} />
        {dirty ? (
          <Button variant="secondary" size="sm" loading={update.isPending} onClick={save}>
            {t('card.save')}
          </Button>
        ) : null}

        <FormAlert error={update.error ?? cancel.error} />

        {appointment.status !== 'cancelled' && confirmingCancel ? (
          <div role="alertdialog" aria-labelledby="cancel-question" className="space-y-3 rounded-xl border border-danger/40 bg-danger/5 p-3">
            <p id="cancel-question" className="text-sm font-semibold">
              {t('card.cancelQuestion', { when: formatInZone(appointment.start, bot.timezone, locale) })}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="danger" size="sm" loading={cancel.isPending} onClick={cancelIt}>
                {t('card.cancelConfirm')}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setConfirmingCancel(false)}>
                {t('card.cancelKeep')}
              </Button>
            </div>
          </div>
        ) : appointment.status !== 'cancelled' ? (
          <div role="group" aria-label={t('card.setStatus')} className="flex flex-wrap gap-2">
            {actions.map((action) => (
              <button key={action.status} type="button" className={buttonClasses('secondary', 'sm')} disabled={update.isPending} onClick={() => setStatus(action.status)}>
                {t(`card.${action.label}`)}
              </button>
            ))}
            <Button variant="danger" size="sm" onClick={() => setConfirmingCancel(true)}>
              {t('card.cancel')}
            </Button>
          </div>
        ) : (
          <Button variant="secondary" size="sm" loading={update.isPending} onClick={() => setStatus('booked')}>
            {t('card.restore')}
          </Button>
        )}
      </div>
    </Modal>
  );
}
