import type { AppointmentStatus, SchedulingItem } from '@charla/shared';
import type { Db } from '../../db/client.ts';

/** An appointment as a turn and the playground read it. */
export interface TurnAppointment {
  id: string;
  startAt: Date;
  endAt: Date;
  service: string;
  status: AppointmentStatus;
}

/** What a customer's turn did to their appointments: cancelled, confirmed (after a reminder), moved and booked. */
export interface AppointmentChanges {
  botId: string;
  contactId: string;
  conversationId: string;
  cancellations: string[];
  confirmations: string[];
  reschedules: { appointmentId: string; start: Date; end: Date }[];
  bookings: { start: Date; end: Date; service: string }[];
}

/** When a bot's business can take an appointment, at the turn's clock (`now`). */
export interface Slots {
  isFree(start: Date, now: Date): Promise<'free' | 'closed' | 'taken' | 'past'>;
  nextFree(from: Date, now: Date): Promise<Date | undefined>;
}

/**
 * What the road of a message needs of appointments: the engine's calendar and the turn's booking
 * inside its transaction. The appointments module implements it and hands it to the conversations
 * module at wiring time, so conversations import nothing of appointments.
 */
export interface TurnAppointments {
  slots(bot: { id: string; timezone: string; scheduling: SchedulingItem[] }): Slots;
  /** A contact's booked or confirmed appointments from `now`, soonest first. */
  upcomingOf(contactId: string, now: Date): Promise<TurnAppointment[]>;
  /** The appointments booked in a conversation (the playground shows them). */
  listForConversation(conversationId: string): Promise<TurnAppointment[]>;
  /** Writes a turn's changes inside the turn's transaction `tx`. */
  apply(tx: Db, changes: AppointmentChanges): Promise<void>;
  /** Whether `apply` failed on an overlap with an appointment stored a moment earlier. */
  isSlotConflict(err: unknown): boolean;
}
