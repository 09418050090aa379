/** What the dashboard shell needs to know about a bot (spec section 3, "Bot"). */
export interface Bot {
  id: string;
  bot_name?: string;
  bot_enabled?: boolean;
  locked?: boolean;
  redirection_enabled?: boolean;
  /** True for bots that come from a partner's clients. */
  isClientsBot?: boolean;
}

export function botLabel(bot: Bot, fallback: string): string {
  return bot.bot_name?.trim() || fallback;
}
