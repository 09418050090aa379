import type { Bot } from '../bots/bot.ts';

/** What the playground needs to know about the bot under test. */
export type PlaygroundBot = Pick<Bot, 'id' | 'bot_name' | 'timezone' | 'bot_enabled'>;
