import type { ModelMessage } from 'ai';
import type { HistoryMessage } from '../types.ts';

export interface Conversation {
  messages: ModelMessage[];
  /** What the business wrote before the customer's first message (it cannot open a chat). */
  opening: string[];
}

/**
 * The conversation as chat messages: the customer's as user messages, the business's as
 * assistant messages, the new ones last. Consecutive messages of one side are merged, and the
 * business's messages before the customer's first one are set apart, because many chat
 * templates require the turns to alternate and to start with the user.
 */
export function toConversation(history: HistoryMessage[], incoming: string[]): Conversation {
  const turns = [...history, ...incoming.map((text): HistoryMessage => ({ direction: 'in', text }))]
    .map((m) => ({ ...m, text: m.text.trim() }))
    .filter((m) => m.text !== '');
  const firstIn = turns.findIndex((m) => m.direction === 'in');
  if (firstIn === -1) return { messages: [], opening: turns.map((m) => m.text) };

  const opening = turns.slice(0, firstIn).map((m) => m.text);
  const messages: ModelMessage[] = [];
  let last: { role: 'user' | 'assistant'; parts: string[] } | undefined;
  const flush = () => {
    if (last) messages.push({ role: last.role, content: last.parts.join('\n') });
  };
  for (const m of turns.slice(firstIn)) {
    const role = m.direction === 'in' ? 'user' : 'assistant';
    if (last?.role === role) {
      last.parts.push(m.text);
      continue;
    }
    flush();
    last = { role, parts: [m.text] };
  }
  flush();
  return { messages, opening };
}
