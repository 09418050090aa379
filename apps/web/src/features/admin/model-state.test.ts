import { describe, expect, it } from 'vitest';
import { engineHealth } from './model-state.ts';

const model = { model: 'llama3.1', failures: 0, consecutive_failures: 0, last_failure_at: null, last_reason: null, last_success_at: null };

describe("the engine's state on the admin console", () => {
  it('is the model state when a model answers, and offline without one', () => {
    expect(engineHealth({ name: 'offline', model: null })).toBe('offline');
    expect(engineHealth({ name: 'openai-compatible', model: { ...model, state: 'unknown' } })).toBe('unknown');
    expect(engineHealth({ name: 'openai-compatible', model: { ...model, state: 'failing', failures: 3 } })).toBe('failing');
    expect(engineHealth({ name: 'openai-compatible', model: { ...model, state: 'ok' } })).toBe('ok');
  });
});
