import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, RetryError, stepCountIs, type ToolSet } from 'ai';
import type { Passage } from '../../modules/training/retrieval.ts';
import type { ContactAppointment, Engine, EngineContext, EngineModelStatus, EngineResult } from '../types.ts';
import { spanishClock } from '../dates/clock-style.ts';
import { fromLocalIso, toLocalIso } from './local-time.ts';
import { toConversation } from './messages.ts';
import { cleanReply, isUsableReply, splitReplies } from './replies.ts';
import { usedSources } from './sources.ts';
import { buildSystemPrompt } from './system-prompt.ts';
import { buildTools, newTurn, repairToolInput, type Turn } from './tools.ts';

/** Where the engine reports a failed model call (a pino or Fastify logger fits). */
export interface LlmLog {
  warn(details: object, message: string): void;
}

export interface LlmEngineOptions {
  /** The OpenAI-compatible API root, e.g. "https://api.openai.com/v1" or "http://localhost:11434/v1". */
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Budget for the whole turn, retries and tool calls included. */
  timeoutMs?: number;
  /** Retries of a call answered with 429 or 5xx (or a network error), with backoff. */
  maxRetries?: number;
  /** Most model calls in one turn (each tool round is one). */
  maxSteps?: number;
  /** Sampling temperature; unset leaves the provider's default (some models accept no other). */
  temperature?: number;
  /** Answers the turn when the model fails, hangs or answers something unusable. */
  fallback: Engine;
  log?: LlmLog;
  /** At most one failure logged per this many milliseconds (the others are counted in the next one). */
  logEveryMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** The SDK's wait before its first retry; each next one doubles (2 s, 4 s, …). */
const SDK_FIRST_RETRY_MS = 2000;

/**
 * How many of the SDK's retries fit in a turn's budget: their waits (2 s, 4 s, …) may take at
 * most half of it, so the calls themselves keep the other half. A short budget retries less or
 * not at all instead of being cut in the middle of a wait.
 */
export function retriesWithin(budgetMs: number, wanted: number, firstWaitMs = SDK_FIRST_RETRY_MS): number {
  let retries = 0;
  let waited = 0;
  while (retries < wanted && waited + firstWaitMs * 2 ** retries <= budgetMs / 2) {
    waited += firstWaitMs * 2 ** retries;
    retries += 1;
  }
  return retries;
}

/** This engine's own part of the conversation state. */
interface LlmState {
  /** A slot offered and not yet confirmed, as the bot's local "YYYY-MM-DDTHH:MM". */
  pendingSlot?: string;
}

const STATE_KEY = 'llm';

class UnusableAnswer extends Error {
  constructor(readonly finishReason: string) {
    super(`unusable answer (finish reason ${finishReason})`);
  }
}

/** Rejects when the signal aborts, even if the call it guards does not listen to it. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The few facts worth logging about a failure; never the conversation or the key. */
function describeFailure(error: unknown): Record<string, unknown> {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  const details: Record<string, unknown> = {};
  if (RetryError.isInstance(error)) details.attempts = error.errors.length;
  if (error instanceof UnusableAnswer) details.reason = 'unusable answer';
  else if (last instanceof Error && (last.name === 'TimeoutError' || last.name === 'AbortError')) details.reason = 'timeout';
  else if (APICallError.isInstance(last)) details.reason = last.statusCode ? `http ${last.statusCode}` : 'provider error';
  else details.reason = 'error';
  if (APICallError.isInstance(last) && last.statusCode) details.status = last.statusCode;
  details.error = last instanceof Error ? `${last.name}: ${last.message}`.slice(0, 300) : String(last).slice(0, 300);
  return details;
}

/**
 * The customer's messages, the last tapped one naming what it stands for: the title alone
 * ("10:30 a. m.") may not say which day, the option's start does.
 */
function withTapped(context: EngineContext): string[] {
  const slot = context.chosen?.id.startsWith('slot:') ? new Date(context.chosen.id.slice(5)) : undefined;
  const last = context.incoming.findLastIndex((m) => m.trim() === context.chosen?.title.trim());
  if (!slot || Number.isNaN(slot.getTime()) || last === -1) return context.incoming;
  const tapped = context.bot.language === 'en' ? 'tapped option: start' : 'opción elegida: inicio';
  return context.incoming.map((m, i) => (i === last ? `${m} (${tapped} ${toLocalIso(slot, context.bot.timezone)})` : m));
}

/** With the owner's hand-off switch off the model gets no tool to pass the conversation to a person. */
function withoutHandOff(tools: ToolSet, context: EngineContext): ToolSet {
  if (context.bot.redirectionEnabled) return tools;
  const { handoff: _handoff, ...rest } = tools;
  return rest;
}

function handoffReply(context: EngineContext): string {
  const { language, tone } = context.bot;
  if (language === 'en') return 'I am connecting you with someone from our team; they will be with you shortly.';
  return tone === 'Formal'
    ? 'Con gusto le comunico con alguien de nuestro equipo; en breve le atenderán.'
    : 'Con gusto te comunico con alguien de nuestro equipo; en breve te atienden.';
}

function pendingSlotOf(context: EngineContext): Date | undefined {
  const own = context.state[STATE_KEY];
  const text = own && typeof own === 'object' ? (own as LlmState).pendingSlot : undefined;
  const slot = fromLocalIso(text, context.bot.timezone);
  return slot && slot > context.now ? slot : undefined;
}

/**
 * The upcoming appointment a reminder announced (the reminder job stores `reminded` in the
 * conversation's state): the customer's next words ("confirmo", "no puedo", "cambiarla al
 * viernes") are likely about it. None once it is cancelled, moved or past.
 */
async function remindedOf(context: EngineContext): Promise<ContactAppointment | undefined> {
  const raw = context.state.reminded;
  if (!raw || typeof raw !== 'object') return undefined;
  const { appointmentId, start } = raw as { appointmentId?: unknown; start?: unknown };
  if (typeof appointmentId !== 'string' || typeof start !== 'string') return undefined;
  const found = (await context.tools.upcomingAppointments()).find((a) => a.id === appointmentId);
  return found && found.start.getTime() === Date.parse(start) ? found : undefined;
}

function stateOf(turn: Turn, context: EngineContext, reminded: ContactAppointment | undefined): Record<string, unknown> {
  const own: LlmState = turn.pendingSlot ? { pendingSlot: toLocalIso(turn.pendingSlot, context.bot.timezone) } : {};
  // The reminder stays in mind until the customer answered it (or it no longer stands).
  const answered = reminded && turn.actions.some((a) => 'appointmentId' in a && a.appointmentId === reminded.id);
  return { [STATE_KEY]: own, ...(reminded && !answered && { reminded: context.state.reminded }) };
}

/**
 * The picture of the product a reply is about: the reply was built from exactly one product of
 * the catalog (other passages may be there too). A reply about several products shows none.
 */
async function productImage(context: EngineContext, sources: Passage[]): Promise<{ url: string } | undefined> {
  const products = new Set(sources.map((s) => s.productId).filter((id): id is string => Boolean(id)));
  if (products.size !== 1) return undefined;
  try {
    const url = await context.tools.productImage([...products][0]!);
    return url ? { url } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The conversation engine backed by any OpenAI-compatible chat endpoint, with tools for
 * knowledge and catalog search, availability, booking and the contact. Whatever goes wrong with
 * the provider, the turn is answered by `fallback`, so the conversation never breaks.
 */
export function llmEngine(options: LlmEngineOptions): Engine {
  const { fallback, log, timeoutMs = 20_000, maxSteps = 8, logEveryMs = 60_000, now = Date.now } = options;
  const maxRetries = retriesWithin(timeoutMs, options.maxRetries ?? 2);
  const health: EngineModelStatus = {
    state: 'unknown',
    model: options.model,
    failures: 0,
    consecutive_failures: 0,
    last_failure_at: null,
    last_reason: null,
    last_success_at: null,
  };
  let lastLoggedAt = -Infinity;
  let unlogged = 0;

  /** Every failure is counted; one is logged per `logEveryMs`, with how many were not. */
  function failed(details: Record<string, unknown>) {
    const at = now();
    health.state = 'failing';
    health.failures += 1;
    health.consecutive_failures += 1;
    health.last_failure_at = new Date(at).toISOString();
    health.last_reason = typeof details.reason === 'string' ? details.reason : null;
    if (at - lastLoggedAt < logEveryMs) {
      unlogged += 1;
      return;
    }
    log?.warn({ ...details, failures: health.failures, ...(unlogged > 0 && { unlogged }) }, 'language model failed; the fallback engine answered');
    lastLoggedAt = at;
    unlogged = 0;
  }
  const provider = createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: options.baseURL,
    ...(options.apiKey && { apiKey: options.apiKey }),
  });
  const model = provider.chatModel(options.model);

  async function answer(context: EngineContext): Promise<EngineResult> {
    const { messages, opening } = toConversation(context.history, withTapped(context));
    const turn = newTurn(pendingSlotOf(context));
    const reminded = await remindedOf(context);
    const system = buildSystemPrompt(context, {
      ...(turn.pendingSlot && { pendingSlot: turn.pendingSlot }),
      ...(reminded && { reminded }),
      ...(opening.length > 0 && { opening }),
    });
    const signal = AbortSignal.timeout(timeoutMs);
    const result = await untilAborted(
      generateText({
        model,
        system,
        messages,
        tools: withoutHandOff(buildTools(context, turn), context),
        stopWhen: stepCountIs(maxSteps),
        experimental_repairToolCall: async ({ toolCall }) => {
          const input = repairToolInput(toolCall.input);
          return input === undefined ? null : { ...toolCall, input };
        },
        maxRetries,
        abortSignal: signal,
        ...(options.temperature !== undefined && { temperature: options.temperature }),
      }),
      signal,
    );

    let text = cleanReply(result.text);
    // The booking tools write "5:00 p. m.": a model's "5 pm" is written the same way.
    if (context.bot.language !== 'en') text = spanishClock(text);
    if (!isUsableReply(text)) {
      // The hand-off is done; only its words are missing.
      if (!turn.handoff) throw new UnusableAnswer(result.finishReason);
      text = handoffReply(context);
    }
    const sources = usedSources([...turn.sources.values()], text, context.incoming.join('\n'));
    const image = turn.handoff ? undefined : await productImage(context, sources);
    return {
      replies: splitReplies(text),
      ...(turn.choices && !turn.handoff && { choices: turn.choices }),
      ...(image && { image }),
      actions: turn.actions,
      sources,
      handoff: turn.handoff,
      state: stateOf(turn, context, reminded),
    };
  }

  return {
    name: 'openai-compatible',

    async respond(context) {
      if (!context.incoming.some((m) => m.trim() !== '')) return fallback.respond(context);
      const started = Date.now();
      try {
        const result = await answer(context);
        health.state = 'ok';
        health.consecutive_failures = 0;
        health.last_success_at = new Date(now()).toISOString();
        return result;
      } catch (error) {
        failed({ ...describeFailure(error), botId: context.bot.id, model: options.model, ms: Date.now() - started, fallback: fallback.name });
        return fallback.respond(context);
      }
    },

    status: () => ({ ...health }),

    bookingConflict(context, alternative) {
      const { replies, state, choices } = fallback.bookingConflict(context, alternative);
      const own: LlmState = alternative ? { pendingSlot: toLocalIso(alternative, context.bot.timezone) } : {};
      return { replies, state: { ...state, [STATE_KEY]: own }, ...(choices && { choices }) };
    },
  };
}
