import { rooms } from '@charla/shared';
import type { Emit } from '../../plugins/realtime.ts';
import type { ConversationRow, MessageRow } from './conversations.repository.ts';
import { toConversationMessage } from './message-view.ts';

export type { Emit };

/** What the dashboard is told of conversations: a message stored or changed, a conversation's status. */
export function conversationEvents(emit: Emit, changed?: (m: MessageRow) => void) {
  return {
    emit,
    /** A message stored or changed, to the bot's room (and to the module's listeners: a campaign follows its messages). */
    message(botId: string, channel: string, m: MessageRow) {
      emit(rooms.bot(botId), 'conversationMessage', { botId, channel, message: toConversationMessage(m) });
      changed?.(m);
    },
    /** Status, unread count and assignment of a conversation, to the bot's room. */
    updated(c: ConversationRow) {
      emit(rooms.bot(c.botId), 'conversationUpdated', { botId: c.botId, conversationId: c.id, status: c.status, typing: false, unreadCount: c.unreadCount, assignedTo: c.assignedTo });
    },
  };
}

export type ConversationEvents = ReturnType<typeof conversationEvents>;
