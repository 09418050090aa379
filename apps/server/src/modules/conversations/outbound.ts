import { setTimeout as sleep } from 'node:timers/promises';
import type { Jobs } from '../../plugins/jobs.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import type { ConversationEvents } from './conversation-events.ts';
import type { ConversationsRepository, MessageRow, StoredSend } from './conversations.repository.ts';
import type { Notice } from '@charla/shared';
import type { SendContext, SenderCapabilities, SendLater, SendResult } from './ports.ts';
import { windowOpen } from './window.ts';

export const SEND_JOB = 'message.send';
/** A reply waits this long at most for an earlier reply of its conversation to go first. */
const ORDER_WAIT_MS = 10_000;
const ORDER_POLL_MS = 150;
/** A send whose earlier claim waits is looked at again after this long. */
const CLAIM_WAIT_SECONDS = 2;

export interface OutboundDeps {
  repo: ConversationsRepository;
  registry: ChannelRegistry;
  jobs: Jobs;
  events: ConversationEvents;
}

/** What a channel is handed for one send: the stored message and its bot, recipients and window, read once. */
export function toSendContext(stored: StoredSend, capabilities: Pick<SenderCapabilities, 'window24h'> | undefined): SendContext {
  const m = stored.message;
  return {
    message: { id: m.id, botId: m.botId, conversationId: m.conversationId, text: m.text, media: m.media, choices: m.choices, template: m.template, externalId: m.externalId },
    bot: stored.bot,
    recipients: stored.recipients,
    lastInboundAt: stored.lastInboundAt,
    windowOpen: windowOpen(capabilities, stored.lastInboundAt),
  };
}

/** The send context of a message still queued, for a channel that sends on another process's behalf. */
export async function queuedSendContext(deps: Pick<OutboundDeps, 'repo' | 'registry'>, messageId: string): Promise<SendContext | undefined> {
  const stored = await deps.repo.sendContext(messageId);
  if (!stored || stored.message.status !== 'queued' || stored.message.direction !== 'out') return undefined;
  return toSendContext(stored, deps.registry.get(stored.message.channel)?.capabilities);
}

/** Replies of one conversation go out in the order they were written: waits (10 s at most) while an earlier one is still queued. */
async function earlierRepliesSent(repo: ConversationsRepository, message: MessageRow): Promise<void> {
  for (const end = Date.now() + ORDER_WAIT_MS; Date.now() < end; ) {
    await sleep(ORDER_POLL_MS);
    if (!(await repo.earlierQueued(message))) return;
  }
}

/**
 * Stores what the channel answered: statuses it already heard of, then `sent` with the channel's
 * id, or `failed` with the reason. From 'queued' only: a status webhook may have moved the message on already.
 */
async function recordSend(deps: OutboundDeps, message: MessageRow, result: SendResult): Promise<void> {
  const { repo, events } = deps;
  if ('failed' in result) {
    const failed = await repo.setStatus(message.id, 'failed', result.failed, { from: 'queued' });
    if (failed) events.message(message.botId, message.channel, failed);
    return;
  }
  for (const early of result.statuses ?? []) {
    const moved = await repo.advance(message.id, early.status, early.at, early.error, result.externalId);
    if (moved) events.message(moved.botId, moved.channel, moved);
  }
  const sent = await repo.setStatus(message.id, 'sent', undefined, { from: 'queued', externalId: result.externalId });
  if (sent) events.message(message.botId, message.channel, sent);
}

/**
 * Sends one queued message on its channel; a message already sent (or holding the channel's id)
 * is not sent again. The channel is handed everything it needs at once and answers once. Throws to
 * be retried. A message whose earlier call never answered (its process died during it) waits for
 * the provider's status naming it (`confirmUnanswered`): its send is queued again in a moment,
 * without spending a try, and `later` is answered.
 */
export async function send(deps: OutboundDeps, messageId: string): Promise<'done' | 'later'> {
  const stored = await deps.repo.sendContext(messageId);
  if (!stored || stored.message.status !== 'queued') return 'done';
  const { message } = stored;
  const channel = deps.registry.get(message.channel);
  let result: SendResult | SendLater;
  if (!channel) result = { failed: { code: 'CHANNEL_NOT_CONNECTED' } };
  else if (message.externalId) result = { externalId: message.externalId };
  else {
    if (channel.capabilities.paced && stored.earlierQueued) await earlierRepliesSent(deps.repo, message);
    result = await channel.send({ ...toSendContext(stored, channel.capabilities), confirmUnanswered: true });
  }
  if ('later' in result) {
    await queueSend(deps.jobs, messageId, CLAIM_WAIT_SECONDS);
    return 'later';
  }
  await recordSend(deps, message, result);
  return 'done';
}

/** Where one message of `sendMany` stands after it. */
export type SendManyOutcome =
  | { status: 'sent'; externalId: string | null; at: Date }
  | { status: 'failed'; error: string; metaCode: number | null }
  /** To try again later: the channel asked to wait (Meta's `metaCode`), or an unanswered claim waits for its status. */
  | { status: 'later'; reason: string; metaCode: number | null }
  /** Delivered, read or failed already before this send (a message no longer queued). */
  | { status: 'done'; messageStatus: MessageRow['status']; externalId: string | null; error: string | null; metaCode: number | null; at: Date | null };

const metaCodeOf = (params: unknown) => (typeof (params as { metaCode?: unknown } | null)?.metaCode === 'number' ? (params as { metaCode: number }).metaCode : null);

/**
 * Sends many stored messages at once (a campaign's batch) with a few statements for all of them:
 * the send contexts read in one query, the channel's batch send (or its one send, side by side),
 * the outcomes written in one update. With `confirmUnanswered`, a message whose earlier call never
 * answered waits for the provider's status naming it instead of failing as unconfirmed.
 */
export async function sendMany(deps: OutboundDeps, messageIds: string[], opts: { confirmUnanswered?: boolean } = {}): Promise<Map<string, SendManyOutcome>> {
  const out = new Map<string, SendManyOutcome>();
  const stored = await deps.repo.sendContexts(messageIds);
  const waiting: StoredSend[] = [];
  for (const s of stored) {
    const m = s.message;
    if (m.status !== 'queued') out.set(m.id, { status: 'done', messageStatus: m.status, externalId: m.externalId, error: m.error, metaCode: metaCodeOf(m.errorParams), at: m.sentAt });
    else waiting.push(s);
  }
  const results = new Map<string, SendResult | SendLater>();
  const byChannel = new Map<string, StoredSend[]>();
  for (const s of waiting) {
    const list = byChannel.get(s.message.channel);
    if (list) list.push(s);
    else byChannel.set(s.message.channel, [s]);
  }
  for (const [name, list] of byChannel) {
    const channel = deps.registry.get(name as MessageRow['channel']);
    if (!channel) {
      for (const s of list) results.set(s.message.id, { failed: { code: 'CHANNEL_NOT_CONNECTED' } });
      continue;
    }
    const contexts = list.map((s) => ({ ...toSendContext(s, channel.capabilities), ...(opts.confirmUnanswered ? { confirmUnanswered: true } : {}) }));
    const known = list.filter((s) => s.message.externalId);
    for (const s of known) results.set(s.message.id, { externalId: s.message.externalId! });
    const toSend = contexts.filter((c) => !c.message.externalId);
    const answers = channel.sendBatch
      ? await channel.sendBatch(toSend)
      : await Promise.all(
          toSend.map((c) =>
            channel.send(c).catch((err: unknown): SendLater => ({ later: { reason: err instanceof Error ? err.message : 'send failed', ...(typeof (err as { code?: unknown }).code === 'number' ? { metaCode: (err as { code: number }).code } : {}) } })),
          ),
        );
    toSend.forEach((c, i) => results.set(c.message.id, answers[i]!));
  }
  const finishing: { id: string; status: 'sent' | 'failed'; externalId?: string; error?: Notice }[] = [];
  for (const s of waiting) {
    const r = results.get(s.message.id);
    if (!r) continue;
    if ('later' in r) {
      out.set(s.message.id, { status: 'later', reason: r.later.reason, metaCode: r.later.metaCode ?? null });
      continue;
    }
    if ('failed' in r) {
      finishing.push({ id: s.message.id, status: 'failed', error: r.failed });
      continue;
    }
    // Statuses Meta reported before its answer (rare): applied one by one, as the one send does.
    if (r.statuses?.length) {
      await recordSend(deps, s.message, r);
      const [m] = await deps.repo.sendContexts([s.message.id]);
      if (m) out.set(s.message.id, { status: 'done', messageStatus: m.message.status, externalId: m.message.externalId, error: m.message.error, metaCode: metaCodeOf(m.message.errorParams), at: m.message.sentAt });
      continue;
    }
    finishing.push({ id: s.message.id, status: 'sent', ...(r.externalId ? { externalId: r.externalId } : {}) });
  }
  const moved = await deps.repo.finishQueued(finishing);
  for (const m of moved) deps.events.message(m.botId, m.channel, m);
  const movedById = new Map(moved.map((m) => [m.id, m]));
  for (const f of finishing) {
    const m = movedById.get(f.id);
    if (f.status === 'sent') out.set(f.id, { status: 'sent', externalId: m?.externalId ?? f.externalId ?? null, at: m?.sentAt ?? new Date() });
    else out.set(f.id, { status: 'failed', error: f.error!.code, metaCode: metaCodeOf(f.error!.params) });
  }
  return out;
}

/** Queues the send of a stored message (the SEND job, one per message), at once or after `afterSeconds`. */
export function queueSend(jobs: Jobs, messageId: string, afterSeconds?: number) {
  return jobs.send(SEND_JOB, { messageId }, { singletonKey: messageId, ...(afterSeconds !== undefined && { startAfter: afterSeconds }) });
}

/**
 * The one road out: every outbound message (the bot's replies, a person's from the inbox, a
 * reminder, a notice to the team) is stored as `queued` and then sent by `send`, by the sender
 * the registry holds for its channel.
 */
export function outbound(deps: OutboundDeps) {
  return {
    send: (messageId: string) => send(deps, messageId),
    sendMany: (messageIds: string[], opts?: { confirmUnanswered?: boolean }) => sendMany(deps, messageIds, opts),
    queueSend: (messageId: string) => queueSend(deps.jobs, messageId),
    /** Tells the dashboard of a message stored outside a turn (a reminder, a notice). */
    announce: (m: MessageRow) => deps.events.message(m.botId, m.channel, m),
  };
}

export type Outbound = ReturnType<typeof outbound>;
