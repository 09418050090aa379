import type { EngineBot } from '../../engine/types.ts';
import type { BotRow } from '../bots/bots.repository.ts';

/** The bot's settings as the engine reads them. */
export const engineBot = (bot: BotRow): EngineBot => ({
  id: bot.id,
  botName: bot.botName,
  businessName: bot.businessName,
  businessDesc: bot.businessDesc,
  template: bot.botObjective,
  purpose: bot.purpose as EngineBot['purpose'],
  tone: bot.tone as EngineBot['tone'],
  personality: bot.personality as EngineBot['personality'],
  identity: bot.identity as EngineBot['identity'],
  responseLength: bot.responseLength as EngineBot['responseLength'],
  language: bot.language === 'en' ? 'en' : 'es',
  timezone: bot.timezone,
  redirectionEnabled: bot.redirectionEnabled,
  redirectionPhone: bot.redirectionPhone,
  appointmentMinutes: bot.scheduling[0]?.appointment_minutes ?? 30,
  ...(bot.scheduling[0] && { openingHours: bot.scheduling[0].hours }),
});
