import { chosenOption, storableDeep, storableText } from '@charla/shared';
import type { Jobs } from '../../plugins/jobs.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import type { ConversationEvents } from './conversation-events.ts';
import type { ConversationsRepository } from './conversations.repository.ts';
import { MEDIA_JOB, toDownload } from './media-store.ts';
import type { Inbound } from './ports.ts';
import { READ_CHARS } from './turn.ts';

export interface ReceiveDeps {
  repo: ConversationsRepository;
  registry: ChannelRegistry;
  jobs: Jobs;
  events: ConversationEvents;
  queueTurn: (conversationId: string) => Promise<unknown>;
}

/**
 * The first hop of every customer's message, from any channel: stored in one transaction
 * (idempotent on the channel's id), shown, its files queued for download, its turn queued.
 */
export async function receive(deps: ReceiveDeps, inbound: Inbound) {
  // A customer's message is never refused: what PostgreSQL cannot store (a NUL, half of a
  // UTF-16 pair) is removed from every field, ids too, the same way each time, so a
  // redelivery still finds the stored message.
  const m = storableDeep(inbound);
  // A tapped option is kept only as the contract allows (its id and title come from the customer's side).
  const { chosen: tappedOption, ...rest } = m;
  const chosen = chosenOption.safeParse(tappedOption);
  const text = storableText(m.text.slice(0, READ_CHARS * 4));
  const stored = await deps.repo.receive({ ...rest, text, ...(chosen.success && { chosen: chosen.data }) });
  if (stored === 'duplicate') return stored;
  deps.events.message(m.botId, m.channel, stored.message);
  if (stored.message.media?.some(toDownload) && deps.registry.get(m.channel)?.fetchMedia) await deps.jobs.send(MEDIA_JOB, { messageId: stored.message.id });
  if (m.answer !== false) await deps.queueTurn(stored.conversation.id);
  return stored;
}

/** `receive` with its dependencies, as the channels are handed it. */
export function receiver(deps: ReceiveDeps) {
  return (inbound: Inbound) => receive(deps, inbound);
}
