import type { Db } from '../../db/client.ts';
import type { TurnAppointments } from './appointments-port.ts';
import type { Channel } from './conversations.table.ts';
import { conversationsRepository, type MessageRow, type OutboundDraft } from './conversations.repository.ts';

export interface TurnChanges {
  conversationId: string;
  botId: string;
  contactId: string;
  ownerId: string;
  month: string;
  channel: Channel;
  processedIds: string[];
  contactPatch?: { name?: string; email?: string; phone?: string; marketingConsent?: boolean };
  bookings: { start: Date; end: Date; service: string }[];
  cancellations: string[];
  /** Appointments the customer confirmed (after a reminder). */
  confirmations?: string[];
  reschedules: { appointmentId: string; start: Date; end: Date }[];
  handoff: boolean;
  /** When the hand-off happened (the real clock: the person's idle time counts from it). */
  handoffAt?: Date;
  /** Questions in a row the bot could not answer, after this turn. */
  unanswered?: number;
  state: Record<string, unknown>;
  drafts: OutboundDraft[];
  /** The turn's clock: replies are stored just after the messages they answer. */
  at: Date;
}

/**
 * Everything one turn changes, as one unit of work: the engine's actions (through the
 * appointments module's port, in the same transaction), the replies as queued messages, the customer's messages marked
 * processed, the engine's state and the owner's usage. A person who took the conversation while
 * the engine thought wins: nothing is written ('skipped'). An overlap with an appointment stored
 * a moment earlier rolls everything back (SlotConflict): the caller offers another slot and
 * commits again.
 */
export async function commitTurn(db: Db, input: TurnChanges, appointments: Pick<TurnAppointments, 'apply'>): Promise<MessageRow[] | 'skipped'> {
  const stored = {
    conversationId: input.conversationId,
    botId: input.botId,
    channel: input.channel,
    drafts: input.drafts,
    at: input.at,
    processedIds: input.processedIds,
    state: input.state,
    unanswered: input.unanswered,
    ...(input.handoff && { handoffAt: input.handoffAt ?? new Date() }),
    // The demonstration channel is the owner trying the product with no customer: not the plan's usage.
    ...(input.channel !== 'demo' && { usage: { userId: input.ownerId, month: input.month } }),
  };
  const acts = Object.keys(input.contactPatch ?? {}).length || input.bookings.length || input.cancellations.length || input.confirmations?.length || input.reschedules.length;
  // A turn that only answers is one statement, which takes the conversation's lock itself.
  if (!acts) return conversationsRepository(db).storeTurn(stored);
  return db.transaction(async (tx) => {
    const conversations = conversationsRepository(tx);
    // The row lock orders this against a person's reply, before the engine's actions.
    if ((await conversations.lockStatus(input.conversationId)) !== 'bot') return 'skipped' as const;
    if (input.contactPatch) await conversations.updateContact(input.contactId, input.contactPatch);
    await appointments.apply(tx, {
      botId: input.botId,
      contactId: input.contactId,
      conversationId: input.conversationId,
      cancellations: input.cancellations,
      confirmations: input.confirmations ?? [],
      reschedules: input.reschedules,
      bookings: input.bookings,
    });
    return conversations.storeTurn(stored);
  });
}
