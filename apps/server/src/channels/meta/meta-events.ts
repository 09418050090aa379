import type { MetaChannel } from '@charla/shared';
import type { Inbound } from '../../modules/conversations/ports.ts';
import type { DeliveryStatus } from './meta.table.ts';

/** What one webhook delivery asks of us, once read; the bot is found later by `account`. */
export type MetaEvent =
  | {
      kind: 'message';
      channel: MetaChannel;
      /** The business side: phone number id, page id or Instagram account id. */
      account: string;
      message: Omit<Inbound, 'botId' | 'channel' | 'answer'>;
    }
  | {
      kind: 'status';
      channel: MetaChannel;
      account: string;
      /** Meta's id of our sent message. */
      externalId: string;
      status: DeliveryStatus;
      at: Date;
      error?: { code?: number; title?: string; detail?: string };
      /** WhatsApp: the biz_opaque_callback_data the send carried (our message's id), so a status names its message even when the send's answer was lost. */
      callbackData?: string;
    }
  | {
      /** Messenger and Instagram: every message sent to this customer until `until` was delivered or read. */
      kind: 'watermark';
      channel: MetaChannel;
      account: string;
      recipient: string;
      status: 'delivered' | 'read';
      until: Date;
    }
  | { kind: 'ignored'; channel: MetaChannel; account: string; what: string };

/** Seconds (WhatsApp) or milliseconds (Messenger) since the epoch, as a date; now when missing. */
export function epoch(value: string | number | undefined): Date {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return new Date();
  return new Date(n < 1e12 ? n * 1000 : n);
}
