import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { llmEngine } from './llm/llm-engine.ts';
import { offlineEngine } from './offline/offline-engine.ts';
import type { Engine } from './types.ts';

/** The engine AI_PROVIDER names; a language model always falls back to the offline engine. */
export function createEngine(config: Config, log?: FastifyBaseLogger): Engine {
  const offline = offlineEngine();
  if (config.AI_PROVIDER !== 'openai-compatible') return offline;
  return llmEngine({
    baseURL: config.AI_BASE_URL!,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL!,
    timeoutMs: config.AI_TIMEOUT_MS,
    fallback: offline,
    log,
  });
}
