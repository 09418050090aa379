import type { SchedulingItem } from '@charla/shared';
import type { KnowledgeSearch } from '../../engine/ports.ts';
import type { EngineTools } from '../../engine/types.ts';
import type { TurnAppointments } from './appointments-port.ts';

/** Only links a channel can hand to its customer: http or https, no spaces. */
export const isImageLink = (url: string) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(url) && url.length <= 2000;

/** The engine's read-only view of one business, for one turn. */
export function engineTools(deps: {
  search: KnowledgeSearch;
  appointments: TurnAppointments;
  bot: { id: string; language: string; timezone: string; scheduling: SchedulingItem[] };
  /** Whose turn it is; none in a rehearsal (the owner's saved tests), which has no appointments of its own. */
  contactId?: string;
  now: Date;
  /** The picture of one of the bot's products; none when the catalog is not at hand. */
  productImage?: (botId: string, productId: string) => Promise<string | undefined>;
}): EngineTools {
  const slots = deps.appointments.slots(deps.bot);
  return {
    search: (question, k = 5, also) => deps.search(deps.bot.id, deps.bot.language, question, k, also),
    isFree: (start) => slots.isFree(start, deps.now),
    nextFree: (from) => slots.nextFree(from, deps.now),
    async upcomingAppointments() {
      if (!deps.contactId) return [];
      return (await deps.appointments.upcomingOf(deps.contactId, deps.now)).map((a) => ({ id: a.id, start: a.startAt, end: a.endAt, service: a.service, status: a.status === 'confirmed' ? 'confirmed' : 'booked' }));
    },
    async productImage(productId) {
      const url = await deps.productImage?.(deps.bot.id, productId);
      return url && isImageLink(url) ? url : undefined;
    },
  };
}
