import type { Bot as ServerBot } from '@charla/shared';

/**
 * A bot as the dashboard holds it: the server's fields (spec section 3, "Bot") plus
 * `isClientsBot`, a client-side flag that is true for bots of a partner's clients.
 */
export type Bot = ServerBot & { isClientsBot: boolean };

/** Marks bots from GET /bot/{email} (the owner's own) or from a partner's clients. */
export function withClientFlag(bots: readonly ServerBot[], isClientsBot = false): Bot[] {
  return bots.map((bot) => ({ ...bot, isClientsBot }));
}

export function botLabel(bot: Pick<Bot, 'bot_name'>, fallback: string): string {
  return bot.bot_name?.trim() || fallback;
}
