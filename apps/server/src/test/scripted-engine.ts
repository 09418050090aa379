import type { Engine, EngineContext, EngineResult } from '../engine/types.ts';

/**
 * An engine whose answers the test decides, to test the pipeline around any engine (the real
 * engines have their own tests). By default it echoes what it received.
 */
export function scriptedEngine(script?: (ctx: EngineContext) => Promise<Partial<EngineResult>> | Partial<EngineResult>): Engine & { calls: EngineContext[] } {
  const calls: EngineContext[] = [];
  return {
    name: 'scripted',
    calls,
    async respond(ctx) {
      calls.push(ctx);
      const out = script ? await script(ctx) : { replies: [`Recibido: ${ctx.incoming.join(' | ')}`] };
      return { replies: [], actions: [], sources: [], handoff: false, state: ctx.state, ...out };
    },
    bookingConflict: (_ctx, alternative) => ({
      replies: [alternative ? `Ese horario se acaba de ocupar. ¿Te funciona ${alternative.toISOString()}?` : 'Ya no hay horarios libres.'],
      state: { offered: alternative?.toISOString() ?? null },
    }),
  };
}
