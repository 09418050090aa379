import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactIdentities, contacts, conversations } from './conversations.table.ts';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactInsert = typeof contacts.$inferInsert;

/**
 * The writes of contacts that other modules ask for (the CRM's cards, merges and imports, a
 * contact made for an appointment), each inside the caller's transaction when given one.
 */
export function contactsRepository(db: Db) {
  return {
    async insert(values: ContactInsert): Promise<ContactRow> {
      const [row] = await db.insert(contacts).values(values).returning();
      return row!;
    },

    /** Changes a contact's columns; its `updatedAt` is now. */
    async update(id: string, patch: Partial<ContactInsert>): Promise<void> {
      await db.update(contacts).set({ ...patch, updatedAt: new Date() }).where(eq(contacts.id, id));
    },

    /** Deletes a contact: its conversations, messages and identities go with it (cascades). */
    async remove(id: string): Promise<void> {
      await db.delete(contacts).where(eq(contacts.id, id));
    },

    /** Keeps what the bot learnt (interest, product, budget) on the contact, merged into what it had. */
    async addCaptured(id: string, captured: Record<string, string>): Promise<void> {
      await db.execute(sql`update contacts set captured = captured || ${JSON.stringify(captured)}::jsonb, updated_at = now() where id = ${id}`);
    },

    /** Takes an owner's contact field out of every contact of the bot that has a value for it. */
    async dropCustomField(botId: string, fieldId: string): Promise<void> {
      await db.execute(sql`update contacts set custom_fields = custom_fields - ${fieldId}::text where bot_id = ${botId} and custom_fields ? ${fieldId}::text`);
    },

    /**
     * Moves the contacts `members` selects to stage `to`, their order kept, from position `start`
     * on (a stage deleted, its cards at the end of another column).
     */
    async moveToStage(members: SQL, to: string, start: number): Promise<void> {
      await db.execute(sql`update contacts set stage_id = ${to}, stage_position = ${start} + stage_position - (select coalesce(min(stage_position), 0) from contacts where ${members})
          where ${members}`);
    },

    /**
     * A contact's conversations and channel identities go to another contact (a merge): an open
     * conversation on a channel where `to` has one open too is closed, one open conversation per channel.
     */
    async moveToContact(from: string, to: string): Promise<void> {
      await db.execute(sql`update conversations g set status = 'closed', updated_at = now()
          where g.contact_id = ${from} and g.status <> 'closed'
            and exists (select 1 from conversations k where k.contact_id = ${to} and k.channel = g.channel and k.status <> 'closed')`);
      await db.update(conversations).set({ contactId: to }).where(eq(conversations.contactId, from));
      await db.update(contactIdentities).set({ contactId: to }).where(eq(contactIdentities.contactId, from));
    },

    /** New contacts of an import, one statement for the batch (`rows`: a jsonb array). */
    async insertImported(botId: string, rows: SQL): Promise<void> {
      await db.execute(sql`insert into contacts (bot_id, name, phone, email, tags, stage_id, stage_position, stage_set_by, marketing_consent, custom_fields, captured)
            select ${botId}, r.name, r.phone, r.email, r.tags, r.stage_id, r.stage_position, r.stage_set_by, r.marketing_consent, r.custom_fields, r.captured
            from jsonb_to_recordset(${rows}) as r(name text, phone text, email text, tags text[], stage_id uuid, stage_position float8, stage_set_by text, marketing_consent boolean, custom_fields jsonb, captured jsonb)`);
    },

    /**
     * Contacts an import names, one statement for the batch (`rows`: a jsonb array): the fields a
     * row named (the owner's fields and captured data merged), a stage the row set as a person's
     * placement; a contact the row leaves as it was is not written.
     */
    async updateImported(rows: SQL): Promise<void> {
      await db.execute(sql`with r as (
              select * from jsonb_to_recordset(${rows}) as r(id uuid, name text, phone text, email text, tags text[], marketing_consent boolean, custom_fields jsonb, captured jsonb, stage_id uuid, stage_position float8)
            )
            update contacts c set
              name = coalesce(r.name, c.name), phone = coalesce(r.phone, c.phone), email = coalesce(r.email, c.email), tags = coalesce(r.tags, c.tags),
              marketing_consent = coalesce(r.marketing_consent, c.marketing_consent),
              custom_fields = c.custom_fields || coalesce(r.custom_fields, '{}'::jsonb), captured = c.captured || coalesce(r.captured, '{}'::jsonb),
              stage_id = coalesce(r.stage_id, c.stage_id), stage_position = coalesce(r.stage_position, c.stage_position),
              stage_set_by = case when r.stage_id is null then c.stage_set_by else 'person' end, updated_at = now()
            from r
            where c.id = r.id and (
              r.stage_id is not null
              or (c.name, c.phone, c.email, c.tags, c.marketing_consent, c.custom_fields, c.captured)
                is distinct from (coalesce(r.name, c.name), coalesce(r.phone, c.phone), coalesce(r.email, c.email), coalesce(r.tags, c.tags),
                  coalesce(r.marketing_consent, c.marketing_consent), c.custom_fields || coalesce(r.custom_fields, '{}'::jsonb), c.captured || coalesce(r.captured, '{}'::jsonb))
            )`);
    },
  };
}

export type ContactsRepository = ReturnType<typeof contactsRepository>;
