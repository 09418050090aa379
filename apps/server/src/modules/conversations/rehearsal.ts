import type { KnowledgeSearch } from '../../engine/ports.ts';
import type { Engine, HistoryMessage } from '../../engine/types.ts';
import type { BotRow } from '../bots/index.ts';
import type { TurnAppointments } from './appointments-port.ts';
import { engineBot } from './engine-bot.ts';
import { engineTools } from './engine-tools.ts';
import { asksToOptOut, optOutConfirmation } from './opt-out.ts';
import { READ_CHARS, UNANSWERED_HANDOFF } from './turn.ts';

/** What a rehearsed conversation ended with: the replies to its last message, and whether a person would have taken it. */
export interface Rehearsed {
  replies: string[];
  handedOff: boolean;
}

/**
 * A new customer's conversation as the road of a message would answer it — the bot's stored
 * settings, knowledge, catalog and calendar, the same engine, the welcome message on the first
 * reply, the opt-out word and the hand-off rule of a turn — with nothing stored: no contact, no
 * conversation, no message, no booking, no notice. Each message is one turn a minute after the
 * last; the owner's saved tests play through it.
 */
export function rehearsal(deps: {
  search: KnowledgeSearch;
  appointments: TurnAppointments;
  engine: Engine;
  productImage?: (botId: string, productId: string) => Promise<string | undefined>;
}) {
  return async function rehearse(bot: BotRow, messages: string[], start: Date): Promise<Rehearsed> {
    const history: HistoryMessage[] = [];
    let state: Record<string, unknown> = {};
    let contact = { name: '', email: '', phone: '' };
    let unanswered = 0;
    let handedOff = false;
    let optedOut = false;
    let replies: string[] = [];
    for (const [i, text] of messages.entries()) {
      replies = [];
      // A conversation with a person: the bot no longer answers it.
      if (handedOff) continue;
      const now = new Date(start.getTime() + i * 60_000);
      const welcome = !history.length && bot.welcomeMessage.trim() ? [bot.welcomeMessage.trim()] : [];
      if (!optedOut && asksToOptOut(text)) {
        optedOut = true;
        replies = [optOutConfirmation(bot)];
      } else {
        const result = await deps.engine.respond({
          bot: engineBot(bot),
          now,
          contact,
          history: history.slice(-20),
          incoming: [text.slice(0, READ_CHARS)],
          state,
          tools: engineTools({ search: deps.search, appointments: deps.appointments, bot, now, ...(deps.productImage && { productImage: deps.productImage }) }),
        });
        const asked = result.handoff || result.actions.some((a) => a.type === 'handoff');
        unanswered = result.unanswered ? unanswered + 1 : 0;
        handedOff = bot.redirectionEnabled && (asked || unanswered >= UNANSWERED_HANDOFF);
        if (handedOff) unanswered = 0;
        for (const action of result.actions) {
          if (action.type === 'update_contact') contact = { ...contact, ...Object.fromEntries(Object.entries(action).filter(([k, v]) => k !== 'type' && v !== undefined)) };
        }
        state = result.state;
        replies = [...welcome, ...result.replies].filter((t) => t.trim());
      }
      history.push({ direction: 'in', text }, ...replies.map((r) => ({ direction: 'out' as const, text: r })));
    }
    return { replies, handedOff };
  };
}

export type Rehearse = ReturnType<typeof rehearsal>;
