import { channelErrorCodes, channelNotice, type ChannelErrorCode, type MetaChannel } from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import { enumColumn } from '../../lib/row-parse.ts';
import type { OutboundMessage, SendContext, Sender, SendResult } from '../../modules/conversations/ports.ts';
import { messengerMessageBody } from '../messenger/messenger-outbound.ts';
import { whatsappMessageBody } from '../whatsapp-cloud/whatsapp-outbound.ts';
import type { Connections } from './connections.ts';
import type { DeliveryStatuses } from './delivery-statuses.ts';
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

export interface SenderDeps {
  repo: MetaRepository;
  connections: Connections;
  graph: GraphClient;
  statuses: DeliveryStatuses;
  log: FastifyBaseLogger;
  ratePerSecond: number;
  recipientGapMs: number;
  timeoutMs: number;
}

/** The senders' dependencies with their pacing: a token bucket per number, a lane per customer. */
interface PacedDeps extends SenderDeps {
  buckets: ReturnType<typeof tokenBuckets>;
  lanes: ReturnType<typeof pacer>;
}

const failed = (code: ChannelErrorCode, metaCode?: number): SendResult => ({ failed: channelNotice(code, metaCode) });
const sendErrorCode = enumColumn(channelErrorCodes, 'channel_sends.error_code');

/** The Graph call that sends this message, or why none may be made. */
function request(channel: MetaChannel, account: string, message: OutboundMessage, recipient: string, windowOpen: boolean, template: ReopenTemplate | null | undefined) {
  if (channel === 'whatsapp') {
    const built = whatsappMessageBody(message, recipient, windowOpen, template);
    return 'failed' in built ? built : { path: `${account}/messages`, body: built.body };
  }
  if (!windowOpen) return { failed: 'WINDOW_CLOSED' as const };
  return { path: `${account}/messages`, body: messengerMessageBody(channel, message, recipient) };
}

/** What an earlier claim of this message ended with, for a job that runs again. */
async function earlier(deps: PacedDeps, messageId: string, prior: SendRow): Promise<SendResult> {
  if (prior.state === 'sent') return { externalId: prior.externalId ?? undefined };
  if (prior.state === 'failed') return failed(prior.errorCode ? sendErrorCode(prior.errorCode) : 'UNKNOWN', prior.metaCode ?? undefined);
  if (prior.state === 'sending' && !(await deps.repo.abandonSend(messageId, new Date(Date.now() - deps.timeoutMs - 30_000)))) {
    // Another worker is calling Meta for this message right now.
    throw new Error('message is being sent by another worker');
  }
  return failed('SEND_UNCONFIRMED');
}

/**
 * Sends one message on a Meta channel from what the send job handed over: the bot's credentials,
 * the customer's id and the 24-hour window. Answers Meta's id with the statuses Meta already
 * reported for it, or why it failed; throws when Meta asked to send later.
 */
export async function sendOnMeta(deps: PacedDeps, channel: MetaChannel, ctx: SendContext): Promise<SendResult> {
  const { repo, connections, graph, log } = deps;
  const { bot, message } = ctx;
  const creds = connections.credentials(bot, channel);
  if (!creds) return failed('CHANNEL_NOT_CONNECTED');
  const connection = await repo.connection(bot.id, channel);
  if (connections.stateOf(bot, channel, connection) === 'needs_reauth') return failed('CHANNEL_NEEDS_REAUTH');
  const recipient = ctx.recipients[0];
  if (!recipient) return failed('RECIPIENT_UNAVAILABLE');

  const call = request(channel, creds.account, message, recipient, ctx.windowOpen, connection?.template);
  if ('failed' in call) return failed(call.failed);

  return deps.lanes.run(`${channel}:${creds.account}:${recipient}`, async () => {
    // The number's turn first, so a claim is never held while waiting for it.
    if (channel === 'whatsapp') await deps.buckets.take(creds.account);
    const claim = await repo.claimSend(message.id, channel);
    if (!claim.claimed) return earlier(deps, message.id, claim.row);
    try {
      const res = await graph.post<{ messages?: { id?: string }[]; message_id?: string }>(call.path, { token: creds.token, body: call.body });
      const externalId = res.messages?.[0]?.id ?? res.message_id;
      await repo.finishSend(message.id, 'sent', { externalId });
      return { externalId, statuses: externalId ? await deps.statuses.early(channel, externalId) : [] };
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
}

/**
 * The senders of the Meta channels. Each message is claimed in the database before the Graph call
 * (channel_sends), so it reaches Meta at most once: an attempt whose outcome is unknown (time-out,
 * dropped connection, crash) is never repeated and the message ends as failed with SEND_UNCONFIRMED.
 * Answers from Meta that prove nothing was sent (rate limits, 5xx, refused connections) are
 * retried by the SEND job with back-off, up to SEND_ATTEMPTS.
 */
export function metaSenders(deps: SenderDeps): Record<MetaChannel, Sender> {
  const paced: PacedDeps = { ...deps, buckets: tokenBuckets(deps.ratePerSecond), lanes: pacer(deps.recipientGapMs) };
  return {
    whatsapp: (ctx) => sendOnMeta(paced, 'whatsapp', ctx),
    messenger: (ctx) => sendOnMeta(paced, 'messenger', ctx),
    instagram: (ctx) => sendOnMeta(paced, 'instagram', ctx),
  };
}
