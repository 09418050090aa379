import type { SchedulingItem } from '@charla/shared';
import type { AppointmentsRepository } from '../modules/appointments/appointments.repository.ts';
import { availability } from '../modules/appointments/availability.ts';
import type { Search } from '../modules/training/retrieval.ts';
import type { EngineTools } from './types.ts';

/** The engine's read-only view of one business, for one turn. */
export function engineTools(deps: {
  search: Search;
  appointments: AppointmentsRepository;
  bot: { id: string; language: string; timezone: string; scheduling: SchedulingItem[] };
  contactId: string;
  now: Date;
}): EngineTools {
  const slots = availability(deps.appointments, deps.bot);
  return {
    search: (question, k = 5) => deps.search(deps.bot.id, deps.bot.language, question, k),
    isFree: (start) => slots.isFree(start, deps.now),
    nextFree: (from) => slots.nextFree(from, deps.now),
    async upcomingAppointments() {
      return (await deps.appointments.upcomingOf(deps.contactId, deps.now)).map((a) => ({ id: a.id, start: a.startAt, end: a.endAt, service: a.service }));
    },
  };
}
