import { z } from 'zod';
import { epoch, type MetaEvent } from '../meta/meta-events.ts';
import { deliveryStatuses } from '../meta/meta.table.ts';
import type { StoredMedia } from '../../modules/conversations/ports.ts';

const media = z.looseObject({ id: z.string().optional(), caption: z.string().optional(), mime_type: z.string().optional(), filename: z.string().optional() });
const mediaTypes = ['image', 'video', 'audio', 'document', 'sticker'] as const;

const waMessage = z.looseObject({
  from: z.string(),
  id: z.string(),
  timestamp: z.union([z.string(), z.number()]).optional(),
  type: z.string(),
  text: z.looseObject({ body: z.string() }).optional(),
  button: z.looseObject({ text: z.string().optional(), payload: z.string().optional() }).optional(),
  interactive: z
    .looseObject({
      type: z.string(),
      button_reply: z.looseObject({ id: z.string().optional(), title: z.string() }).optional(),
      list_reply: z.looseObject({ id: z.string().optional(), title: z.string(), description: z.string().optional() }).optional(),
    })
    .optional(),
  location: z
    .looseObject({ latitude: z.number().optional(), longitude: z.number().optional(), name: z.string().optional(), address: z.string().optional() })
    .optional(),
  contacts: z
    .array(z.looseObject({ name: z.looseObject({ formatted_name: z.string().optional() }).optional(), phones: z.array(z.looseObject({ phone: z.string().optional() })).optional() }))
    .optional(),
  order: z
    .looseObject({ text: z.string().optional(), product_items: z.array(z.looseObject({ product_retailer_id: z.string(), quantity: z.number().optional() })).optional() })
    .optional(),
  image: media.optional(),
  video: media.optional(),
  audio: media.optional(),
  document: media.optional(),
  sticker: media.optional(),
});
type WaMessage = z.infer<typeof waMessage>;

const waStatus = z.looseObject({
  id: z.string(),
  status: z.enum(deliveryStatuses),
  timestamp: z.union([z.string(), z.number()]).optional(),
  recipient_id: z.string().optional(),
  /** What we sent as the message's biz_opaque_callback_data (our message's id), echoed by Meta. */
  biz_opaque_callback_data: z.string().optional(),
  errors: z
    .array(z.looseObject({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional(), error_data: z.looseObject({ details: z.string().optional() }).optional() }))
    .optional(),
});

const waValue = z.looseObject({
  metadata: z.looseObject({ phone_number_id: z.string() }),
  contacts: z.array(z.looseObject({ wa_id: z.string().optional(), profile: z.looseObject({ name: z.string().optional() }).optional() })).optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
});

type Content = { text: string; media?: StoredMedia[]; chosen?: { id: string; title: string } };

/** A tapped option: its title is the customer's text, its id (when Meta sends one) comes along. */
const tapped = (title: string, id: string | undefined): Content => ({ text: title, ...(id && { chosen: { id, title } }) });

/**
 * The text and attachments of a customer's message, and the option they tapped (a reply button,
 * a list row, a template's quick-reply button); undefined for kinds we do not take (reactions,
 * system notices…).
 */
function content(m: WaMessage): Content | undefined {
  switch (m.type) {
    case 'text':
      return m.text ? { text: m.text.body } : undefined;
    case 'button':
      return m.button ? tapped(m.button.text ?? m.button.payload ?? '', m.button.payload) : undefined;
    case 'interactive': {
      const reply = m.interactive?.button_reply ?? m.interactive?.list_reply;
      return reply ? tapped(reply.title, reply.id) : undefined;
    }
    case 'location': {
      const l = m.location;
      if (!l) return undefined;
      const place = [l.name, l.address].filter(Boolean).join(', ');
      const point = l.latitude !== undefined && l.longitude !== undefined ? `${l.latitude}, ${l.longitude}` : '';
      const coordinates = l.latitude !== undefined && l.longitude !== undefined ? { latitude: l.latitude, longitude: l.longitude } : {};
      return { text: [place, point && `(${point})`].filter(Boolean).join(' '), media: [{ type: 'location', ...coordinates }] };
    }
    case 'contacts': {
      const cards = (m.contacts ?? []).map((c) => [c.name?.formatted_name, ...(c.phones ?? []).map((p) => p.phone)].filter(Boolean).join(' '));
      return { text: cards.join('\n'), media: [{ type: 'contacts' }] };
    }
    case 'order': {
      const items = (m.order?.product_items ?? []).map((i) => `${i.quantity ?? 1} × ${i.product_retailer_id}`);
      return { text: [m.order?.text, ...items].filter(Boolean).join('\n'), media: [{ type: 'order' }] };
    }
    default: {
      const kind = mediaTypes.find((t) => t === m.type);
      const file = kind ? m[kind] : undefined;
      if (!kind || !file) return undefined;
      return {
        text: file.caption ?? '',
        media: [
          {
            type: kind,
            ...(file.id ? { id: file.id } : {}),
            ...(file.caption ? { caption: file.caption } : {}),
            ...(file.mime_type ? { mime: file.mime_type } : {}),
            ...(file.filename ? { name: file.filename } : {}),
          },
        ],
      };
    }
  }
}

/** The events of one `changes[]` item of a whatsapp_business_account delivery. */
export function whatsappEvents(field: string, rawValue: unknown): MetaEvent[] {
  const parsed = waValue.safeParse(rawValue);
  if (!parsed.success) return [{ kind: 'ignored', channel: 'whatsapp', account: '', what: `change ${field}` }];
  const value = parsed.data;
  const account = value.metadata.phone_number_id;
  if (field !== 'messages') return [{ kind: 'ignored', channel: 'whatsapp', account, what: `change ${field}` }];
  const events: MetaEvent[] = [];

  for (const raw of value.messages ?? []) {
    const m = waMessage.safeParse(raw);
    const body = m.success ? content(m.data) : undefined;
    if (!m.success || !body) {
      events.push({ kind: 'ignored', channel: 'whatsapp', account, what: `message ${m.success ? m.data.type : 'unreadable'}` });
      continue;
    }
    const profile = value.contacts?.find((c) => c.wa_id === m.data.from) ?? value.contacts?.[0];
    events.push({
      kind: 'message',
      channel: 'whatsapp',
      account,
      message: {
        contactExternalId: m.data.from,
        contactName: profile?.profile?.name,
        contactPhone: /^\d{6,15}$/.test(m.data.from) ? `+${m.data.from}` : undefined,
        externalId: m.data.id,
        text: body.text,
        media: body.media,
        ...(body.chosen && { chosen: body.chosen }),
        at: epoch(m.data.timestamp),
      },
    });
  }

  for (const raw of value.statuses ?? []) {
    const s = waStatus.safeParse(raw);
    if (!s.success) {
      events.push({ kind: 'ignored', channel: 'whatsapp', account, what: 'status unreadable' });
      continue;
    }
    const e = s.data.errors?.[0];
    events.push({
      kind: 'status',
      channel: 'whatsapp',
      account,
      externalId: s.data.id,
      status: s.data.status,
      at: epoch(s.data.timestamp),
      ...(s.data.biz_opaque_callback_data ? { callbackData: s.data.biz_opaque_callback_data } : {}),
      ...(e ? { error: { code: e.code, title: e.title, detail: e.error_data?.details ?? e.message } } : {}),
    });
  }
  return events;
}
