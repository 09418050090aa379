import type { EngineBot } from '../../engine/types.ts';
import { botColumns, type BotRow } from '../bots/index.ts';

/** The bot's settings as the engine reads them. */
export const engineBot = (bot: BotRow): EngineBot => ({
  id: bot.id,
  botName: bot.botName,
  businessName: bot.businessName,
  businessDesc: bot.businessDesc,
  template: botColumns.template(bot.botObjective),
  purpose: botColumns.purpose(bot.purpose),
  tone: botColumns.tone(bot.tone),
  personality: botColumns.personality(bot.personality),
  identity: botColumns.identity(bot.identity),
  responseLength: botColumns.responseLength(bot.responseLength),
  language: botColumns.language(bot.language),
  timezone: bot.timezone,
  redirectionEnabled: bot.redirectionEnabled,
  redirectionPhone: bot.redirectionPhone,
  appointmentMinutes: bot.scheduling[0]?.appointment_minutes ?? 30,
  ...(bot.scheduling[0] && { openingHours: bot.scheduling[0].hours }),
});
