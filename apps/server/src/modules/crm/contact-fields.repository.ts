import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactsRepository } from '../conversations/index.ts';
import { contactFieldDefs } from './crm.table.ts';

export type ContactFieldRow = typeof contactFieldDefs.$inferSelect;

/** The owner's contact fields of a bot: their definitions only (values live on each contact). */
export function contactFieldsRepository(db: Db) {
  return {
    list: (botId: string): Promise<ContactFieldRow[]> =>
      db.select().from(contactFieldDefs).where(eq(contactFieldDefs.botId, botId)).orderBy(asc(contactFieldDefs.position), asc(contactFieldDefs.createdAt)),

    async find(id: string): Promise<ContactFieldRow | undefined> {
      const [row] = await db.select().from(contactFieldDefs).where(eq(contactFieldDefs.id, id)).limit(1);
      return row;
    },

    async add(botId: string, values: { name: string; type: ContactFieldRow['type']; options: string[] }): Promise<ContactFieldRow> {
      const [row] = await db
        .insert(contactFieldDefs)
        .values({ botId, ...values, position: sql`coalesce((select max(position) + 1 from contact_fields where bot_id = ${botId}), 0)` })
        .returning();
      return row!;
    },

    /** Renames a field or changes its options; a new position renumbers the bot's fields 0..n-1. */
    async update(field: ContactFieldRow, patch: { name?: string; options?: string[]; position?: number }): Promise<ContactFieldRow> {
      return db.transaction(async (tx) => {
        if (patch.name !== undefined || patch.options !== undefined) {
          await tx.update(contactFieldDefs).set({ name: patch.name, options: patch.options }).where(eq(contactFieldDefs.id, field.id));
        }
        if (patch.position !== undefined) {
          const others = await tx
            .select()
            .from(contactFieldDefs)
            .where(and(eq(contactFieldDefs.botId, field.botId), ne(contactFieldDefs.id, field.id)))
            .orderBy(asc(contactFieldDefs.position));
          others.splice(Math.min(patch.position, others.length), 0, field);
          for (const [i, f] of others.entries()) await tx.update(contactFieldDefs).set({ position: i }).where(eq(contactFieldDefs.id, f.id));
        }
        const [row] = await tx.select().from(contactFieldDefs).where(eq(contactFieldDefs.id, field.id));
        return row!;
      });
    },

    /** Deletes a field and every contact's value of it. */
    async remove(field: ContactFieldRow): Promise<void> {
      await db.transaction(async (tx) => {
        await contactsRepository(tx).dropCustomField(field.botId, field.id);
        await tx.delete(contactFieldDefs).where(eq(contactFieldDefs.id, field.id));
      });
    },
  };
}

export type ContactFieldsRepository = ReturnType<typeof contactFieldsRepository>;
