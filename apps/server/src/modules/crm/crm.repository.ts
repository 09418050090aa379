import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AppointmentStatus, ContactSort, MessageAuthor, MessageDirection, StageMover } from '@charla/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { appointments } from '../appointments/appointments.table.ts';
import { contacts, type Channel } from '../conversations/conversations.table.ts';
import { sortPlan, type SortCursor } from './contact-sort.ts';
import { contactNotes, contactStageChanges } from './crm.table.ts';
import { pipelineStages } from './stages.table.ts';

export type StageRow = typeof pipelineStages.$inferSelect;
export type NoteRow = typeof contactNotes.$inferSelect;
export type ContactCrmRow = typeof contacts.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A contact as the CRM shows it: the row plus what its conversations tell. */
export interface ContactListRow {
  id: string;
  bot_id: string;
  name: string;
  phone: string;
  email: string;
  tags: string[];
  stage_id: string | null;
  stage_position: number;
  marketing_consent: boolean;
  created_at: string | Date;
  updated_at: string | Date;
  /** created_at as PostgreSQL wrote it (to the microsecond), for the next page's cursor. */
  cursor_at: string;
  /** The row's value in the list's order (list pages only), for the next page's cursor. */
  sort_key?: string;
  channels: Channel[] | null;
  source_channel: Channel | null;
  last_at: string | Date | null;
}

export interface ContactFilter {
  botId: string;
  q?: string;
  stageId?: string;
  /** The bot's first stage: contacts without a stage are in it. */
  firstStageId?: string;
  tag?: string;
  channel?: Channel;
  optedOut?: boolean;
  sort: ContactSort;
  /** The last item of the previous page: its value in the order and id. */
  after?: SortCursor;
  limit: number;
}

export interface TimelineRow {
  kind: 'message' | 'appointment' | 'stage' | 'note';
  id: string;
  at: string | Date;
  channel: Channel | null;
  direction: MessageDirection | null;
  author: MessageAuthor | null;
  text: string | null;
  start_at: string | Date | null;
  status: AppointmentStatus | null;
  from_stage: string | null;
  by: StageMover | null;
}

/** `%` and `_` of a search are letters, not patterns. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What each contact row carries besides its columns (read for one page, never for the whole bot). */
const enriched = (page: SQL, order: SQL = sql`p.created_at desc, p.id desc`) => sql`select p.*, p.created_at::text as cursor_at,
    (select array_agg(distinct i.channel order by i.channel) from contact_identities i where i.contact_id = p.id) as channels,
    (select v.channel from conversations v where v.contact_id = p.id order by v.created_at, v.id limit 1) as source_channel,
    (select max(v.last_message_at) from conversations v where v.contact_id = p.id) as last_at
  from (${page}) p
  order by ${order}`;

/** The CRM's reads and writes: stages, contacts, notes, stage history; only SQL. */
export function crmRepository(db: Db) {
  /** The next position at the end of a stage's column. */
  const endOf = async (tx: Tx | Db, stageId: string) => {
    const [row] = await queryRows<{ p: number | null }>(tx as Db, sql`select max(stage_position) as p from contacts where stage_id = ${stageId}`);
    return (row?.p ?? 0) + 1;
  };

  const stagesOf = (q: Db | Parameters<Parameters<Db['transaction']>[0]>[0], botId: string): Promise<StageRow[]> =>
    q.select().from(pipelineStages).where(eq(pipelineStages.botId, botId)).orderBy(asc(pipelineStages.position), asc(pipelineStages.createdAt));

  return {

    /**
     * The bot's stages, created from `defaults` when it has none (one transaction under a per-bot
     * lock, so two first reads create them once). A contact without a stage (new from a channel)
     * is in the first one: nothing is written for it until it moves.
     */
    async ensureStages(botId: string, defaults: { name: string; color: string }[]): Promise<StageRow[]> {
      const existing = await stagesOf(db, botId);
      if (existing.length) return existing;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`crm-stages:${botId}`}, 0))`);
        let rows = await stagesOf(tx, botId);
        if (rows.length === 0) {
          rows = await tx.insert(pipelineStages).values(defaults.map((d, position) => ({ botId, ...d, position }))).returning();
          rows.sort((a, b) => a.position - b.position);
        }
        return rows;
      });
    },

    async findStage(id: string): Promise<StageRow | undefined> {
      const [row] = await db.select().from(pipelineStages).where(eq(pipelineStages.id, id)).limit(1);
      return row;
    },

    async addStage(botId: string, name: string, color: string): Promise<StageRow> {
      const [row] = await db
        .insert(pipelineStages)
        .values({ botId, name, color, position: sql`coalesce((select max(position) + 1 from pipeline_stages where bot_id = ${botId}), 0)` })
        .returning();
      return row!;
    },

    /** Renames, recolours or moves a stage; a move renumbers the bot's stages 0..n-1. */
    async updateStage(stage: StageRow, patch: { name?: string; color?: string; position?: number }): Promise<StageRow> {
      return db.transaction(async (tx) => {
        if (patch.name !== undefined || patch.color !== undefined) {
          await tx.update(pipelineStages).set({ name: patch.name, color: patch.color }).where(eq(pipelineStages.id, stage.id));
        }
        if (patch.position !== undefined) {
          const others = await tx.select().from(pipelineStages).where(and(eq(pipelineStages.botId, stage.botId), ne(pipelineStages.id, stage.id))).orderBy(asc(pipelineStages.position));
          const order = [...others];
          order.splice(Math.min(patch.position, order.length), 0, stage);
          for (const [i, s] of order.entries()) await tx.update(pipelineStages).set({ position: i }).where(eq(pipelineStages.id, s.id));
        }
        const [row] = await tx.select().from(pipelineStages).where(eq(pipelineStages.id, stage.id));
        return row!;
      });
    },

    /**
     * Deletes a stage after moving its contacts to the end of `moveTo`, in one transaction (the
     * first stage's contacts include those without a stage).
     */
    async deleteStage(stage: StageRow, moveTo: StageRow, isFirst: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        const start = await endOf(tx, moveTo.id);
        const members = isFirst ? sql`(stage_id = ${stage.id} or (bot_id = ${stage.botId} and stage_id is null))` : sql`stage_id = ${stage.id}`;
        await tx.execute(sql`insert into contact_stage_changes (bot_id, contact_id, from_stage, to_stage, by)
          select bot_id, id, ${stage.name}, ${moveTo.name}, 'person' from contacts where ${members}`);
        await tx.execute(sql`update contacts set stage_id = ${moveTo.id}, stage_position = ${start} + stage_position - (select coalesce(min(stage_position), 0) from contacts where ${members})
          where ${members}`);
        await tx.delete(pipelineStages).where(eq(pipelineStages.id, stage.id));
      });
    },

    /**
     * One page of a bot's contacts in the order asked: keyset on (created_at, id) from
     * contacts_crm_idx, or on (name key, id) from contacts_name_sort_idx.
     */
    list(f: ContactFilter): Promise<ContactListRow[]> {
      const plan = sortPlan(f.sort);
      const where: SQL[] = [sql`c.bot_id = ${f.botId}`];
      if (f.stageId) where.push(f.stageId === f.firstStageId ? sql`(c.stage_id = ${f.stageId} or c.stage_id is null)` : sql`c.stage_id = ${f.stageId}`);
      if (f.tag) where.push(sql`${f.tag} = any(c.tags)`);
      if (f.optedOut !== undefined) where.push(sql`c.marketing_consent = ${!f.optedOut}`);
      if (f.channel) where.push(sql`exists (select 1 from contact_identities i where i.contact_id = c.id and i.channel = ${f.channel})`);
      if (f.q) {
        const like = likePattern(f.q);
        where.push(sql`(c.name || ' ' || c.phone || ' ' || c.email) ilike ${like}`);
      }
      if (f.after) where.push(plan.after(f.after));
      return queryRows<ContactListRow>(
        db,
        enriched(sql`select c.*, ${plan.key} as sort_key from contacts c where ${sql.join(where, sql` and `)} order by ${plan.order} limit ${f.limit}`, plan.outer),
      );
    },

    async get(id: string): Promise<ContactListRow | undefined> {
      const [row] = await queryRows<ContactListRow>(db, enriched(sql`select c.* from contacts c where c.id = ${id}`));
      return row;
    },

    async create(values: { botId: string; name: string; phone: string; email: string; tags: string[]; stageId: string; marketingConsent: boolean }): Promise<string> {
      return db.transaction(async (tx) => {
        const position = await endOf(tx, values.stageId);
        const [row] = await tx.insert(contacts).values({ ...values, stagePosition: position }).returning({ id: contacts.id });
        return row!.id;
      });
    },

    /**
     * Changes a contact's fields; with a stage, moves it there at `index` of the column (the end
     * when omitted) and records the move when the stage changed.
     */
    async update(
      contact: ContactCrmRow,
      patch: { name?: string; phone?: string; email?: string; tags?: string[]; marketingConsent?: boolean },
      move?: { from: StageRow | undefined; to: StageRow; toFirst: boolean; index?: number; userId: string },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const set: Partial<typeof contacts.$inferInsert> = { ...patch, updatedAt: new Date() };
        if (move) {
          let position: number;
          if (move.index === undefined) {
            position = move.to.id === move.from?.id ? contact.stagePosition : await endOf(tx, move.to.id);
          } else {
            // The neighbours the card lands between (the contact itself left out of its column).
            const around = await queryRows<{ p: number }>(
              tx as unknown as Db,
              sql`select stage_position as p from contacts
                where (stage_id = ${move.to.id} ${move.toFirst ? sql`or (bot_id = ${contact.botId} and stage_id is null)` : sql``}) and id <> ${contact.id}
                order by stage_position, created_at desc limit 2 offset ${Math.max(move.index - 1, 0)}`,
            );
            if (move.index === 0) position = (around[0]?.p ?? 1) - 1;
            else if (around.length === 0) position = await endOf(tx, move.to.id);
            else if (around.length === 1) position = around[0]!.p + 1;
            else position = (around[0]!.p + around[1]!.p) / 2;
          }
          set.stageId = move.to.id;
          set.stagePosition = position;
          if (move.to.id !== move.from?.id) {
            await tx.insert(contactStageChanges).values({ botId: contact.botId, contactId: contact.id, fromStage: move.from?.name ?? null, toStage: move.to.name, by: 'person', userId: move.userId });
          }
        }
        await tx.update(contacts).set(set).where(eq(contacts.id, contact.id));
      });
    },

    async findContact(id: string): Promise<ContactCrmRow | undefined> {
      const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
      return row;
    },

    /** Deletes a contact: its conversations, messages, appointments, notes and history go with it (cascades). */
    async deleteContact(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(appointments).where(eq(appointments.contactId, id));
        await tx.delete(contacts).where(eq(contacts.id, id));
      });
    },

    /** The kept files of a contact's messages (erased with the contact). */
    mediaFiles(id: string): Promise<{ file: string }[]> {
      return queryRows<{ file: string }>(
        db,
        sql`select f.value->>'file' as file from messages m join conversations v on v.id = m.conversation_id,
          jsonb_array_elements(coalesce(m.media, '[]'::jsonb)) f
          where v.contact_id = ${id} and f.value ? 'file'`,
      );
    },

    async addNote(botId: string, contactId: string, authorId: string, text: string): Promise<NoteRow> {
      const [row] = await db.insert(contactNotes).values({ botId, contactId, authorId, text }).returning();
      await db.update(contacts).set({ updatedAt: new Date() }).where(eq(contacts.id, contactId));
      return row!;
    },

    /** The newest `limit` events of a contact's history, oldest first. */
    timeline(contactId: string, limit: number): Promise<TimelineRow[]> {
      return queryRows<TimelineRow>(
        db,
        sql`select * from (
          (select 'message' as kind, m.id::text, m.created_at as at, m.channel, m.direction, m.author, m.text, null::timestamptz as start_at, null as status, null as from_stage, null as by
            from messages m join conversations v on v.id = m.conversation_id where v.contact_id = ${contactId} order by m.created_at desc limit ${limit})
          union all
          (select 'appointment', a.id::text, a.created_at, null, null, null, a.service, a.start_at, a.status, null, null
            from appointments a where a.contact_id = ${contactId} order by a.created_at desc limit ${limit})
          union all
          (select 'stage', s.id::text, s.created_at, null, null, null, s.to_stage, null, null, s.from_stage, s.by
            from contact_stage_changes s where s.contact_id = ${contactId} order by s.created_at desc limit ${limit})
          union all
          (select 'note', n.id::text, n.created_at, null, null, null, n.text, null, null, null, null
            from contact_notes n where n.contact_id = ${contactId} order by n.created_at desc limit ${limit})
        ) t order by at desc, kind limit ${limit}`,
      );
    },

    /** Every contact of a bot for the export, in pages of `size` (keyset). */
    async *all(botId: string, firstStageName: string, size = 1000): AsyncGenerator<(ContactListRow & { stage_name: string | null })[]> {
      let after: { at: string; id: string } | undefined;
      for (;;) {
        const where = after ? sql`and (c.created_at, c.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
        const rows = await queryRows<ContactListRow & { stage_name: string | null }>(
          db,
          sql`select e.*, coalesce(s.name, ${firstStageName}) as stage_name from (${enriched(sql`select c.* from contacts c where c.bot_id = ${botId} ${where} order by c.created_at desc, c.id desc limit ${size}`)}) e
            left join pipeline_stages s on s.id = e.stage_id order by e.created_at desc, e.id desc`,
        );
        if (rows.length === 0) return;
        yield rows;
        const last = rows[rows.length - 1]!;
        if (rows.length < size) return;
        after = { at: last.cursor_at, id: last.id };
      }
    },
  };
}

export type CrmRepository = ReturnType<typeof crmRepository>;
