import { chosenOption, replyChoices, rooms, type ConversationStatus, type ReplyChoices } from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import type { KnowledgeSearch } from '../../engine/ports.ts';
import type { Engine, EngineAction, EngineContext } from '../../engine/types.ts';
import type { TurnAppointments } from './appointments-port.ts';
import type { QuotaService } from '../quota/quota.module.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import type { ConversationEvents } from './conversation-events.ts';
import type { ConversationsRepository, MessageRow, OutboundDraft } from './conversations.repository.ts';
import { engineBot } from './engine-bot.ts';
import { engineTools, isImageLink } from './engine-tools.ts';
import { monthOf, type Handoffs } from './handoff.ts';
import { asksToOptOut, optOutConfirmation } from './opt-out.ts';
import { commitTurn } from './turn-commit.ts';
import { usageRepository } from './usage.repository.ts';

export const REPLY_JOB = 'conversation.reply';
/** Questions in a row the bot cannot answer before a person takes over (when hand-off is on). */
export const UNANSWERED_HANDOFF = 2;
const HISTORY = 20;
/** Longer messages are read up to here: enough for any question, bounded for the engine. */
export const READ_CHARS = 4000;
const SKIPPED = 'skipped';

export interface TurnDeps {
  db: Db;
  repo: ConversationsRepository;
  appointments: TurnAppointments;
  search: KnowledgeSearch;
  engine: Engine;
  /** The plan's monthly message quota. */
  quota: Pick<QuotaService, 'check'>;
  jobs: Jobs;
  registry: ChannelRegistry;
  events: ConversationEvents;
  handoffs: Handoffs;
  /** Queues the send of a stored message (its job retries it). */
  queueSend: (messageId: string) => Promise<unknown>;
  /** Sends a stored message now (the one `send`); throws when it is to be tried again, answers `later` when its send job was queued to wait. */
  sendNow: (messageId: string) => Promise<'done' | 'later'>;
  log: FastifyBaseLogger;
  /** The picture of one of a bot's products, for replies about that product. */
  productImage?: (botId: string, productId: string) => Promise<string | undefined>;
  /** After a turn that booked, moved, confirmed or cancelled appointments (reminders, the owner's calendar). */
  appointmentsChanged?: (botId: string) => Promise<void>;
  /** After every committed turn, with the actions it applied (the CRM keeps captured data and moves the contact). */
  turnCommitted?: (turn: CommittedTurn) => Promise<void>;
  /** A contact asked not to receive marketing messages (BAJA, STOP…) and was opted out. */
  optedOut?: (contactId: string) => Promise<void>;
}

/** A turn as it was committed: whose it was and the actions that took effect. */
export interface CommittedTurn {
  botId: string;
  contactId: string;
  conversationId: string;
  channel: string;
  actions: readonly EngineAction[];
  /** The engine could not answer from the bot's knowledge (its fallback; two in a row hand off). */
  unanswered: boolean;
  /** The customer's messages the turn answered, oldest first. */
  asked: readonly string[];
  /** When the customer's newest message arrived. */
  at: Date;
}

/** Queues a conversation's turn (stately: one running and one waiting per conversation). */
export function queueTurn(jobs: Jobs, conversationId: string) {
  return jobs.send(REPLY_JOB, { conversationId }, { singletonKey: conversationId });
}

/**
 * A conversation's turn (one at a time per conversation; messages that arrive meanwhile wait for
 * the next one): the engine answers the customer's waiting messages and the turn's changes are
 * committed together (`commitTurn`), then each reply is queued to be sent.
 */
export async function turn(deps: TurnDeps, conversationId: string): Promise<void> {
  const { repo } = deps;
  // Reads that need nothing of each other are sent together: one wait for the database, not two.
  const [found, { pending, queuedOutbound, history }] = await Promise.all([repo.conversationForTurn(conversationId), repo.turnMessages(conversationId, HISTORY)]);
  if (!found) return;
  const { conversation, contact } = found;
  // Replies of an earlier turn that crashed before their send jobs were queued.
  for (const m of queuedOutbound) await deps.queueSend(m.id);
  if (!pending.length) return;
  const month = monthOf(new Date());
  const ids = pending.map((p) => p.id);
  // A bot off, switched off by its plan or of a suspended account stays silent: the customer's messages are stored all the same.
  const bot = found.bot;
  if (!bot || !bot.botEnabled || bot.switchedOffForPlanAt || found.accountSuspended || conversation.status !== 'bot') return repo.markProcessed(ids);

  // The plan's quota is read while the engine thinks (it only reads); nothing is written before
  // its answer. Past the limit the customer's messages stay stored and shown, and the owner is
  // told once a month.
  const quota = deps.quota.check(bot.userId, 'messages', { month });
  quota.catch(() => undefined); // awaited below; a failure fails the turn there
  const limitReached = async (limit: number | null) => {
    if (await usageRepository(deps.db).markLimitNotified(bot.userId, month)) {
      deps.events.emit(rooms.user(bot.userId), 'messageLimitReached', { botId: bot.id, limit: limit ?? 0 });
    }
    return repo.markProcessed(ids);
  };

  const now = pending.at(-1)!.createdAt;
  // "BAJA", "ya no me escriban": the contact leaves marketing, told once in the bot's voice; the engine is not asked.
  if (contact?.marketingConsent && pending.some((p) => asksToOptOut(p.text))) {
    const allowed = await quota;
    if (!allowed.ok) return limitReached(allowed.limit);
    const lastId = ids.at(-1)!;
    const stored = await commitTurn(
      deps.db,
      {
        conversationId, botId: bot.id, contactId: conversation.contactId, ownerId: bot.userId, month, channel: conversation.channel, processedIds: ids,
        contactPatch: { marketingConsent: false }, bookings: [], cancellations: [], reschedules: [], handoff: false, state: conversation.engineState, at: now,
        drafts: [{ text: optOutConfirmation(bot), idempotencyKey: `${lastId}:opt-out`, sources: null, actions: null, choices: null, media: null }],
      },
      deps.appointments,
    );
    if (stored === SKIPPED) return;
    for (const m of pending) deps.events.message(bot.id, conversation.channel, { ...m, status: 'processed' });
    await sendReplies(deps, bot.id, conversation.channel, stored);
    await deps.optedOut?.(conversation.contactId).catch((err) => deps.log.error({ err, conversationId }, 'opt-out follow-up failed'));
    return;
  }
  const tapped = chosenOption.safeParse(pending.findLast((p) => p.chosen)?.chosen);
  const context: EngineContext = {
    bot: engineBot(bot),
    now,
    contact: { name: contact?.name ?? '', email: contact?.email ?? '', phone: contact?.phone ?? '' },
    history: history.map((h) => ({ direction: h.direction, text: h.text })),
    incoming: pending.map((p) => p.text.slice(0, READ_CHARS)),
    ...(tapped.success && { chosen: tapped.data }),
    state: conversation.engineState,
    tools: engineTools({
      search: deps.search,
      appointments: deps.appointments,
      bot,
      contactId: conversation.contactId,
      now,
      ...(deps.productImage && { productImage: deps.productImage }),
    }),
  };
  const answering = deps.engine.respond(context);
  // Past the limit its answer is dropped (and a failure of it too, which nobody awaits then).
  answering.catch(() => undefined);
  const allowed = await quota;
  if (!allowed.ok) return limitReached(allowed.limit);
  let status: ConversationStatus = conversation.status;
  const typing = (on: boolean) => deps.events.emit(rooms.bot(bot.id), 'conversationUpdated', { botId: bot.id, conversationId, status, typing: on });
  typing(true);
  try {
    const result = await answering;
    const actions = result.actions;
    const of = <T extends EngineAction['type']>(type: T) => actions.filter((a): a is Extract<EngineAction, { type: T }> => a.type === type);
    const contactPatch = Object.assign({}, ...of('update_contact').map(({ type: _t, ...fields }) => fields)) as Record<string, string>;
    // A person is asked for, or the bot could not answer twice in a row: the conversation goes
    // to a person only when the owner turned hand-off on; otherwise the bot keeps answering.
    const asked = result.handoff || of('handoff').length > 0;
    const unanswered = result.unanswered ? conversation.unanswered + 1 : 0;
    const handoff = bot.redirectionEnabled && (asked || unanswered >= UNANSWERED_HANDOFF);
    const reason = asked ? (of('handoff')[0]?.reason ?? 'customer') : 'unanswered';
    const kept = handoff ? actions : actions.filter((a) => a.type !== 'handoff');
    // The turn's clock is the customer's; a person's idle time counts on the real one.
    const handoffAt = new Date();
    const welcome = !history.length && bot.welcomeMessage.trim() ? [bot.welcomeMessage.trim()] : [];
    const lastId = ids.at(-1)!;
    const drafts = (replies: string[], withSources: boolean, offered: unknown, image?: { url: string }): OutboundDraft[] => {
      const texts = [...welcome, ...replies].filter((t) => t.trim());
      const choices = validChoices(offered, deps.log, conversationId);
      const picture = image && typeof image.url === 'string' && isImageLink(image.url) ? [{ type: 'image', url: image.url }] : null;
      return texts.flatMap((text, i) => {
        const last = i === texts.length - 1;
        const draft: OutboundDraft = {
          text,
          idempotencyKey: `${lastId}:${i}`,
          sources: last && withSources ? result.sources.slice(0, 5).map(toSource) : null,
          actions: last && kept.length ? kept.map(serializeAction) : null,
          choices: last ? choices : null,
          media: null,
        };
        if (!last || !picture) return [draft];
        // The picture rides on the reply where the channel allows it, else goes just before it.
        if ((deps.registry.get(conversation.channel)?.capabilities.imageWithText(text, choices) ?? true)) return [{ ...draft, media: picture }];
        return [{ text: '', idempotencyKey: `${lastId}:${i}:image`, media: picture }, draft];
      });
    };
    const base = {
      conversationId,
      botId: bot.id,
      contactId: conversation.contactId,
      ownerId: bot.userId,
      month,
      channel: conversation.channel,
      processedIds: ids,
      contactPatch,
      cancellations: of('cancel').map((c) => c.appointmentId),
      confirmations: of('confirm').map((c) => c.appointmentId),
      handoff,
      handoffAt,
      unanswered: handoff ? 0 : unanswered,
      at: now,
    };
    let stored: MessageRow[] | 'skipped';
    let booked = true;
    try {
      stored = await commitTurn(deps.db, { ...base, bookings: of('book'), reschedules: of('reschedule'), state: result.state, drafts: drafts(result.replies, true, result.choices, result.image) }, deps.appointments);
    } catch (err) {
      if (!deps.appointments.isSlotConflict(err)) throw err;
      booked = false;
      // Another customer took the slot a moment ago: offer the next free one instead.
      const wanted = [...of('book'), ...of('reschedule')][0]!;
      const next = await deps.appointments.slots(bot).nextFree(wanted.start, now);
      const offer = deps.engine.bookingConflict(context, next);
      stored = await commitTurn(deps.db, { ...base, bookings: [], reschedules: [], state: offer.state, drafts: drafts(offer.replies, false, offer.choices) }, deps.appointments);
      deps.log.info({ conversationId }, 'booking conflict: next free slot offered');
    }
    // A person took the conversation while the engine thought: the bot says nothing.
    if (stored === SKIPPED) return;
    // The customer's messages are answered (read, for the dashboard), then the replies go out.
    for (const m of pending) deps.events.message(bot.id, conversation.channel, { ...m, status: 'processed' });
    await sendReplies(deps, bot.id, conversation.channel, stored);
    // The CRM, reminders and the owner's calendar follow once the replies are on their way.
    const applied = booked ? kept : kept.filter((a) => a.type !== 'book' && a.type !== 'reschedule');
    await deps.turnCommitted?.({ botId: bot.id, contactId: conversation.contactId, conversationId, channel: conversation.channel, actions: applied, unanswered: booked && result.unanswered === true, asked: context.incoming, at: now }).catch((err) => deps.log.error({ err, conversationId }, 'CRM follow-up of a turn failed'));
    if (actions.some((a) => a.type === 'book' || a.type === 'cancel' || a.type === 'reschedule' || a.type === 'confirm')) {
      await deps.appointmentsChanged?.(bot.id).catch((err) => deps.log.error({ err, conversationId }, 'appointment follow-up failed; the sweep retries it'));
    }
    if (handoff) {
      status = 'human';
      const who = { name: contactPatch.name || contact?.name || '', phone: contactPatch.phone || contact?.phone || '' };
      await deps.handoffs.announce(bot, conversation, who, reason, handoffAt);
    }
  } finally {
    typing(false);
  }
}

/**
 * The turn's replies go out at once, in order, through the one `send`, while the turn still holds
 * its conversation (the next turn of it cannot start, so nothing else sends them meanwhile). A
 * send to be tried again, and the replies after it, are left to the send job, which retries and
 * keeps their order. A crash before they went out leaves them queued: the turn's job, retried
 * when its lease lapses, queues their sends (`queuedOutbound` above).
 */
async function sendReplies(deps: TurnDeps, botId: string, channel: MessageRow['channel'], replies: MessageRow[]): Promise<void> {
  for (const m of replies) deps.events.message(botId, channel, m);
  let later = false;
  for (const m of replies) {
    if (!later) {
      try {
        // A send that waits was queued again by `send` itself; the replies after it follow it.
        if ((await deps.sendNow(m.id)) === 'later') later = true;
        continue;
      } catch (err) {
        later = true;
        deps.log.warn({ err, messageId: m.id }, 'reply not sent at once; its send job tries again');
      }
    }
    await deps.queueSend(m.id);
  }
}

/** Turns that were never queued (a crash between storing a message and queueing its turn). */
export async function recover(deps: Pick<TurnDeps, 'repo' | 'jobs'>, olderThanMs = 30_000): Promise<number> {
  const ids = await deps.repo.conversationsWithPending(new Date(Date.now() - olderThanMs), 500);
  for (const id of ids) await queueTurn(deps.jobs, id);
  return ids.length;
}

/** The turn's steps with their dependencies. */
export function turns(deps: TurnDeps) {
  return {
    turn: (conversationId: string) => turn(deps, conversationId),
    recover: (olderThanMs?: number) => recover(deps, olderThanMs),
    queueTurn: (conversationId: string) => queueTurn(deps.jobs, conversationId),
  };
}

/** The engine's choices when they keep to the contract; otherwise the reply goes out as text alone. */
function validChoices(offered: unknown, log: FastifyBaseLogger, conversationId: string): ReplyChoices | null {
  if (offered === undefined || offered === null) return null;
  const parsed = replyChoices.safeParse(offered);
  if (parsed.success) return parsed.data;
  log.warn({ conversationId, issues: parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`) }, 'engine choices dropped');
  return null;
}

const toSource = (s: { chunkId: number; heading: string; text: string; score: number }) => ({
  chunkId: s.chunkId,
  heading: s.heading,
  text: s.text,
  score: s.score,
});

function serializeAction(a: EngineAction): Record<string, unknown> {
  return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

