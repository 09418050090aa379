import type { Db } from '../../db/client.ts';
import { conversationsRepository, type QueueMessage } from './conversations.repository.ts';

// What other modules ask of conversations, each inside the caller's transaction when given one.
export { contactsRepository, type ContactsRepository, type ContactInsert, type ContactRow } from './contacts.repository.ts';
export type { QueueMessage };
export { contactSearchPattern, contactSearchText } from './contact-search.ts';
export type { MessageRow } from './conversations.repository.ts';
export type { Outbound, SendManyOutcome } from './outbound.ts';
export type { AppointmentChanges, TurnAppointments } from './appointments-port.ts';
export type { HandedOff } from './handoff.ts';
export type { CommittedTurn } from './turn.ts';
export type { Rehearse, Rehearsed } from './rehearsal.ts';

/** Queues an outbound message for the send path (the one call for a reminder, a notice, a person's reply). */
export const queueMessage = (db: Db, input: QueueMessage) => conversationsRepository(db).queueMessage(input);

/** Adds to what the engine remembers of a conversation (read by its next turn). */
export const remember = (db: Db, conversationId: string, patch: Record<string, unknown>) => conversationsRepository(db).remember(conversationId, patch);

export { outreachOutcomes, storeOutreach, type OutreachItem, type OutreachOutcome, type OutreachStored } from './outreach.ts';
export type { StoredMedia, TemplateSend } from './conversations.table.ts';
export { keptFileKey } from './ports.ts';
