import { z } from 'zod';

/**
 * A bot's WhatsApp connection by QR (source `whatsmeow`):
 * - disconnected: no session (never paired, logged out from the phone, or disconnected here);
 * - waiting_qr: a QR is on screen, waiting to be scanned;
 * - connecting: paired, opening (or reopening) the connection;
 * - connected: messages flow;
 * - qr_timeout: no QR was scanned in time; connect again for new ones.
 */
export const whatsappWebStatuses = ['disconnected', 'waiting_qr', 'connecting', 'connected', 'qr_timeout'] as const;
export type WhatsappWebStatus = (typeof whatsappWebStatuses)[number];

/** GET /bot/current-session-status/{botId}, and the answer of connect. */
export const whatsappSessionStatus = z.object({
  status: z.enum(whatsappWebStatuses),
  /** Why it is not connected: a code of channelErrorMessages (noticeText words it); null when nothing went wrong. */
  pair_error: z.string().nullable(),
  /** The linked number once connected ("+5213312345678"). */
  phone: z.string().nullable(),
  /** While waiting_qr: the QR on screen now, to draw it without waiting for the next one. */
  qr: z.string().nullable(),
});
export type WhatsappSessionStatus = z.infer<typeof whatsappSessionStatus>;

export const whatsappSessionParams = z.strictObject({ botId: z.uuid() });
export const whatsappConnectBody = z.strictObject({ botId: z.uuid() });

/** A new QR to draw (bot room); `attempt` of `max` before pairing gives up. */
export const whatsappQrEvent = z.object({
  botId: z.uuid(),
  qr: z.string(),
  attempt: z.number().int(),
  max: z.number().int(),
});
export type WhatsappQrEvent = z.infer<typeof whatsappQrEvent>;

/** The session changed state (bot room). */
export const whatsappStatusEvent = whatsappSessionStatus.extend({ botId: z.uuid() });
export type WhatsappStatusEvent = z.infer<typeof whatsappStatusEvent>;
