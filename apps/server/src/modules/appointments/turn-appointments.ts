import type { Db } from '../../db/client.ts';
import type { TurnAppointments } from '../conversations/index.ts';
import { appointmentsRepository, SlotConflict } from './appointments.repository.ts';
import { availability } from './availability.ts';

/** Appointments as the road of a message uses them (the conversations module's port). */
export function turnAppointments(db: Db): TurnAppointments {
  const repo = appointmentsRepository(db);
  return {
    slots: (bot) => availability(repo, bot),
    upcomingOf: (contactId, now) => repo.upcomingOf(contactId, now),
    listForConversation: (conversationId) => repo.listForConversation(conversationId),
    apply: (tx, changes) => appointmentsRepository(tx).applyTurn(changes),
    isSlotConflict: (err) => err instanceof SlotConflict,
  };
}
