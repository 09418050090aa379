import { activeAppointmentStatuses, type AppointmentStatus } from '@charla/shared';
import { and, asc, desc, eq, getTableColumns, gt, gte, ilike, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { contactsRepository, queueMessage, remember, type AppointmentChanges } from '../conversations/index.ts';
import { contacts, conversations, messages } from '../conversations/conversations.table.ts';
import { appointmentFeeds, appointmentReminders, appointments } from './appointments.table.ts';

export type AppointmentRow = typeof appointments.$inferSelect;
export type AppointmentInsert = typeof appointments.$inferInsert;
export type ContactRow = typeof contacts.$inferSelect;
/** An appointment with its contact and the channel of its conversation. */
export type AppointmentView = AppointmentRow & { contact: Pick<ContactRow, 'id' | 'name' | 'phone' | 'email'>; channel: string | null };

const active = inArray(appointments.status, [...activeAppointmentStatuses]);
/** Booked or confirmed, and not the owner's try in the playground: what holds its time (the exclusion constraint's rows). */
const holdsTime = and(active, eq(appointments.playground, false));
/** Whether an appointment of the contact is the owner's try in the playground (its contact says so). */
const playgroundOf = (contactId: string) => sql<boolean>`coalesce((select ${contacts.playground} from ${contacts} where ${contacts.id} = ${contactId}), false)`;
const isViolation = (err: unknown, code: string): boolean => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === code) return true;
  return false;
};

/** The time overlaps a booked or confirmed appointment (the database's exclusion constraint said so). */
export class SlotConflict extends Error {}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The only code that reads and writes appointments, their reminders and their calendar feed. */
export function appointmentsRepository(db: Db) {
  const view = () =>
    db
      .select({ ...getTableColumns(appointments), contact: { id: contacts.id, name: contacts.name, phone: contacts.phone, email: contacts.email }, channel: conversations.channel })
      .from(appointments)
      .innerJoin(contacts, eq(contacts.id, appointments.contactId))
      .leftJoin(conversations, eq(conversations.id, appointments.conversationId));

  /** Runs a write that may hit the exclusion constraint; the overlap becomes SlotConflict. */
  async function guarded<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isViolation(err, '23P01')) throw new SlotConflict();
      throw err;
    }
  }

  return {
    /** Booked or confirmed appointments of a bot's customers that overlap [start, end), but `except`. */
    async overlapping(botId: string, start: Date, end: Date, except?: string): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(and(eq(appointments.botId, botId), holdsTime, lt(appointments.startAt, end), gt(appointments.endAt, start), except ? ne(appointments.id, except) : undefined));
    },

    /** Booked or confirmed appointments of a bot's customers that overlap [from, to), by start. */
    async inRange(botId: string, from: Date, to: Date): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(and(eq(appointments.botId, botId), holdsTime, lt(appointments.startAt, to), gt(appointments.endAt, from)))
        .orderBy(asc(appointments.startAt));
    },

    async upcomingOf(contactId: string, now: Date): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(and(eq(appointments.contactId, contactId), active, gte(appointments.startAt, now)))
        .orderBy(asc(appointments.startAt));
    },

    async listForConversation(conversationId: string): Promise<AppointmentRow[]> {
      return db.select().from(appointments).where(eq(appointments.conversationId, conversationId)).orderBy(asc(appointments.startAt));
    },

    /** A bot's appointments with its customers (not the owner's tries in the playground) that overlap [from, to), with their contacts, by start. */
    async list(botId: string, from: Date, to: Date, status?: AppointmentStatus): Promise<AppointmentView[]> {
      return view()
        .where(and(eq(appointments.botId, botId), eq(contacts.playground, false), lt(appointments.startAt, to), gt(appointments.endAt, from), status ? eq(appointments.status, status) : undefined))
        .orderBy(asc(appointments.startAt));
    },

    /**
     * `list` as the JSON text of the API's answer, built by the database in one value: on the
     * embedded database every row crossing into JavaScript costs more than the query (a busy
     * week of 2,000 appointments). Each item is a row turned to JSON whole (its columns named as
     * the contract's fields): about a quarter less work for the database than building each
     * object key by key. Instants are ISO 8601 with their offset ("2030-03-04T16:00:00+00:00").
     */
    async listJson(botId: string, from: Date, to: Date, status?: AppointmentStatus, contactId?: string): Promise<string> {
      const [row] = await queryRows<{ items: string }>(
        db,
        sql`select coalesce(json_agg(item), '[]')::text as items from (
              select a.id, a.bot_id as "botId",
                (select contact from (select c.id, c.name, c.phone, c.email) contact) as contact,
                a.conversation_id as "conversationId", v.channel, a.start_at as "start", a.end_at as "end",
                a.service, a.notes, a.status, a.source, a.created_at as "createdAt", a.updated_at as "updatedAt"
              from appointments a
              join contacts c on c.id = a.contact_id
              left join conversations v on v.id = a.conversation_id
              where a.bot_id = ${botId} and not c.playground and a.start_at < ${to.toISOString()}::timestamptz and a.end_at > ${from.toISOString()}::timestamptz
                ${status ? sql`and a.status = ${status}` : sql``}
                ${contactId ? sql`and a.contact_id = ${contactId}` : sql``}
              order by a.start_at, a.id
            ) item`,
      );
      return row?.items ?? '[]';
    },

    async find(id: string): Promise<AppointmentView | undefined> {
      const [row] = await view().where(eq(appointments.id, id)).limit(1);
      return row;
    },

    /**
     * Appointments (of a bot) whose reminder jobs are not set for their current time, status and
     * the bot's reminder settings: changed since, or marked by `markRemindersOutdated`. Only those
     * rows are read (a partial index holds them).
     */
    async unsynced(limit: number, botId?: string): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(and(sql`(${appointments.remindersSyncedAt} is distinct from ${appointments.updatedAt} or ${appointments.remindersOutdated})`, botId ? eq(appointments.botId, botId) : undefined))
        .orderBy(asc(appointments.updatedAt))
        .limit(limit);
    },

    /** The bot's reminder settings changed: its upcoming booked or confirmed appointments are marked to have their jobs set again. */
    async markRemindersOutdated(botId: string, now: Date): Promise<number> {
      const rows = await db
        .update(appointments)
        .set({ remindersOutdated: true })
        .where(and(eq(appointments.botId, botId), active, gt(appointments.startAt, now), eq(appointments.remindersOutdated, false)))
        .returning({ id: appointments.id });
      return rows.length;
    },

    /** Records the jobs set for the appointment as it was at `updatedAt` (a later change is synced again). */
    async markSynced(id: string, updatedAt: Date, jobs: string[]): Promise<boolean> {
      const rows = await db
        .update(appointments)
        .set({ remindersSyncedAt: sql`${appointments.updatedAt}`, reminderJobs: jobs, remindersOutdated: false })
        // The column keeps microseconds; the value read has milliseconds.
        .where(and(eq(appointments.id, id), sql`date_trunc('milliseconds', ${appointments.updatedAt}) = ${updatedAt.toISOString()}::timestamptz`))
        .returning({ id: appointments.id });
      return rows.length > 0;
    },

    insert: (values: AppointmentInsert) => guarded(async () => (await db.insert(appointments).values({ ...values, playground: playgroundOf(values.contactId) }).returning())[0]!),

    update: (id: string, patch: Partial<AppointmentInsert>) =>
      guarded(async () => (await db.update(appointments).set({ ...patch, updatedAt: new Date() }).where(eq(appointments.id, id)).returning())[0]),

    async contactOf(botId: string, contactId: string): Promise<ContactRow | undefined> {
      const [row] = await db.select().from(contacts).where(and(eq(contacts.id, contactId), eq(contacts.botId, botId))).limit(1);
      return row;
    },

    async createContact(botId: string, fields: { name: string; phone: string; email: string }): Promise<ContactRow> {
      return contactsRepository(db).insert({ botId, ...fields });
    },

    /** A bot's contacts (not its playground ones) whose name, phone or e-mail holds `q`, most recently active first. */
    async searchContacts(botId: string, q: string, limit: number): Promise<ContactRow[]> {
      const like = `%${escapeLike(q)}%`;
      return db
        .select()
        .from(contacts)
        .where(and(eq(contacts.botId, botId), eq(contacts.playground, false), q ? or(ilike(contacts.name, like), ilike(contacts.phone, like), ilike(contacts.email, like)) : undefined))
        .orderBy(desc(contacts.updatedAt))
        .limit(limit);
    },

    /** The conversation a contact's messages go to: the appointment's own, else the contact's latest. */
    async conversationFor(a: Pick<AppointmentRow, 'conversationId' | 'contactId'>): Promise<typeof conversations.$inferSelect | undefined> {
      if (a.conversationId) {
        const [own] = await db.select().from(conversations).where(eq(conversations.id, a.conversationId)).limit(1);
        if (own) return own;
      }
      const [latest] = await db.select().from(conversations).where(eq(conversations.contactId, a.contactId)).orderBy(desc(conversations.updatedAt)).limit(1);
      return latest;
    },

    /**
     * Stores one reminder at most once: the appointment is locked and checked to still be
     * active at `startAt`; the reminder row (unique per appointment, offset and start) and its
     * queued message are written together. Answers the message to send: the new one, or the
     * one a first attempt stored but may not have sent; none when there is nothing to send.
     */
    async storeReminder(input: {
      appointmentId: string;
      minutesBefore: number;
      startAt: Date;
      now: Date;
      text: (a: AppointmentRow, contact: ContactRow) => string;
    }): Promise<{ message: typeof messages.$inferSelect; created: boolean } | { skipped: string }> {
      return db.transaction(async (tx) => {
        const [a] = await tx.select().from(appointments).where(eq(appointments.id, input.appointmentId)).for('update');
        if (!a) return { skipped: 'gone' };
        const key = and(eq(appointmentReminders.appointmentId, a.id), eq(appointmentReminders.minutesBefore, input.minutesBefore), eq(appointmentReminders.startAt, input.startAt));
        const [done] = await tx.select().from(appointmentReminders).where(key).limit(1);
        if (done) {
          if (!done.messageId) return { skipped: done.skipped ?? 'done' };
          const [message] = await tx.select().from(messages).where(eq(messages.id, done.messageId)).limit(1);
          return message ? { message, created: false } : { skipped: 'done' };
        }
        if (!(activeAppointmentStatuses as readonly string[]).includes(a.status)) return { skipped: 'inactive' };
        if (a.startAt.getTime() !== input.startAt.getTime()) return { skipped: 'moved' };
        if (a.startAt.getTime() <= input.now.getTime()) return { skipped: 'past' };
        const [contact] = await tx.select().from(contacts).where(eq(contacts.id, a.contactId)).limit(1);
        let [conversation] = a.conversationId ? await tx.select().from(conversations).where(eq(conversations.id, a.conversationId)).limit(1) : [];
        if (!conversation) [conversation] = await tx.select().from(conversations).where(eq(conversations.contactId, a.contactId)).orderBy(desc(conversations.updatedAt)).limit(1);
        if (!conversation || !contact) {
          await tx.insert(appointmentReminders).values({ appointmentId: a.id, minutesBefore: input.minutesBefore, startAt: input.startAt, skipped: 'no_conversation' });
          return { skipped: 'no_conversation' };
        }
        const message = await queueMessage(tx, {
          conversationId: conversation.id,
          botId: a.botId,
          channel: conversation.channel,
          text: input.text(a, contact),
          idempotencyKey: `reminder:${a.id}:${input.minutesBefore}:${input.startAt.toISOString()}`,
          actions: [{ type: 'reminder', appointmentId: a.id, start: a.startAt.toISOString() }],
          at: input.now,
        });
        if (!message) throw new Error(`reminder of appointment ${a.id} already has a message but no reminder row`);
        await tx.insert(appointmentReminders).values({ appointmentId: a.id, minutesBefore: input.minutesBefore, startAt: input.startAt, messageId: message.id });
        // The customer's next answer ("confirmo", "no puedo") is about this appointment.
        await remember(tx, conversation.id, { reminded: { appointmentId: a.id, start: a.startAt.toISOString() } });
        return { message, created: true };
      });
    },

    /** A message to the customer in a conversation, queued for the send path; stored once per key. */
    async storeNotice(conversation: { id: string; botId: string; channel: (typeof conversations.$inferSelect)['channel'] }, text: string, key: string, actions: Record<string, unknown>[]) {
      return queueMessage(db, { conversationId: conversation.id, botId: conversation.botId, channel: conversation.channel, text, idempotencyKey: key, actions });
    },

    async feedOf(botId: string) {
      const [row] = await db.select().from(appointmentFeeds).where(eq(appointmentFeeds.botId, botId)).limit(1);
      return row;
    },

    /** Sets the bot's feed secret; `onlyIfNone` keeps one stored meanwhile (two first reads at once). */
    async setFeed(botId: string, tokenHash: string, tokenSealed: string, onlyIfNone = false) {
      const insert = db.insert(appointmentFeeds).values({ botId, tokenHash, tokenSealed });
      const [row] = onlyIfNone
        ? await insert.onConflictDoNothing().returning()
        : await insert.onConflictDoUpdate({ target: appointmentFeeds.botId, set: { tokenHash, tokenSealed, createdAt: new Date() } }).returning();
      return row ?? (await this.feedOf(botId))!;
    },

    async botOfFeed(tokenHash: string): Promise<string | undefined> {
      const [row] = await db.select({ botId: appointmentFeeds.botId }).from(appointmentFeeds).where(eq(appointmentFeeds.tokenHash, tokenHash)).limit(1);
      return row?.botId;
    },

    /** Past appointments made up elsewhere (the demo account's history), in one statement, written as they ended: nothing left to remind of, nothing to announce. */
    async insertHistory(rows: AppointmentInsert[]): Promise<void> {
      if (rows.length) await db.insert(appointments).values(rows.map((row) => ({ ...row, remindersSyncedAt: row.updatedAt ?? null })));
    },

    /** A contact's appointments go to another contact (the CRM's merge). */
    async moveToContact(from: string, to: string): Promise<void> {
      await db.update(appointments).set({ contactId: to }).where(eq(appointments.contactId, from));
    },

    /** Deletes a contact's appointments (the contact is being deleted). */
    async removeOfContact(contactId: string): Promise<void> {
      await db.delete(appointments).where(eq(appointments.contactId, contactId));
    },

    /**
     * What a customer's turn did to their appointments: cancelled, confirmed (after a reminder),
     * moved and booked, in that order. An overlap with an appointment stored a moment earlier is
     * SlotConflict. Run inside the turn's transaction.
     */
    async applyTurn(input: AppointmentChanges): Promise<void> {
      const ofContact = (id: string) => and(eq(appointments.id, id), eq(appointments.contactId, input.contactId));
      for (const id of input.cancellations) {
        await db.update(appointments).set({ status: 'cancelled', updatedAt: new Date() }).where(ofContact(id));
      }
      for (const id of input.confirmations) {
        await db.update(appointments).set({ status: 'confirmed', updatedAt: new Date() }).where(and(ofContact(id), eq(appointments.status, 'booked')));
      }
      await guarded(async () => {
        for (const r of input.reschedules) {
          await db.update(appointments).set({ startAt: r.start, endAt: r.end, updatedAt: new Date() }).where(ofContact(r.appointmentId));
        }
        for (const b of input.bookings) {
          await db.insert(appointments).values({ botId: input.botId, contactId: input.contactId, conversationId: input.conversationId, startAt: b.start, endAt: b.end, service: b.service, playground: playgroundOf(input.contactId) });
        }
      });
    },
  };
}

export type AppointmentsRepository = ReturnType<typeof appointmentsRepository>;
