import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import type { AppointmentChangedEvent, Bot } from '@charla/shared';
import { showToast } from '../../components/ui/toast-store.ts';
import { useAppSocket } from '../realtime/index.ts';
import { formatInZone } from './calendar-model.ts';

/** Anywhere in the dashboard: a booking the assistant just made shows a toast to the owner. */
export function useBookingToasts(bots: readonly Pick<Bot, 'id' | 'timezone'>[]): void {
  const socket = useAppSocket();
  const { t, i18n } = useTranslation('dashboard');
  useEffect(() => {
    if (!socket) return;
    const onChange = (event: AppointmentChangedEvent) => {
      if (event.by !== 'bot' || event.change !== 'created') return;
      const zone = bots.find((bot) => bot.id === event.botId)?.timezone ?? 'UTC';
      const { contact, start } = event.appointment;
      showToast(t('appointmentBooked', { name: contact.name || contact.phone || '—', when: formatInZone(start, zone, i18n.resolvedLanguage ?? 'es') }), 'info', 8000);
    };
    socket.on('appointmentChanged', onChange);
    return () => {
      socket.off('appointmentChanged', onChange);
    };
  }, [socket, bots, t, i18n]);
}
