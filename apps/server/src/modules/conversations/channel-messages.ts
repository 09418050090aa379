import type { ChannelRegistry } from './channel-registry.ts';
import type { ConversationEvents } from './conversation-events.ts';
import type { ConversationsRepository } from './conversations.repository.ts';
import { queuedSendContext } from './outbound.ts';
import type { ChannelMessages } from './ports.ts';

/** The ChannelMessages port: channels read and move their messages here, and the dashboard hears of each change. */
export function channelMessages(repo: ConversationsRepository, events: ConversationEvents, registry: ChannelRegistry): ChannelMessages {
  return {
    sendContext: (messageId) => queuedSendContext({ repo, registry }, messageId),
    byExternalId: repo.byExternalId,
    async advance(messageId, status, at, error, externalId) {
      const row = await repo.advance(messageId, status, at, error, externalId);
      if (row) events.message(row.botId, row.channel, row);
      return row;
    },
    async advanceUntil(botId, channel, recipient, status, until) {
      const rows = await repo.advanceUntil(botId, channel, recipient, status, until);
      for (const row of rows) events.message(row.botId, row.channel, row);
      return rows;
    },
    setExternalId: repo.setExternalId,
    knownIdentity: repo.knownIdentity,
    addIdentity: repo.addIdentity,
  };
}
