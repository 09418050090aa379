import type { EngineAction, EngineBot } from '../types.ts';
import type { Wording } from './wording.ts';

/**
 * Passes the conversation to a person: the action that notifies the owner and stops the bot,
 * and a reply that says someone will get in touch (with the business's number when the owner
 * set up redirection).
 */
export function handOff(bot: EngineBot, say: Wording, message: string, why?: string): { reply: string; action: EngineAction } {
  const phone = bot.redirectionEnabled && bot.redirectionPhone.trim() ? bot.redirectionPhone.trim() : undefined;
  const said = message.replace(/\s+/g, ' ').trim().slice(0, 200);
  return {
    reply: say.handoff(phone),
    action: {
      type: 'handoff',
      reason: said ? `${why ?? (say.language === 'es' ? 'El cliente pidió hablar con una persona' : 'The customer asked for a person')}: "${said}"` : 'customer',
    },
  };
}
