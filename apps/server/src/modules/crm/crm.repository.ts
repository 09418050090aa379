import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { storableDeep, type AppointmentStatus, type ContactSort, type MessageAuthor, type MessageDirection, type StageMover } from '@charla/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { contactAppointments } from '../appointments/index.ts';
import { contactSearchPattern, contactSearchText, contactsRepository } from '../conversations/index.ts';
import { contacts, type Channel } from '../conversations/conversations.table.ts';
import { sortPlan, type SortCursor } from './contact-sort.ts';
import { users } from '../auth/auth.table.ts';
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
  custom_fields: Record<string, string | number> | string | null;
  captured: { interest?: string; product?: string; budget?: string } | string | null;
  stage_set_by: 'person' | 'bot' | null;
  /** bigint: a string from node-postgres, a number or string from PGlite. */
  deal_value_cents: number | string | null;
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

/** Rows an import writes in one statement. */
const IMPORT_BATCH = 1000;

/** One contact of an import, as its row set it (fields the file did not fill are absent). */
export interface ImportedContact {
  name?: string;
  phone?: string;
  email?: string;
  tags?: string[];
  stageId: string;
  /** The file named the stage (a person's placement) rather than the first stage by default. */
  stageFromFile: boolean;
  marketingConsent?: boolean;
  customFields?: Record<string, string | number>;
  captured?: { interest?: string; product?: string; budget?: string };
}


/** The conditions of a contacts filter (all but the page's place). */
function filterOf(f: Omit<ContactFilter, 'after' | 'limit' | 'sort'>): SQL[] {
  // The owner's own tries in the playground are not customers.
  const where: SQL[] = [sql`c.bot_id = ${f.botId}`, sql`not c.playground`];
  if (f.stageId) where.push(f.stageId === f.firstStageId ? sql`(c.stage_id = ${f.stageId} or c.stage_id is null)` : sql`c.stage_id = ${f.stageId}`);
  if (f.tag) where.push(sql`${f.tag} = any(c.tags)`);
  if (f.optedOut !== undefined) where.push(sql`c.marketing_consent = ${!f.optedOut}`);
  if (f.channel) where.push(sql`exists (select 1 from contact_identities i where i.contact_id = c.id and i.channel = ${f.channel})`);
  if (f.q) where.push(sql`${contactSearchText('c')} like ${contactSearchPattern(f.q)}`);
  return where;
}

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
        await contactsRepository(tx).moveToStage(members, moveTo.id, start);
        await tx.delete(pipelineStages).where(eq(pipelineStages.id, stage.id));
      });
    },

    /**
     * One page of a bot's contacts in the order asked: keyset on (created_at, id) from
     * contacts_crm_idx, or on (name key, id) from contacts_name_sort_idx.
     */
    list(f: ContactFilter): Promise<ContactListRow[]> {
      const plan = sortPlan(f.sort);
      const where = filterOf(f);
      if (f.after) where.push(plan.after(f.after));
      return queryRows<ContactListRow>(
        db,
        enriched(sql`select c.*, ${plan.key} as sort_key from contacts c where ${sql.join(where, sql` and `)} order by ${plan.order} limit ${f.limit}`, plan.outer),
      );
    },

    /**
     * How many contacts the filter matches in all and the sum of their deal values in cents (a
     * board column's exact count and value, over the whole stage, not the page read).
     */
    async totals(f: Omit<ContactFilter, 'after' | 'limit' | 'sort'>): Promise<{ count: number; valueCents: number }> {
      const [row] = await queryRows<{ n: number | string; v: number | string }>(
        db,
        sql`select count(*) as n, coalesce(sum(c.deal_value_cents), 0) as v from contacts c where ${sql.join(filterOf(f), sql` and `)}`,
      );
      return { count: Number(row?.n ?? 0), valueCents: Number(row?.v ?? 0) };
    },

    async get(id: string): Promise<ContactListRow | undefined> {
      const [row] = await queryRows<ContactListRow>(db, enriched(sql`select c.* from contacts c where c.id = ${id}`));
      return row;
    },

    async create(values: { botId: string; name: string; phone: string; email: string; tags: string[]; stageId: string; marketingConsent: boolean; dealValueCents: number | null }): Promise<string> {
      return db.transaction(async (tx) => {
        const position = await endOf(tx, values.stageId);
        return (await contactsRepository(tx).insert({ ...values, stagePosition: position })).id;
      });
    },

    /**
     * Changes a contact's fields; with a stage, moves it there at `index` of the column (the end
     * when omitted) and records the move when the stage changed.
     */
    async update(
      contact: ContactCrmRow,
      patch: { name?: string; phone?: string; email?: string; tags?: string[]; marketingConsent?: boolean; dealValueCents?: number | null; customFields?: Record<string, string | number> },
      move?: { from: StageRow | undefined; to: StageRow; toFirst: boolean; index?: number; userId: string },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const set: Partial<typeof contacts.$inferInsert> = { ...patch };
        if (move) {
          let position: number;
          if (move.index === undefined) {
            position = move.to.id === move.from?.id ? contact.stagePosition : await endOf(tx, move.to.id);
          } else {
            // The neighbours the card lands between (the contact itself left out of its column).
            const around = await queryRows<{ p: number }>(
              tx as unknown as Db,
              sql`select stage_position as p from contacts
                where (stage_id = ${move.to.id} ${move.toFirst ? sql`or (bot_id = ${contact.botId} and stage_id is null)` : sql``}) and id <> ${contact.id} and not playground
                order by stage_position, created_at desc limit 2 offset ${Math.max(move.index - 1, 0)}`,
            );
            if (move.index === 0) position = (around[0]?.p ?? 1) - 1;
            else if (around.length === 0) position = await endOf(tx, move.to.id);
            else if (around.length === 1) position = around[0]!.p + 1;
            else position = (around[0]!.p + around[1]!.p) / 2;
          }
          set.stageId = move.to.id;
          set.stagePosition = position;
          set.stageSetBy = 'person';
          if (move.to.id !== move.from?.id) {
            await tx.insert(contactStageChanges).values({ botId: contact.botId, contactId: contact.id, fromStage: move.from?.name ?? null, toStage: move.to.name, by: 'person', userId: move.userId });
          }
        }
        await contactsRepository(tx).update(contact.id, set);
      });
    },

    /**
     * The bot moves a contact to `to` (the end of its column), only from one of the stages
     * `before` it (forward) and never once a person placed it. The row is locked while this is
     * decided, so a person's move landing at the same moment wins. Answers whether it moved.
     */
    async botMove(contactId: string, to: StageRow, before: StageRow[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .select({ botId: contacts.botId, stageId: contacts.stageId, stageSetBy: contacts.stageSetBy, playground: contacts.playground })
          .from(contacts)
          .where(eq(contacts.id, contactId))
          .for('update');
        // A playground contact is on no board: the owner's tries leave no history.
        if (!old || old.stageSetBy === 'person' || old.playground) return false;
        // No stage yet is the first stage (`before` starts with it).
        const from = old.stageId ? before.find((s) => s.id === old.stageId) : before[0];
        if (!from) return false;
        await contactsRepository(tx).update(contactId, { stageId: to.id, stagePosition: await endOf(tx, to.id), stageSetBy: 'bot' });
        await tx.insert(contactStageChanges).values({ botId: old.botId, contactId, fromStage: from.name, toStage: to.name, by: 'bot' });
        return true;
      });
    },

    /** Keeps what the bot learnt (interest, product, budget) on the contact; empty values are ignored. */
    async saveCaptured(contactId: string, captured: Record<string, string>): Promise<void> {
      await contactsRepository(db).addCaptured(contactId, captured);
    },

    /**
     * Joins `gone` into `keep` in one transaction: conversations (an open one on a channel where
     * `keep` has one open too is closed, one open conversation per channel), channel identities,
     * appointments, notes and stage history move to `keep`, `keep` takes `patch`, `gone` is deleted.
     */
    async merge(keep: ContactCrmRow, gone: ContactCrmRow, patch: Partial<typeof contacts.$inferInsert>): Promise<void> {
      await db.transaction(async (tx) => {
        const people = contactsRepository(tx);
        await people.moveToContact(gone.id, keep.id);
        await contactAppointments(tx).moveToContact(gone.id, keep.id);
        await tx.update(contactNotes).set({ contactId: keep.id }).where(eq(contactNotes.contactId, gone.id));
        await tx.update(contactStageChanges).set({ contactId: keep.id }).where(eq(contactStageChanges.contactId, gone.id));
        await people.update(keep.id, patch);
        await people.remove(gone.id);
      });
    },

    /** Every contact of a bot (not the playground's) with a phone or an e-mail, to match an import's rows against. */
    importKeys(botId: string): Promise<{ id: string; phone: string; email: string }[]> {
      return queryRows(db, sql`select id, phone, email from contacts where bot_id = ${botId} and not playground and (phone <> '' or email <> '')`);
    },

    /**
     * Writes an import in one transaction, a statement per 1,000 rows: new contacts at the end of
     * their stage's column, and on contacts that already existed the fields a row named (the
     * owner's fields and captured data merged); a contact the row leaves as it was is not
     * written. A stage the file set counts as a person's placement and goes in the history.
     */
    async importContacts(
      botId: string,
      created: ImportedContact[],
      updated: (ImportedContact & { id: string })[],
      stageName: (id: string) => string,
    ): Promise<void> {
      const rows = (value: unknown) => sql`${JSON.stringify(storableDeep(value))}::jsonb`;
      await db.transaction(async (tx) => {
        const ends = new Map<string, number>();
        const next = async (stageId: string) => {
          const at = ends.get(stageId) ?? (await endOf(tx, stageId));
          ends.set(stageId, at + 1);
          return at;
        };
        for (let i = 0; i < created.length; i += IMPORT_BATCH) {
          const batch = [];
          for (const c of created.slice(i, i + IMPORT_BATCH)) {
            batch.push({
              name: c.name ?? '',
              phone: c.phone ?? '',
              email: c.email ?? '',
              tags: c.tags ?? [],
              stage_id: c.stageId,
              stage_position: await next(c.stageId),
              stage_set_by: c.stageFromFile ? 'person' : null,
              // Consent to marketing is given, never assumed: a file without the column has not given it.
              marketing_consent: c.marketingConsent ?? false,
              custom_fields: c.customFields ?? {},
              captured: c.captured ?? {},
            });
          }
          await contactsRepository(tx).insertImported(botId, rows(batch));
        }
        for (let i = 0; i < updated.length; i += IMPORT_BATCH) {
          const part = updated.slice(i, i + IMPORT_BATCH);
          const olds = await queryRows<{ id: string; stage_id: string | null }>(
            tx as unknown as Db,
            sql`select id, stage_id from contacts where id in (select (jsonb_array_elements_text(${rows(part.map((c) => c.id))}))::uuid) order by id for update`,
          );
          const stageOf = new Map(olds.map((o) => [o.id, o.stage_id]));
          const batch = [];
          const moves = [];
          for (const c of part) {
            if (!stageOf.has(c.id)) continue;
            const from = stageOf.get(c.id) ?? null;
            const moved = c.stageFromFile && c.stageId !== from;
            if (moved) moves.push({ contact_id: c.id, from_stage: from ? stageName(from) : null, to_stage: stageName(c.stageId) });
            batch.push({
              id: c.id,
              name: c.name ?? null,
              phone: c.phone ?? null,
              email: c.email ?? null,
              tags: c.tags ?? null,
              marketing_consent: c.marketingConsent ?? null,
              custom_fields: c.customFields ?? null,
              captured: c.captured ?? null,
              stage_id: moved ? c.stageId : null,
              stage_position: moved ? await next(c.stageId) : null,
            });
          }
          await contactsRepository(tx).updateImported(rows(batch));
          if (moves.length) {
            await tx.execute(sql`insert into contact_stage_changes (bot_id, contact_id, from_stage, to_stage, by)
              select ${botId}, m.contact_id, m.from_stage, m.to_stage, 'person' from jsonb_to_recordset(${rows(moves)}) as m(contact_id uuid, from_stage text, to_stage text)`);
          }
        }
      });
    },

    async findContact(id: string): Promise<ContactCrmRow | undefined> {
      const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
      return row;
    },

    /** Deletes a contact: its conversations, messages, appointments, notes and history go with it (cascades). */
    async deleteContact(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await contactAppointments(tx).removeOfContact(id);
        await contactsRepository(tx).remove(id);
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
      await contactsRepository(db).update(contactId, {});
      return row!;
    },

    /** The newest `limit` notes of a contact with their authors' names, oldest first. */
    async notes(contactId: string, limit: number): Promise<(NoteRow & { authorName: string | null })[]> {
      const rows = await db
        .select({ note: contactNotes, authorName: users.name })
        .from(contactNotes)
        .leftJoin(users, eq(users.id, contactNotes.authorId))
        .where(eq(contactNotes.contactId, contactId))
        .orderBy(desc(contactNotes.createdAt), desc(contactNotes.id))
        .limit(limit);
      return rows.reverse().map((r) => ({ ...r.note, authorName: r.authorName }));
    },

    /** Stage moves of a past made up elsewhere (the demo account's history), inserted as given in one statement. */
    async insertStageHistory(rows: (typeof contactStageChanges.$inferInsert)[]): Promise<void> {
      if (rows.length) await db.insert(contactStageChanges).values(rows);
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

    /** Every contact of a bot (its playground contacts left out) for the export, in pages of `size` (keyset). */
    async *all(botId: string, firstStageName: string, size = 1000): AsyncGenerator<(ContactListRow & { stage_name: string | null })[]> {
      let after: { at: string; id: string } | undefined;
      for (;;) {
        const where = after ? sql`and (c.created_at, c.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
        const rows = await queryRows<ContactListRow & { stage_name: string | null }>(
          db,
          sql`select e.*, coalesce(s.name, ${firstStageName}) as stage_name from (${enriched(sql`select c.* from contacts c where c.bot_id = ${botId} and not c.playground ${where} order by c.created_at desc, c.id desc limit ${size}`)}) e
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
