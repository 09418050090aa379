import type { EngineAction, EngineContext, EngineResult } from '../types.ts';
import type { BookingWording } from './booking-wording.ts';
import { offlineChoices } from './choices.ts';
import type { Intents } from './intents.ts';
import type { Lead } from './lead-capture.ts';
import { writeState, type OfflineState } from './offline-state.ts';
import type { Wording } from './wording.ts';

/** What the engine knows while it answers one turn. */
export interface Turn {
  context: EngineContext;
  state: OfflineState;
  raw: string;
  lead: Lead;
  intents: Intents;
  say: Wording;
  sayBooking: BookingWording;
  language: 'es' | 'en';
  contactName: string;
  actions: EngineAction[];
  /** A greeting (and on the first reply, who writes) to open the reply with. */
  opening: string;
}

export const firstName = (name: string) => name.trim().split(/\s+/)[0];

export const hasReplied = (context: EngineContext) => context.history.some((h) => h.direction === 'out');

/**
 * The turn's result: the replies (the greeting first), the contact update and the state to keep.
 * The options to tap are the ones given, or those that answer what the state now waits for
 * (a "sí" to confirm, to take the offered time, to cancel…).
 */
export function finishTurn(turn: Turn, replies: string[], extra: Partial<EngineResult> = {}, state: OfflineState = turn.state): EngineResult {
  const texts = replies.filter((r) => r.trim());
  if (turn.opening && texts.length) texts[0] = `${turn.opening} ${texts[0]}`;
  else if (turn.opening) texts.push(turn.opening);
  const choices = texts.length ? (extra.choices ?? offlineChoices(turn.context.bot, turn.language).forState(state)) : undefined;
  return {
    replies: texts,
    ...(choices && { choices }),
    ...(extra.image && texts.length && { image: extra.image }),
    actions: [...turn.actions, ...(extra.actions ?? [])],
    sources: extra.sources ?? [],
    handoff: extra.handoff ?? false,
    ...(extra.unanswered && { unanswered: true }),
    state: writeState({ ...state, turns: turn.state.turns + 1 }),
  };
}

