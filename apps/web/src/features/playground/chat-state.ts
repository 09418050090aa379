import type { ChosenOption, ConversationMessage, ConversationUpdatedEvent, PlaygroundConversation } from '@charla/shared';

export type ConversationStatus = NonNullable<PlaygroundConversation['status']>;

/** A message the owner wrote that the server has not confirmed yet (or refused). */
export interface LocalSend {
  clientId: string;
  state: 'sending' | 'failed';
  /** Why it was not sent, in the user's language. */
  error?: string;
}

export interface ChatMessage extends ConversationMessage {
  local?: LocalSend;
}

export interface ChatState {
  /** The channel whose conversation this is (the playground, or the demonstration channel's customer page). */
  channel: string;
  /** The open test conversation; null before the first message and after a reset. */
  conversationId: string | null;
  status: ConversationStatus | null;
  /** The bot is preparing a reply. */
  typing: boolean;
  /** Server messages in conversation order, then the owner's unconfirmed ones. */
  messages: ChatMessage[];
  /**
   * Events of a conversation we cannot place yet: the reply to a first message may arrive
   * before the answer that says which conversation the message opened.
   */
  stray: ConversationMessage[];
}

export const PLAYGROUND_CHANNEL = 'playground';

export const initialChatState: ChatState = { channel: PLAYGROUND_CHANNEL, conversationId: null, status: null, typing: false, messages: [], stray: [] };

/** An empty chat of another channel (the demonstration channel's customer page). */
export const chatStateOn = (channel: string): ChatState => ({ ...initialChatState, channel });

export type ChatEvent =
  | { type: 'loaded'; snapshot: Pick<PlaygroundConversation, 'conversationId' | 'status' | 'messages'> }
  | { type: 'compose'; clientId: string; text: string; at: string; chosen?: ChosenOption }
  | { type: 'accepted'; clientId: string; message?: ConversationMessage }
  | { type: 'sendFailed'; clientId: string; error: string }
  | { type: 'retry'; clientId: string }
  | { type: 'message'; channel: string; message: ConversationMessage }
  | { type: 'updated'; event: Pick<ConversationUpdatedEvent, 'conversationId' | 'status' | 'typing'> }
  | { type: 'typingTimeout' }
  | { type: 'reset' };

const MAX_STRAY = 50;

/**
 * How far along a message is. The same message comes again as its status changes, and an
 * older copy (a list fetched a moment ago) must not undo a newer one.
 */
const statusRank: Record<ConversationMessage['status'], number> = {
  received: 0,
  queued: 0,
  processed: 1,
  sent: 1,
  failed: 1,
  delivered: 2,
  read: 3,
};

/** Two copies of one message: the later state wins; what only the older one has is kept. */
export function mergeMessage(current: ChatMessage, incoming: ConversationMessage): ChatMessage {
  const newer = statusRank[incoming.status] >= statusRank[current.status] ? incoming : current;
  const { local: _local, ...base } = current;
  return {
    ...base,
    ...newer,
    sources: newer.sources ?? base.sources ?? incoming.sources,
    actions: newer.actions ?? base.actions ?? incoming.actions,
  };
}

const isLocal = (m: ChatMessage) => m.local !== undefined;

/** Server messages by time (then id, as the server orders them); unconfirmed ones last, as written. */
function ordered(messages: ChatMessage[]): ChatMessage[] {
  const server = messages.filter((m) => !isLocal(m));
  const local = messages.filter(isLocal);
  server.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return [...server, ...local];
}

/** The first unconfirmed message that this stored customer message is the server's copy of. */
function localTwinIndex(messages: ChatMessage[], m: ConversationMessage): number {
  if (m.direction !== 'in' || m.author !== 'customer') return -1;
  return messages.findIndex((candidate) => candidate.local?.state === 'sending' && candidate.text === m.text);
}

/** Inserts or updates one server message (by id; a customer message also replaces its optimistic copy). */
export function upsertMessage(messages: ChatMessage[], m: ConversationMessage): ChatMessage[] {
  const index = messages.findIndex((candidate) => candidate.id === m.id && !isLocal(candidate));
  if (index !== -1) return ordered(messages.map((candidate, i) => (i === index ? mergeMessage(candidate, m) : candidate)));
  const twin = localTwinIndex(messages, m);
  const rest = twin === -1 ? messages : messages.filter((_, i) => i !== twin);
  return ordered([...rest, m]);
}

/** Moves the stray events of `conversationId` into the list. */
function absorbStray(state: ChatState, conversationId: string): ChatState {
  let messages = state.messages;
  for (const m of state.stray) if (m.conversationId === conversationId) messages = upsertMessage(messages, m);
  return { ...state, messages, stray: state.stray.filter((m) => m.conversationId !== conversationId) };
}

function keepStray(state: ChatState, m: ConversationMessage): ChatState {
  return { ...state, stray: [...state.stray.filter((s) => s.id !== m.id), m].slice(-MAX_STRAY) };
}

/** Switches to another conversation: its messages only, plus what the owner is still sending. */
function enter(state: ChatState, conversationId: string, status: ConversationStatus | null, messages: ConversationMessage[]): ChatState {
  let list: ChatMessage[] = state.messages.filter((m) => isLocal(m) || m.conversationId === conversationId);
  for (const m of messages) list = upsertMessage(list, m);
  const typing = state.conversationId === conversationId ? state.typing : false;
  return absorbStray({ ...state, conversationId, status, typing, messages: list }, conversationId);
}

function patchLocal(state: ChatState, clientId: string, local: LocalSend | null): ChatState {
  return {
    ...state,
    messages: ordered(
      state.messages.flatMap((m) => {
        if (m.local?.clientId !== clientId) return [m];
        return local ? [{ ...m, local }] : [];
      }),
    ),
  };
}

/** Everything the chat can learn, applied to what it shows. Pure: the same events give the same screen. */
export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'loaded': {
      const { conversationId, status, messages } = event.snapshot;
      if (conversationId === null) {
        // A list read before the first message was answered says nothing new.
        if (state.conversationId !== null) return state;
        return { ...state, status: null, messages: state.messages.filter(isLocal) };
      }
      return enter(state, conversationId, status, messages);
    }
    case 'compose': {
      const message: ChatMessage = {
        id: event.clientId,
        conversationId: state.conversationId ?? '',
        direction: 'in',
        author: 'customer',
        text: event.text,
        status: 'received',
        createdAt: event.at,
        sources: null,
        actions: null,
        error: null,
        ...(event.chosen && { chosen: event.chosen }),
        local: { clientId: event.clientId, state: 'sending' },
      };
      return { ...state, messages: [...state.messages, message] };
    }
    case 'accepted': {
      const { message } = event;
      // Sent before (a retry after a lost answer): the stored copy comes with the next list.
      if (!message) return patchLocal(state, event.clientId, null);
      const withoutLocal = patchLocal(state, event.clientId, null);
      const current = message.conversationId === state.conversationId ? withoutLocal : enter(withoutLocal, message.conversationId, 'bot', []);
      return { ...current, messages: upsertMessage(current.messages, message) };
    }
    case 'sendFailed':
      return patchLocal(state, event.clientId, { clientId: event.clientId, state: 'failed', error: event.error });
    case 'retry':
      return patchLocal(state, event.clientId, { clientId: event.clientId, state: 'sending' });
    case 'message': {
      const { message, channel } = event;
      if (channel !== state.channel) return state;
      if (message.conversationId === state.conversationId) {
        const next = { ...state, messages: upsertMessage(state.messages, message) };
        return message.direction === 'out' ? { ...next, typing: false } : next;
      }
      // The first message of a new conversation, seen before the answer to our send.
      if (state.conversationId === null && localTwinIndex(state.messages, message) !== -1) {
        return enter(state, message.conversationId, 'bot', [message]);
      }
      return keepStray(state, message);
    }
    case 'updated': {
      const { conversationId, typing } = event.event;
      if (conversationId !== state.conversationId) return state;
      // "Stopped typing" carries the status the turn started with: it does not undo a hand-off
      // announced a moment before (a fresh read of the conversation still can).
      const status = !typing && state.status === 'human' ? 'human' : event.event.status;
      return { ...state, status, typing: status === 'bot' ? typing : false };
    }
    case 'typingTimeout':
      return state.typing ? { ...state, typing: false } : state;
    case 'reset':
      return chatStateOn(state.channel);
  }
}

/** The owner wrote last and the bot may still answer: worth asking the server again when events are off. */
export function awaitingReply(state: ChatState): boolean {
  if (state.status === 'human') return false;
  const last = state.messages.at(-1);
  return last !== undefined && last.direction === 'in' && last.local?.state !== 'failed';
}

/**
 * How many messages from the top the bot has taken in (two blue ticks): a customer message is
 * read once it is processed, once anything was answered after it, or while the bot is typing.
 * The server does not announce "processed" for each message, so the rest is read from the list.
 */
export function readThrough(state: ChatState): number {
  const { messages } = state;
  let through = 0;
  messages.forEach((m, i) => {
    if (m.local) return;
    if (m.direction === 'out' || m.status === 'processed') through = i + 1;
  });
  if (state.typing) {
    // Everything stored so far is being answered.
    const firstLocal = messages.findIndex((m) => m.local !== undefined);
    through = firstLocal === -1 ? messages.length : firstLocal;
  }
  return through;
}

/**
 * The reply whose options can be tapped: the newest message, when it is the bot's and offers
 * some, and the bot still answers (not typing another reply, not handed to a person).
 */
export function choosableReply(state: ChatState): string | null {
  const last = state.messages.at(-1);
  if (!last || last.local || last.direction !== 'out' || last.author !== 'bot' || !last.choices?.options.length) return null;
  return state.status !== 'human' && !state.typing ? last.id : null;
}
