import { useCurrentUser } from '../../auth/index.ts';
import { botLimitOf } from '../new-bot-link.ts';
import { useBots } from './use-bots.ts';

/** Room left on the owner's plan; null while the list loads or when creating for a partner's client. */
export function useBotLimit(clientId: string | null): { limit: number; reached: boolean } | null {
  const user = useCurrentUser();
  const bots = useBots();
  if (clientId || !bots.data) return null;
  const own = bots.data.filter((bot) => !bot.isClientsBot).length;
  return botLimitOf(user.membershipTypeName || user.membership.membershipTypeName, own);
}
