import { rooms } from '@charla/shared';
import type { Jobs } from '../../plugins/jobs.ts';
import type { BotRow } from '../bots/index.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import type { ConversationEvents } from './conversation-events.ts';
import type { ConversationRow, ConversationsRepository } from './conversations.repository.ts';
import { engineBot } from './engine-bot.ts';
import { handoffNotice, idleReturnNotice } from './handoff-notices.ts';
import type { InboxRepository } from './inbox.repository.ts';

/** Gives a conversation nobody of the team answered back to the bot. */
export const IDLE_JOB = 'conversation.handoff-idle';

export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

export interface HandoffDeps {
  repo: ConversationsRepository;
  inbox: InboxRepository;
  registry: ChannelRegistry;
  jobs: Jobs;
  events: ConversationEvents;
  queueSend: (messageId: string) => Promise<unknown>;
  /** The address of a conversation in the app, for the hand-off notice to the team's phone. */
  conversationLink: (botId: string, conversationId: string) => string;
  /** After a hand-off of a customer's conversation was committed (the e-mail notices); never fails the caller. */
  handedOff?: (handoff: HandedOff) => Promise<void>;
}

/** A customer's conversation that went to a person. */
export interface HandedOff {
  botId: string;
  conversationId: string;
  at: Date;
}

/** A conversation passing from the bot to a person, and back to the bot when nobody answers it. */
export function handoffs(deps: HandoffDeps) {
  const { repo, jobs, events } = deps;

  /**
   * The conversation returns to the bot when no person answered it for `minutes` after `humanAt`
   * (a person's reply or a takeover moves humanAt, so an earlier job finds it changed and does nothing).
   */
  async function scheduleIdleReturn(conversationId: string, humanAt: Date, minutes: number) {
    if (minutes <= 0) return;
    await jobs.send(IDLE_JOB, { conversationId, humanAt: humanAt.toISOString() }, { startAfter: new Date(humanAt.getTime() + minutes * 60_000) });
  }

  /** The job of scheduleIdleReturn: the customer is told the bot answers again, and it does. */
  async function returnIdle(conversationId: string, humanAtIso: string): Promise<void> {
    const found = await repo.conversationForTurn(conversationId);
    const humanAt = new Date(humanAtIso);
    if (!found?.bot || found.conversation.status !== 'human' || found.conversation.humanAt?.getTime() !== humanAt.getTime()) return;
    const minutes = found.bot.handoffIdleMinutes;
    if (minutes <= 0) return;
    // The owner lengthened the time after this job was scheduled: wait the rest.
    if (Date.now() < humanAt.getTime() + minutes * 60_000 - 1000) return void (await scheduleIdleReturn(conversationId, humanAt, minutes));
    const done = await deps.inbox.returnToBot({
      conversationId,
      humanAt,
      botId: found.bot.id,
      channel: found.conversation.channel,
      text: idleReturnNotice(engineBot(found.bot)),
      at: new Date(),
    });
    if (!done) return;
    events.updated(done.conversation);
    if (done.message) {
      events.message(found.bot.id, found.conversation.channel, done.message);
      await deps.queueSend(done.message.id);
    }
  }

  /**
   * A hand-off the turn committed: the owner is told in the app (the owner's and the bot's rooms),
   * by e-mail (the `handedOff` listener: the owner and the conversation's assignee) and, when the
   * bot has a hand-off phone and a WhatsApp number, on WhatsApp with a link to the conversation;
   * the idle clock starts.
   */
  async function announce(bot: BotRow, conversation: ConversationRow, contact: { name: string; phone: string }, reason: string, at: Date) {
    events.emit([rooms.user(bot.userId), rooms.bot(bot.id)], 'handoffRequested', { botId: bot.id, conversationId: conversation.id, contactName: contact.name, reason });
    events.updated({ ...conversation, status: 'human', humanAt: at });
    await scheduleIdleReturn(conversation.id, at, bot.handoffIdleMinutes);
    // The owner's own test in the playground does not page the team.
    if (conversation.channel === 'playground') return;
    await deps.handedOff?.({ botId: bot.id, conversationId: conversation.id, at });
    const phone = bot.redirectionPhone.replace(/\D/g, '');
    if (!phone || !deps.registry.get('whatsapp')?.connected?.(bot)) return;
    const notice = await deps.inbox.noticeTo({
      botId: bot.id,
      channel: 'whatsapp',
      externalId: phone,
      phone: `+${phone}`,
      name: bot.businessName,
      text: handoffNotice(engineBot(bot), contact, reason, deps.conversationLink(bot.id, conversation.id)),
      idempotencyKey: `handoff:${conversation.id}:${at.toISOString()}`,
      at: new Date(),
    });
    if (notice) await deps.queueSend(notice.id);
  }

  return { scheduleIdleReturn, returnIdle, announce };
}

export type Handoffs = ReturnType<typeof handoffs>;
