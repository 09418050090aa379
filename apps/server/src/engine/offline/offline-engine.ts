import type { Engine } from '../types.ts';

const FALLBACK = 'No tengo esa información. ¿Quieres que te comunique con alguien de nuestro equipo?';

/** The offline engine: answers from the best passage of the bot's knowledge, or says it lacks the fact. */
export function offlineEngine(): Engine {
  return {
    name: 'offline',
    async respond(ctx) {
      const question = ctx.incoming.join(' ').trim();
      const passages = question ? await ctx.tools.search(question, 3) : [];
      const best = passages[0];
      const replies = best && best.score >= 0.3 ? [best.text.split(/(?<=[.!?])\s+/)[0] ?? best.text] : [FALLBACK];
      return { replies, actions: [], sources: best ? [best] : [], handoff: false, state: ctx.state };
    },
    bookingConflict: (ctx) => ({ replies: ['Ese horario se acaba de ocupar. ¿Qué otro horario te acomoda?'], state: ctx.state }),
  };
}
