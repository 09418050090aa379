import type { Jobs } from '../../plugins/jobs.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import type { ConversationEvents } from './conversation-events.ts';
import type { ConversationsRepository, MessageRow } from './conversations.repository.ts';

export const SEND_JOB = 'message.send';

/**
 * The one road out: every outbound message (the bot's replies, a person's from the inbox, a
 * reminder, a notice to the team) is stored as `queued` and then sent here, by the sender the
 * registry holds for its channel.
 */
export function outbound(deps: { repo: ConversationsRepository; registry: ChannelRegistry; jobs: Jobs; events: ConversationEvents }) {
  const { repo, events } = deps;

  /** Sends one queued message on its channel; a message already sent is left alone. Throws to be retried. */
  async function send(messageId: string): Promise<void> {
    const message = await repo.findMessage(messageId);
    if (!message || message.status !== 'queued') return;
    const sender = deps.registry.get(message.channel)?.send;
    if (!sender) {
      const failed = await repo.setStatus(messageId, 'failed', { code: 'CHANNEL_NOT_CONNECTED' });
      if (failed) events.message(message.botId, message.channel, failed);
      return;
    }
    const result = await sender(message);
    // From 'queued' only: a status webhook may have moved the message on already.
    const next =
      result && 'failed' in result
        ? await repo.setStatus(messageId, 'failed', result.failed, { from: 'queued' })
        : await repo.setStatus(messageId, 'sent', undefined, { from: 'queued', externalId: result?.externalId });
    if (next) events.message(message.botId, message.channel, next);
  }

  return {
    send,
    /** Queues the send of a stored message (the SEND job, one per message). */
    queueSend: (messageId: string) => deps.jobs.send(SEND_JOB, { messageId }, { singletonKey: messageId }),
    /** Tells the dashboard of a message stored outside a turn (a reminder, a notice). */
    announce: (m: MessageRow) => events.message(m.botId, m.channel, m),
  };
}

export type Outbound = ReturnType<typeof outbound>;
