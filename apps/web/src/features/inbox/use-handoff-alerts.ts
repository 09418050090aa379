import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useNavigate } from 'react-router';
import type { ServerToClientEvents } from '@charla/shared';
import { showToast } from '../../components/ui/toast-store.ts';
import { paths } from '../../lib/navigation.ts';
import { useAppSocket } from '../realtime/index.ts';
import { addHandoff, useTotalHandoffs } from './handoff-alerts.ts';
import { titleWithCount } from './inbox-state.ts';

/**
 * While signed in: a customer who asks for a person shows a toast, counts on the CRM item's badge
 * and in the tab's title, and (when the browser allows it) raises a notification that opens the
 * conversation. `openBotId`: the bot whose inbox is on screen (its hand-offs are seen already).
 */
export function useHandoffAlerts(openBotId: string | null): void {
  const { t } = useTranslation('inbox');
  const socket = useAppSocket();
  const navigate = useNavigate();
  const total = useTotalHandoffs();
  const open = useRef(openBotId);
  open.current = openBotId;

  useEffect(() => {
    if (!socket) return;
    const onHandoff: ServerToClientEvents['handoffRequested'] = (event) => {
      const name = event.contactName || t('list.unknownContact');
      const text = t('handoff.toast', { name });
      showToast(text, 'info', 8000);
      if (open.current !== event.botId) addHandoff(event.botId);
      if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        const note = new Notification(t('handoff.notificationTitle'), { body: text, tag: event.conversationId });
        note.onclick = () => {
          window.focus();
          void navigate(`${paths.bot(event.botId, 'crm')}?c=${encodeURIComponent(event.conversationId)}`);
          note.close();
        };
      }
    };
    socket.on('handoffRequested', onHandoff);
    return () => {
      socket.off('handoffRequested', onHandoff);
    };
  }, [socket, t, navigate]);

  useEffect(() => {
    document.title = titleWithCount(document.title, total);
  }, [total]);
}
