import { z } from 'zod';
import { messagingEvents } from '../messenger/messenger-inbound.ts';
import { whatsappEvents } from '../whatsapp-cloud/whatsapp-inbound.ts';
import type { MetaEvent } from './meta-events.ts';

const delivery = z.looseObject({
  object: z.string(),
  entry: z.array(
    z.looseObject({
      id: z.union([z.string(), z.number()]).transform(String).optional(),
      changes: z.array(z.looseObject({ field: z.string().optional(), value: z.unknown() })).optional(),
      messaging: z.array(z.unknown()).optional(),
    }),
  ),
});

/**
 * Every event of one webhook delivery, from every entry, change and message (Meta batches them).
 * Never throws: what cannot be read comes back as an 'ignored' event.
 */
export function metaEvents(payload: unknown): { object: string; events: MetaEvent[] } {
  const parsed = delivery.safeParse(payload);
  if (!parsed.success) {
    const object = typeof (payload as { object?: unknown })?.object === 'string' ? (payload as { object: string }).object : 'unknown';
    return { object, events: [{ kind: 'ignored', channel: 'whatsapp', account: '', what: `unreadable ${object} delivery` }] };
  }
  const { object, entry } = parsed.data;
  const events: MetaEvent[] = [];
  for (const e of entry) {
    if (object === 'whatsapp_business_account') {
      for (const change of e.changes ?? []) events.push(...whatsappEvents(change.field ?? '', change.value));
    } else if (object === 'page' || object === 'instagram') {
      const channel = object === 'page' ? 'messenger' : 'instagram';
      events.push(...messagingEvents(channel, e.id ?? '', e.messaging ?? []));
      for (const change of e.changes ?? []) events.push({ kind: 'ignored', channel, account: e.id ?? '', what: `change ${change.field ?? ''}` });
    } else {
      events.push({ kind: 'ignored', channel: 'whatsapp', account: e.id ?? '', what: `object ${object}` });
    }
  }
  return { object, events };
}
