import type { ChosenOption, DoneResponse, PlaygroundConversation, PlaygroundSendResponse } from '@charla/shared';
import { api } from '../../../lib/api.ts';

const base = (botId: string) => `/api/playground/${encodeURIComponent(botId)}`;

/** The owner's test conversation with a bot, through the same pipeline as WhatsApp. */
export const playgroundApi = {
  conversation: (botId: string) => api.get<PlaygroundConversation>(base(botId)),
  /** `chosen`: the option of a reply that was tapped (its title is the text). */
  send: (botId: string, text: string, clientMessageId: string, chosen?: ChosenOption) =>
    api.post<PlaygroundSendResponse>(`${base(botId)}/messages`, { text, client_message_id: clientMessageId, ...(chosen && { chosen }) }),
  reset: (botId: string) => api.post<DoneResponse>(`${base(botId)}/reset`),
};

export const playgroundKey = (botId: string) => ['playground', botId] as const;
