import { limitsOf } from '@charla/shared/constants';
import { paths } from '../../lib/navigation.ts';

/** The template picker, or the wizard for one template; a partner's `clientId` rides along. */
export function newBotLink(template?: string | null, clientId?: string | null): string {
  const params = new URLSearchParams();
  if (template) params.set('template', template);
  if (clientId) params.set('clientId', clientId);
  const query = params.toString();
  return query ? `${paths.newBot}?${query}` : paths.newBot;
}

/**
 * Whether the owner's plan leaves room for one more bot of their own (bots of a partner's
 * clients do not count). The server has the last word; this only spares a form that would be refused.
 */
export function botLimitOf(plan: string | null | undefined, ownBots: number): { limit: number; reached: boolean } {
  const limit = limitsOf(plan).bots;
  return { limit, reached: ownBots >= limit };
}
