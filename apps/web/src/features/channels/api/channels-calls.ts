import type {
  ChannelStatus,
  ChannelsResponse,
  DisconnectBody,
  DisconnectResponse,
  MessengerRegisterBody,
  MessengerRegisterResponse,
  MetaRegisterBody,
  MetaRegisterResponse,
  MetaSettingsResponse,
  WhatsappSessionStatus,
  WhatsappTemplateBody,
  WhatsappTemplateOption,
  WhatsappTemplateResponse,
  WhatsappTemplatesResponse,
} from '@charla/shared';
import { api } from '../../../lib/api.ts';

export type Result<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function fetchChannels(botId: string): Promise<ChannelStatus[]> {
  const answer = await api.get<ChannelsResponse>(`/api/channels/${encodeURIComponent(botId)}`);
  return answer.channels;
}

/** The WhatsApp-by-QR (whatsmeow) session's status, or false when it could not be read ('Failed to fetch QR status'). */
export async function fetchWhatsmeowSession(botId: string): Promise<WhatsappSessionStatus | false> {
  try {
    return await api.get<WhatsappSessionStatus>(`/bot/current-session-status/${encodeURIComponent(botId)}`);
  } catch (error) {
    console.error('Failed to fetch QR status', error);
    return false;
  }
}

export function connectWhatsmeow(botId: string): Promise<WhatsappSessionStatus> {
  return api.post<WhatsappSessionStatus>('/api/whatsapp-web/connect', { botId });
}

export async function disconnectChannel(body: DisconnectBody): Promise<Result<true>> {
  try {
    await api.post<DisconnectResponse>('/api/disconnect', body);
    return { ok: true, value: true };
  } catch (error) {
    console.error('Failed to disconnect', error);
    return { ok: false, error };
  }
}

export function registerWhatsappApi(body: MetaRegisterBody): Promise<MetaRegisterResponse> {
  return api.post<MetaRegisterResponse>('/api/meta-register', body);
}

/** After the embedded signup: the ids and Meta's code to the server ('Failed to send WhatsApp info to server'). */
export async function sendSignupToServer(body: MetaRegisterBody): Promise<Result<MetaRegisterResponse>> {
  try {
    return { ok: true, value: await registerWhatsappApi(body) };
  } catch (error) {
    console.error('Failed to send WhatsApp info to server', error);
    return { ok: false, error };
  }
}

export function registerMessenger(body: MessengerRegisterBody): Promise<MessengerRegisterResponse> {
  return api.post<MessengerRegisterResponse>('/api/messenger-register', body);
}

/** The Meta app's public settings (app id, embedded-signup configuration, Graph version). */
export function fetchMetaSettings(): Promise<MetaSettingsResponse> {
  return api.get<MetaSettingsResponse>('/api/meta/settings');
}

const templatePath = (botId: string) => `/api/channels/${encodeURIComponent(botId)}/whatsapp-template`;

/** The approved templates of the connected number's WhatsApp account, read from Meta by the server. */
export async function fetchWhatsappTemplates(botId: string): Promise<WhatsappTemplateOption[]> {
  const answer = await api.get<WhatsappTemplatesResponse>(`/api/channels/${encodeURIComponent(botId)}/whatsapp-templates`);
  return answer.templates;
}

/** The template sent when the 24-hour window is closed, or null. */
export async function fetchWhatsappTemplate(botId: string): Promise<WhatsappTemplateBody | null> {
  return (await api.get<WhatsappTemplateResponse>(templatePath(botId))).template;
}

export async function saveWhatsappTemplate(botId: string, body: WhatsappTemplateBody): Promise<WhatsappTemplateBody | null> {
  return (await api.request<WhatsappTemplateResponse>(templatePath(botId), { method: 'PUT', body })).template;
}

export async function clearWhatsappTemplate(botId: string): Promise<null> {
  await api.request<WhatsappTemplateResponse>(templatePath(botId), { method: 'DELETE' });
  return null;
}
