import { channelErrorCodes, channelNotice, rooms, type ChannelErrorCode, type MetaChannel } from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import { enumColumn } from '../../lib/row-parse.ts';
import type { BotRow } from '../../modules/bots/bots.repository.ts';
import type { MessageRow } from '../../modules/conversations/conversations.repository.ts';
import { toConversationMessage, type Sender, type SendResult } from '../../modules/conversations/pipeline.ts';
import { messengerMessageBody } from '../messenger/messenger-outbound.ts';
import { whatsappMessageBody } from '../whatsapp-cloud/whatsapp-outbound.ts';
import type { Connections, Emit } from './connections.ts';
import { GraphError, type GraphClient } from './graph-client.ts';
import { channelErrorFor, channelWideErrors } from './meta-errors.ts';
import type { MetaRepository, SendRow } from './meta.repository.ts';
import type { ReopenTemplate } from './meta.table.ts';
import { pacer, tokenBuckets } from './pacing.ts';

/**
 * How many times one message may be handed to Meta when Meta answers "not now" (rate limits,
 * outages): the SEND job's retryLimit is one less, so the last attempt always ends the message
 * as failed instead of leaving it queued.
 */
export const SEND_ATTEMPTS = 6;
const WINDOW_MS = 24 * 60 * 60 * 1000;
/** A reply waits this long at most for an earlier reply of its conversation to go first. */
const ORDER_WAIT_MS = 10_000;

export interface SenderDeps {
  repo: MetaRepository;
  connections: Connections;
  graph: GraphClient;
  findBot: (botId: string) => Promise<BotRow | undefined>;
  emit: Emit;
  log: FastifyBaseLogger;
  ratePerSecond: number;
  recipientGapMs: number;
  timeoutMs: number;
}

const failed = (code: ChannelErrorCode, metaCode?: number): SendResult => ({ failed: channelNotice(code, metaCode) });
const sendErrorCode = enumColumn(channelErrorCodes, 'channel_sends.error_code');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The senders of the Meta channels. Each message is claimed in the database before the Graph call
 * (channel_sends), so it reaches Meta at most once: an attempt whose outcome is unknown (time-out,
 * dropped connection, crash) is never repeated and the message ends as failed with SEND_UNCONFIRMED.
 * Answers from Meta that prove nothing was sent (rate limits, 5xx, refused connections) are
 * retried by the SEND job with back-off, up to SEND_ATTEMPTS.
 */
export function metaSenders(deps: SenderDeps): Record<MetaChannel, Sender> {
  const { repo, connections, graph, log } = deps;
  const buckets = tokenBuckets(deps.ratePerSecond);
  const lanes = pacer(deps.recipientGapMs);

  /** The Graph call that sends this message, or why none may be made. */
  function request(channel: MetaChannel, account: string, message: MessageRow, recipient: string, windowOpen: boolean, template: ReopenTemplate | null | undefined) {
    if (channel === 'whatsapp') {
      const built = whatsappMessageBody(message, recipient, windowOpen, template);
      return 'failed' in built ? built : { path: `${account}/messages`, body: built.body };
    }
    if (!windowOpen) return { failed: 'WINDOW_CLOSED' as const };
    return { path: `${account}/messages`, body: messengerMessageBody(channel, message, recipient) };
  }

  /** Statuses Meta reported before the send's answer was stored are applied now. */
  async function applyEarly(bot: BotRow, channel: MetaChannel, messageId: string, externalId: string) {
    for (const ev of await repo.earlyStatuses(channel, externalId)) {
      const notice = ev.status === 'failed' ? channelNotice(channelErrorFor(ev.metaCode ?? undefined), ev.metaCode) : null;
      const row = await repo.advance(messageId, ev.status, ev.occurredAt, notice, externalId);
      if (row) deps.emit(rooms.bot(bot.id), 'conversationMessage', { botId: bot.id, channel, message: toConversationMessage(row) });
    }
  }

  /** What an earlier claim of this message ended with, for a job that runs again. */
  async function earlier(messageId: string, prior: SendRow): Promise<SendResult> {
    if (prior.state === 'sent') return { externalId: prior.externalId ?? undefined };
    if (prior.state === 'failed') return failed(prior.errorCode ? sendErrorCode(prior.errorCode) : 'UNKNOWN', prior.metaCode ?? undefined);
    if (prior.state === 'sending' && !(await repo.abandonSend(messageId, new Date(Date.now() - deps.timeoutMs - 30_000)))) {
      // Another worker is calling Meta for this message right now.
      throw new Error('message is being sent by another worker');
    }
    return failed('SEND_UNCONFIRMED');
  }

  function senderFor(channel: MetaChannel): Sender {
    return async (message) => {
      const ctx = await repo.sendContext(message.id);
      const bot = await deps.findBot(message.botId);
      const creds = bot && connections.credentials(bot, channel);
      if (!ctx || !bot || !creds) return failed('CHANNEL_NOT_CONNECTED');
      const connection = await repo.connection(bot.id, channel);
      if (connections.stateOf(bot, channel, connection) === 'needs_reauth') return failed('CHANNEL_NEEDS_REAUTH');
      if (!ctx.recipient) return failed('RECIPIENT_UNAVAILABLE');

      const windowOpen = Boolean(ctx.lastInboundAt && Date.now() - ctx.lastInboundAt.getTime() < WINDOW_MS);
      const call = request(channel, creds.account, ctx.message, ctx.recipient, windowOpen, connection?.template);
      if ('failed' in call) return failed(call.failed);

      // Replies of one conversation go out in the order they were written.
      for (const end = Date.now() + ORDER_WAIT_MS; Date.now() < end && (await repo.earlierQueued(ctx.message)); ) await sleep(150);

      return lanes.run(`${channel}:${creds.account}:${ctx.recipient}`, async () => {
        // The number's turn first, so a claim is never held while waiting for it.
        if (channel === 'whatsapp') await buckets.take(creds.account);
        const claim = await repo.claimSend(message.id, channel);
        if (!claim.claimed) return earlier(message.id, claim.row);
        try {
          const res = await graph.post<{ messages?: { id?: string }[]; message_id?: string }>(call.path, { token: creds.token, body: call.body });
          const externalId = res.messages?.[0]?.id ?? res.message_id;
          await repo.finishSend(message.id, 'sent', { externalId });
          if (externalId) await applyEarly(bot, channel, message.id, externalId);
          return { externalId };
        } catch (err) {
          if (!(err instanceof GraphError)) throw err;
          const code = channelErrorFor(err.code, err.body.error_subcode, err.failure);
          const context = { botId: bot.id, channel, messageId: message.id, attempt: claim.attempts, ...err.toLog() };
          if (err.failure === 'ambiguous') {
            await repo.finishSend(message.id, 'unconfirmed', { errorCode: code });
            log.warn(context, 'Meta did not confirm a send: not retried, so it is never sent twice');
            return failed(code);
          }
          if ((err.failure === 'retryable' || err.failure === 'not_sent') && claim.attempts < SEND_ATTEMPTS) {
            await repo.finishSend(message.id, 'retry', { errorCode: code, metaCode: err.code });
            log.info(context, 'Meta asked to send later: retrying with back-off');
            throw err;
          }
          await repo.finishSend(message.id, 'failed', { errorCode: code, metaCode: err.code });
          log.warn(context, 'Meta refused a send');
          // A token no request can carry ('local') needs replacing as much as one Meta refused.
          if (err.failure === 'token' || err.failure === 'local') await connections.needsReauth(bot, channel, creds, err.code, err.body.message);
          else if (channelWideErrors.has(code)) await connections.recordError(bot, channel, code, err.code, err.body.message);
          return failed(code, err.code);
        }
      });
    };
  }

  return { whatsapp: senderFor('whatsapp'), messenger: senderFor('messenger'), instagram: senderFor('instagram') };
}
