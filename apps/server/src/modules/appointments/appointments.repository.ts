import { and, asc, eq, gt, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments } from './appointments.table.ts';

export type AppointmentRow = typeof appointments.$inferSelect;

/** The only code that reads and writes appointments. */
export function appointmentsRepository(db: Db) {
  return {
    /** Confirmed appointments of a bot that overlap [start, end). */
    async overlapping(botId: string, start: Date, end: Date): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(and(eq(appointments.botId, botId), eq(appointments.status, 'confirmed'), lt(appointments.startAt, end), gt(appointments.endAt, start)));
    },

    async inRange(botId: string, from: Date, to: Date): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(and(eq(appointments.botId, botId), eq(appointments.status, 'confirmed'), lt(appointments.startAt, to), gt(appointments.endAt, from)))
        .orderBy(asc(appointments.startAt));
    },

    async upcomingOf(contactId: string, now: Date): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(and(eq(appointments.contactId, contactId), eq(appointments.status, 'confirmed'), gte(appointments.startAt, now)))
        .orderBy(asc(appointments.startAt));
    },

    async listForConversation(conversationId: string): Promise<AppointmentRow[]> {
      return db.select().from(appointments).where(eq(appointments.conversationId, conversationId)).orderBy(asc(appointments.startAt));
    },
  };
}

export type AppointmentsRepository = ReturnType<typeof appointmentsRepository>;
