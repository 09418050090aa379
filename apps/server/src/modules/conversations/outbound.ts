import { setTimeout as sleep } from 'node:timers/promises';
import type { Jobs } from '../../plugins/jobs.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import type { ConversationEvents } from './conversation-events.ts';
import type { ConversationsRepository, MessageRow, StoredSend } from './conversations.repository.ts';
import type { SendContext, SenderCapabilities, SendResult } from './ports.ts';
import { windowOpen } from './window.ts';

export const SEND_JOB = 'message.send';
/** A reply waits this long at most for an earlier reply of its conversation to go first. */
const ORDER_WAIT_MS = 10_000;
const ORDER_POLL_MS = 150;

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
 * is not sent again. The channel is handed everything it needs at once and answers once. Throws to be retried.
 */
export async function send(deps: OutboundDeps, messageId: string): Promise<void> {
  const stored = await deps.repo.sendContext(messageId);
  if (!stored || stored.message.status !== 'queued') return;
  const { message } = stored;
  const channel = deps.registry.get(message.channel);
  if (!channel) return recordSend(deps, message, { failed: { code: 'CHANNEL_NOT_CONNECTED' } });
  if (message.externalId) return recordSend(deps, message, { externalId: message.externalId });
  if (channel.capabilities.paced && stored.earlierQueued) await earlierRepliesSent(deps.repo, message);
  return recordSend(deps, message, await channel.send(toSendContext(stored, channel.capabilities)));
}

/** Queues the send of a stored message (the SEND job, one per message). */
export function queueSend(jobs: Jobs, messageId: string) {
  return jobs.send(SEND_JOB, { messageId }, { singletonKey: messageId });
}

/**
 * The one road out: every outbound message (the bot's replies, a person's from the inbox, a
 * reminder, a notice to the team) is stored as `queued` and then sent by `send`, by the sender
 * the registry holds for its channel.
 */
export function outbound(deps: OutboundDeps) {
  return {
    send: (messageId: string) => send(deps, messageId),
    queueSend: (messageId: string) => queueSend(deps.jobs, messageId),
    /** Tells the dashboard of a message stored outside a turn (a reminder, a notice). */
    announce: (m: MessageRow) => deps.events.message(m.botId, m.channel, m),
  };
}

export type Outbound = ReturnType<typeof outbound>;
