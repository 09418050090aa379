/** The bots module as other modules and the channels see it: its service, its rows and reads of a bot, and who holds a channel account. */
export { botColumns, botsRepository, countSwitchedOff, setLocked, switchBackOn, switchOffBeyond } from './bots.repository.ts';
export type { BotRow, BotsRepository } from './bots.repository.ts';
export type { BotsService } from './bots.service.ts';
export { AccountTaken, accountHolder, setAccounts } from './channel-accounts.repository.ts';
