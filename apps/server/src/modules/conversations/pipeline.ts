import type { FileStorage } from '../../lib/storage.ts';
import { channelMessages } from './channel-messages.ts';
import { conversationEvents, type Emit } from './conversation-events.ts';
import type { MessageRow } from './conversations.repository.ts';
import { handoffs, type HandoffDeps } from './handoff.ts';
import type { InboxRepository } from './inbox.repository.ts';
import { mediaStore } from './media-store.ts';
import { outbound } from './outbound.ts';
import { receiver } from './receive.ts';
import { turns, type TurnDeps } from './turn.ts';

export interface PipelineDeps extends Omit<TurnDeps, 'events' | 'handoffs' | 'queueSend' | 'sendNow'> {
  emit: Emit;
  /** Where kept files go (DATA_DIR/files or the S3 bucket). */
  storage?: FileStorage;
  /** The inbox's reads and writes (hand-offs, the idle return, notices to the team). */
  inbox: InboxRepository;
  /** The address of a conversation in the app, for the hand-off notice to the team's phone. */
  conversationLink: (botId: string, conversationId: string) => string;
  /** After a hand-off of a customer's conversation was committed. */
  handedOff?: HandoffDeps['handedOff'];
  /** Told of every message stored or changed (after the dashboard). */
  messageChanged?: (m: MessageRow) => void;
}

/**
 * The flow of a message: `receive` stores it (one transaction, idempotent on the channel's id)
 * and queues a turn of its conversation (receive.ts); a turn runs the engine and commits its
 * actions and replies together (turn.ts, turn-commit.ts) and sends the replies through the one
 * `send` (outbound.ts) at once, leaving to a send job each that is to be tried again. Every step can run twice without a second effect.
 */
export function pipeline(deps: PipelineDeps) {
  const { repo, jobs, registry } = deps;
  const events = conversationEvents(deps.emit, deps.messageChanged);
  const out = outbound({ repo, registry, jobs, events });
  const handoff = handoffs({
    repo,
    inbox: deps.inbox,
    registry,
    jobs,
    events,
    queueSend: out.queueSend,
    conversationLink: deps.conversationLink,
    ...(deps.handedOff && { handedOff: deps.handedOff }),
  });
  const turn = turns({ ...deps, events, handoffs: handoff, queueSend: out.queueSend, sendNow: out.send });
  return {
    receive: receiver({ repo, registry, jobs, events, queueTurn: turn.queueTurn }),
    storeMedia: mediaStore({ repo, registry, storage: deps.storage, events }),
    turn: turn.turn,
    recover: turn.recover,
    queueTurn: turn.queueTurn,
    send: out.send,
    sendMany: out.sendMany,
    queueSend: out.queueSend,
    announce: out.announce,
    events,
    scheduleIdleReturn: handoff.scheduleIdleReturn,
    returnIdle: handoff.returnIdle,
    /** What channels read and change of their messages. */
    channelMessages: channelMessages(repo, events, registry),
  };
}

export type Pipeline = ReturnType<typeof pipeline>;
