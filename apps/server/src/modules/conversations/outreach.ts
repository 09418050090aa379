import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { Channel, StoredMedia, TemplateSend } from './conversations.table.ts';
import { usageRepository } from './usage.repository.ts';

const usageMonthOf = (d: Date) => d.toISOString().slice(0, 7);

/** One message the business starts (a campaign's), to a person who may not be a contact yet. */
export interface OutreachItem {
  /** The message's idempotency key: the same key stores it once. */
  key: string;
  /** The person's id on the channel (a WhatsApp number's digits, a JID, a page-scoped id). */
  identity: string;
  /** The CRM contact it goes to, when known; otherwise the one known by `identity`, or a new one. */
  contactId: string | null;
  phone: string;
  name: string;
  text: string;
  template?: TemplateSend;
  media?: StoredMedia[];
}

export interface OutreachStored {
  messageId: string;
  contactId: string;
  conversationId: string;
}

const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
/** A text array parameter (drizzle spreads a JS array into a list of parameters). */
const texts = (values: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * Stores many outbound messages the business starts, in one transaction and a few statements:
 * the contacts (found by their channel id, or made), their open conversations (or new ones) and
 * each message queued for the one send path. A key stored before answers its message again.
 */
export async function storeOutreach(
  db: Db,
  input: { botId: string; channel: Channel; items: OutreachItem[]; at?: Date; /** The account whose monthly messages they count in. */ accountId: string },
): Promise<Map<string, OutreachStored>> {
  const { botId, channel, items } = input;
  const at = input.at ?? new Date();
  const stored = new Map<string, OutreachStored>();
  if (!items.length) return stored;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const identities = [...new Set(items.map((i) => i.identity))];
    const known = new Map(
      (await queryRows<{ external_id: string; contact_id: string }>(t, sql`select external_id, contact_id from contact_identities
        where bot_id = ${botId} and channel = ${channel} and external_id = any(${texts(identities)})`)).map((r) => [r.external_id, r.contact_id]),
    );
    // New contacts for people known neither by id nor on the channel.
    const fresh = items.filter((i) => !i.contactId && !known.has(i.identity));
    const made = new Map<string, string>();
    for (const i of fresh) if (!made.has(i.identity)) made.set(i.identity, randomUUID());
    if (made.size) {
      const rows = [...made].map(([identity, id]) => {
        const item = fresh.find((f) => f.identity === identity)!;
        return { id, name: item.name, phone: item.phone };
      });
      await t.execute(sql`insert into contacts (id, bot_id, name, phone)
        select x.id, ${botId}, x.name, x.phone from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, name text, phone text)`);
    }
    const wanted = items.filter((i) => !known.has(i.identity)).map((i) => ({ external_id: i.identity, contact_id: i.contactId ?? made.get(i.identity)! }));
    if (wanted.length) {
      await t.execute(sql`insert into contact_identities (bot_id, channel, external_id, contact_id)
        select ${botId}, ${channel}, x.external_id, x.contact_id from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as x(external_id text, contact_id uuid)
        on conflict do nothing`);
      for (const r of await queryRows<{ external_id: string; contact_id: string }>(t, sql`select external_id, contact_id from contact_identities
        where bot_id = ${botId} and channel = ${channel} and external_id = any(${texts(wanted.map((w) => w.external_id))})`)) known.set(r.external_id, r.contact_id);
    }
    // A person's contact: the CRM's when named, else the one the channel knows them by.
    const contactOf = (i: OutreachItem) => i.contactId ?? known.get(i.identity)!;
    const contactIds = [...new Set(items.map(contactOf))];
    const open = async () =>
      new Map(
        (await queryRows<{ id: string; contact_id: string }>(t, sql`select id, contact_id from conversations
          where bot_id = ${botId} and channel = ${channel} and status <> 'closed' and contact_id = any(${uuids(contactIds)})`)).map((r) => [r.contact_id, r.id]),
      );
    let conversationOf = await open();
    const missing = contactIds.filter((c) => !conversationOf.has(c));
    if (missing.length) {
      await t.execute(sql`insert into conversations (bot_id, contact_id, channel, last_message_at)
        select ${botId}, c, ${channel}, ${at} from unnest(${uuids(missing)}) as c on conflict do nothing`);
      conversationOf = await open();
    }
    const rows = items.map((i) => ({
      conversation_id: conversationOf.get(contactOf(i))!,
      text: i.text,
      media: i.media ?? null,
      template: i.template ?? null,
      idempotency_key: i.key,
    }));
    const inserted = await queryRows<{ id: string }>(t, sql`insert into messages (conversation_id, bot_id, channel, direction, author, text, media, template, status, idempotency_key, created_at)
      select x.conversation_id, ${botId}, ${channel}, 'out', 'bot', x.text, x.media, x.template, 'queued', x.idempotency_key, ${at}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(conversation_id uuid, text text, media jsonb, template jsonb, idempotency_key text)
      on conflict do nothing returning id`);
    await t.execute(sql`update conversations set last_message_at = greatest(last_message_at, ${at}) where id = any(${uuids([...new Set(conversationOf.values())])})`);
    const byKey = new Map(
      (await queryRows<{ id: string; idempotency_key: string; conversation_id: string }>(t, sql`select id, idempotency_key, conversation_id from messages
        where idempotency_key = any(${texts(items.map((i) => i.key))})`)).map((r) => [r.idempotency_key, r]),
    );
    const contactByConversation = new Map([...conversationOf].map(([c, v]) => [v, c]));
    for (const i of items) {
      const m = byKey.get(i.key);
      if (m) stored.set(i.key, { messageId: m.id, conversationId: m.conversation_id, contactId: contactByConversation.get(m.conversation_id) ?? contactOf(i) });
    }
    // Last, so the account's one row of the month is locked only until the commit (other batches wait on it).
    await usageRepository(t).add(input.accountId, usageMonthOf(at), inserted.length);
  });
  return stored;
}

export interface OutreachOutcome {
  id: string;
  status: string;
  externalId: string | null;
  /** A failure's code (the notice catalogue) and Meta's number. */
  error: string | null;
  metaCode: number | null;
  sentAt: Date | null;
}

/** Where messages stand after their sends, in one read. */
export async function outreachOutcomes(db: Db, messageIds: string[]): Promise<Map<string, OutreachOutcome>> {
  if (!messageIds.length) return new Map();
  const rows = await queryRows<{ id: string; status: string; external_id: string | null; error: string | null; meta_code: number | string | null; sent_at: string | Date | null }>(
    db,
    sql`select id, status, external_id, error, error_params->>'metaCode' as meta_code, sent_at from messages where id = any(${uuids(messageIds)})`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, status: r.status, externalId: r.external_id, error: r.error, metaCode: r.meta_code === null ? null : Number(r.meta_code) || null, sentAt: r.sent_at ? new Date(r.sent_at) : null },
    ]),
  );
}
