import { z } from 'zod';
import type { DocumentStatusEvent } from './training.ts';
import type { ConversationMessageEvent, ConversationUpdatedEvent, HandoffEvent } from './conversations.ts';
import type { ChannelStatusEvent } from './channels.ts';
import type { AppointmentChangedEvent } from './appointments.ts';
import type { CampaignProgressEvent } from './campaigns.ts';
import type { ContactNoteEvent } from './crm.ts';
import type { WhatsappQrEvent, WhatsappStatusEvent } from './whatsapp-web.ts';

/** Rooms a socket may join: its own user room, and rooms of bots it may see. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  bot: (botId: string) => `bot:${botId}`,
} as const;
export const roomSchema = z.string().regex(/^(user|bot):[0-9a-f-]{36}$/);

export const limitEventPayload = z.object({
  botId: z.string().optional(),
  limit: z.number().int().optional(),
  message: z.string().optional(),
});
export type LimitEventPayload = z.infer<typeof limitEventPayload>;

export const paymentErrorPayload = z.object({ message: z.string().optional() });
export type PaymentErrorPayload = z.infer<typeof paymentErrorPayload>;

export type RoomAck = (result: { ok: boolean; error?: string }) => void;

export interface ServerToClientEvents {
  messageLimitReached: (payload: LimitEventPayload) => void;
  botLimitReached: (payload: LimitEventPayload) => void;
  paymentError: (payload: PaymentErrorPayload) => void;
  /** A training document changed state (sent to the bot's room). */
  documentStatus: (payload: DocumentStatusEvent) => void;
  /** A message was stored or changed state in one of the bot's conversations (bot room). */
  conversationMessage: (payload: ConversationMessageEvent) => void;
  /** A conversation changed status, or the bot started/stopped preparing a reply (bot room). */
  conversationUpdated: (payload: ConversationUpdatedEvent) => void;
  /** A customer asked for a person (owner's room). */
  handoffRequested: (payload: HandoffEvent) => void;
  /** A Meta channel of the bot changed state, e.g. its token was refused (owner's room and bot room). */
  channelStatus: (payload: ChannelStatusEvent) => void;
  /** A new pairing QR for the bot's WhatsApp by QR (bot room). */
  whatsappQr: (payload: WhatsappQrEvent) => void;
  /** The bot's WhatsApp-by-QR session changed state (bot room). */
  whatsappStatus: (payload: WhatsappStatusEvent) => void;
  /** An appointment of the bot was booked, moved, confirmed or cancelled (bot room). */
  appointmentChanged: (payload: AppointmentChangedEvent) => void;
  /** A campaign of the bot sent, delivered or stopped: its counts (bot room, a few times a second at most). */
  campaignProgress: (payload: CampaignProgressEvent) => void;
  /** A person of the team wrote a note on one of the bot's contacts (bot room). */
  contactNote: (payload: ContactNoteEvent) => void;
}

export interface ClientToServerEvents {
  joinRoom: (room: string, ack?: RoomAck) => void;
  leaveRoom: (room: string, ack?: RoomAck) => void;
  /** Sends a playground message to a bot through the same pipeline as WhatsApp. */
  playgroundSend: (payload: { botId: string; text: string; client_message_id: string; chosen?: { id: string; title: string } }, ack?: RoomAck) => void;
}

/** What the client sends in the socket.io handshake `auth`. */
export const socketAuth = z.object({ userId: z.uuid() });

export const serverEventNames = ['messageLimitReached', 'botLimitReached', 'paymentError'] as const satisfies readonly (keyof ServerToClientEvents)[];
