import { useCallback } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChannelStatusEvent, WhatsappQrEvent, WhatsappSessionStatus, WhatsappStatusEvent } from '@charla/shared';
import type { AppSocket } from '../../../lib/socket.ts';
import { useBotRoom } from '../../realtime/index.ts';
import { fetchChannels, fetchMetaSettings, fetchWhatsmeowSession, fetchWhatsappTemplate, fetchWhatsappTemplates } from './channels-calls.ts';

export const channelsKey = (botId: string) => ['channels', botId] as const;
export const whatsmeowSessionKey = (botId: string) => ['channels', botId, 'whatsmeow'] as const;
export const metaSettingsKey = ['meta-settings'] as const;
export const whatsappTemplateKey = (botId: string) => ['channels', botId, 'whatsapp-template'] as const;
export const whatsappTemplatesKey = (botId: string) => ['channels', botId, 'whatsapp-templates'] as const;

/** The Meta app's public settings: read once per session (they change only with the server's configuration). */
export function useMetaSettings() {
  return useQuery({ queryKey: metaSettingsKey, queryFn: fetchMetaSettings, staleTime: Infinity, retry: 1 });
}

/** The closed-window template of the bot's WhatsApp number (read while the number is connected). */
export function useWhatsappTemplate(botId: string, enabled: boolean) {
  return useQuery({ queryKey: whatsappTemplateKey(botId), queryFn: () => fetchWhatsappTemplate(botId), enabled });
}

/** The WABA's approved templates, read from Meta only when the owner opens the chooser. */
export function useWhatsappTemplates(botId: string, enabled: boolean) {
  return useQuery({ queryKey: whatsappTemplatesKey(botId), queryFn: () => fetchWhatsappTemplates(botId), enabled, staleTime: 60_000, retry: false });
}

export function useChannels(botId: string, enabled = true) {
  return useQuery({ queryKey: channelsKey(botId), queryFn: () => fetchChannels(botId), enabled });
}

/** Read whenever the bot is selected (the panel mounts per bot) and after a whatsmeow disconnect. */
export function useWhatsmeowSession(botId: string) {
  return useQuery({ queryKey: whatsmeowSessionKey(botId), queryFn: () => fetchWhatsmeowSession(botId), refetchOnMount: 'always' });
}

export function refreshWhatsmeowSession(client: QueryClient, botId: string) {
  return client.invalidateQueries({ queryKey: whatsmeowSessionKey(botId), exact: true });
}

/** The QR on screen now, with its attempt of the most before pairing gives up. */
export type LiveQr = Omit<WhatsappQrEvent, 'botId'>;

/**
 * The bot's room while the panel is open: channel and WhatsApp-by-QR session (whatsmeow) changes update the cached
 * states; each new QR goes to `onQr`. Returns whether the room is joined.
 */
export function useChannelEvents(botId: string, onQr: (qr: LiveQr) => void): boolean {
  const client = useQueryClient();
  const listen = useCallback(
    (socket: AppSocket) => {
      const onChannel = (event: ChannelStatusEvent) => {
        if (event.botId === botId) void client.invalidateQueries({ queryKey: channelsKey(botId), exact: true });
      };
      const onQrEvent = (event: WhatsappQrEvent) => {
        if (event.botId !== botId) return;
        onQr({ qr: event.qr, attempt: event.attempt, max: event.max });
        client.setQueryData(whatsmeowSessionKey(botId), (current: WhatsappSessionStatus | false | undefined) =>
          current ? { ...current, status: 'waiting_qr' as const, qr: event.qr } : current,
        );
      };
      const onStatus = (event: WhatsappStatusEvent) => {
        if (event.botId !== botId) return;
        const { botId: _ignored, ...session } = event;
        client.setQueryData<WhatsappSessionStatus | false>(whatsmeowSessionKey(botId), session);
      };
      socket.on('channelStatus', onChannel);
      socket.on('whatsappQr', onQrEvent);
      socket.on('whatsappStatus', onStatus);
      return () => {
        socket.off('channelStatus', onChannel);
        socket.off('whatsappQr', onQrEvent);
        socket.off('whatsappStatus', onStatus);
      };
    },
    [botId, client, onQr],
  );
  const onJoined = useCallback(
    (again: boolean) => {
      if (!again) return;
      void client.invalidateQueries({ queryKey: channelsKey(botId) });
    },
    [botId, client],
  );
  return useBotRoom(botId, listen, onJoined);
}
