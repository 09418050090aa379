import type { Db } from '../../db/client.ts';
import { appointmentsRepository } from './appointments.repository.ts';

export { turnAppointments } from './turn-appointments.ts';

/** What other modules ask of appointments about a contact's rows, inside the caller's transaction when given one. */
export function contactAppointments(db: Db) {
  const repo = appointmentsRepository(db);
  return { moveToContact: repo.moveToContact, removeOfContact: repo.removeOfContact };
}
