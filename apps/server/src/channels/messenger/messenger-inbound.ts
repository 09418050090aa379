import { z } from 'zod';
import { epoch, type MetaEvent } from '../meta/meta-events.ts';

/** One entry[].messaging[] event of a Messenger ('page') or Instagram ('instagram') delivery. */
const messagingEvent = z.looseObject({
  sender: z.looseObject({ id: z.string() }),
  recipient: z.looseObject({ id: z.string() }),
  timestamp: z.number().optional(),
  message: z
    .looseObject({
      mid: z.string(),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      is_deleted: z.boolean().optional(),
      is_unsupported: z.boolean().optional(),
      quick_reply: z.looseObject({ payload: z.string() }).optional(),
      attachments: z
        .array(
          z.looseObject({
            type: z.string(),
            payload: z.looseObject({ url: z.string().optional(), coordinates: z.looseObject({ lat: z.number(), long: z.number() }).optional() }).nullable().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  postback: z.looseObject({ mid: z.string().optional(), title: z.string().optional(), payload: z.string().optional() }).optional(),
  delivery: z.looseObject({ mids: z.array(z.string()).optional(), watermark: z.number().optional() }).optional(),
  read: z.looseObject({ mid: z.string().optional(), watermark: z.number().optional() }).optional(),
});

/** The events of one entry of a 'page' (Messenger) or 'instagram' delivery; `account` is entry.id. */
export function messagingEvents(channel: 'messenger' | 'instagram', account: string, messaging: unknown[]): MetaEvent[] {
  const events: MetaEvent[] = [];
  const ignore = (what: string) => events.push({ kind: 'ignored', channel, account, what });
  for (const raw of messaging) {
    const parsed = messagingEvent.safeParse(raw);
    if (!parsed.success) {
      ignore('event unreadable');
      continue;
    }
    const e = parsed.data;
    const customer = e.sender.id;
    const at = epoch(e.timestamp);

    if (e.message) {
      const m = e.message;
      // Our own replies come back as echoes; on Instagram the sender is then the account itself.
      if (m.is_echo || customer === account) ignore('echo');
      else if (m.is_deleted || m.is_unsupported) ignore(m.is_deleted ? 'deleted' : 'unsupported');
      else {
        // Files come as a link (downloaded and kept later); a shared place as its coordinates.
        const media = (m.attachments ?? []).map((a) => ({
          type: a.type,
          ...(a.payload?.url ? { url: a.payload.url } : {}),
          ...(a.payload?.coordinates && { latitude: a.payload.coordinates.lat, longitude: a.payload.coordinates.long }),
        }));
        // A tapped quick reply: its title is the text, its payload the option's id.
        const text = m.text ?? m.quick_reply?.payload ?? '';
        const chosen = m.quick_reply ? { id: m.quick_reply.payload, title: text } : undefined;
        if (!text && !media.length) ignore('empty message');
        else {
          events.push({
            kind: 'message',
            channel,
            account,
            message: { contactExternalId: customer, externalId: m.mid, text, ...(media.length ? { media } : {}), ...(chosen && { chosen }), at },
          });
        }
      }
    } else if (e.postback) {
      const text = e.postback.title ?? e.postback.payload ?? '';
      const chosen = e.postback.payload ? { id: e.postback.payload, title: text } : undefined;
      events.push({
        kind: 'message',
        channel,
        account,
        message: { contactExternalId: customer, externalId: e.postback.mid ?? `postback:${customer}:${at.getTime()}`, text, ...(chosen && { chosen }), at },
      });
    } else if (e.delivery) {
      for (const mid of e.delivery.mids ?? []) events.push({ kind: 'status', channel, account, externalId: mid, status: 'delivered', at });
      if (!e.delivery.mids?.length && e.delivery.watermark) {
        events.push({ kind: 'watermark', channel, account, recipient: customer, status: 'delivered', until: epoch(e.delivery.watermark) });
      }
    } else if (e.read) {
      if (e.read.mid) events.push({ kind: 'status', channel, account, externalId: e.read.mid, status: 'read', at });
      else if (e.read.watermark) events.push({ kind: 'watermark', channel, account, recipient: customer, status: 'read', until: epoch(e.read.watermark) });
      else ignore('read');
    } else {
      ignore(Object.keys(e).find((k) => !['sender', 'recipient', 'timestamp'].includes(k)) ?? 'event');
    }
  }
  return events;
}
