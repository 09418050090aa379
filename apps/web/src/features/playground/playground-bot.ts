import type { Bot } from '../bots/index.ts';

/** What the playground needs to know about the bot under test. */
export type PlaygroundBot = Pick<Bot, 'id' | 'bot_name' | 'timezone' | 'bot_enabled'>;
