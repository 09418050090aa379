import type { AdminStatusResponse } from '@charla/shared';

/** What the console says of the engine: a model working, failing, not called yet, or no model at all. */
export type EngineHealth = 'ok' | 'failing' | 'unknown' | 'offline';

export function engineHealth(engine: AdminStatusResponse['engine']): EngineHealth {
  return engine.model ? engine.model.state : 'offline';
}

/** Tone of the state's badge. */
export const healthTone: Record<EngineHealth, 'success' | 'danger' | 'muted'> = { ok: 'success', failing: 'danger', unknown: 'muted', offline: 'muted' };
