import { channelErrorCodes, channelNotice, type ChannelErrorCode, type MetaChannel } from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import { enumColumn } from '../../lib/row-parse.ts';
import type { BatchSender, OutboundMessage, SendContext, Sender, SendLater, SendResult, StoredMedia } from '../../modules/conversations/ports.ts';
import { messengerMessageBody } from '../messenger/messenger-outbound.ts';
import { keptFile, whatsappMessageBody } from '../whatsapp-cloud/whatsapp-outbound.ts';
import { KeptFileMissing, type KeptFileUploader } from '../whatsapp-cloud/whatsapp-upload.ts';
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
  /** Puts a file the app keeps on Meta's side for a WhatsApp message to name (a person's attachment). */
  upload?: KeptFileUploader;
  ratePerSecond: number;
  recipientGapMs: number;
  timeoutMs: number;
  /** How long an unanswered claim waits for Meta's status naming it before it is sent again (META_CONFIRM_WINDOW_MS). */
  confirmWindowMs?: number;
}

/** The senders' dependencies with their pacing: a token bucket per number, a lane per customer. */
interface PacedDeps extends SenderDeps {
  buckets: ReturnType<typeof tokenBuckets>;
  lanes: ReturnType<typeof pacer>;
}

const failed = (code: ChannelErrorCode, metaCode?: number): SendResult => ({ failed: channelNotice(code, metaCode) });
const sendErrorCode = enumColumn(channelErrorCodes, 'channel_sends.error_code');

/**
 * The Graph call that sends this message, or why none may be made. A WhatsApp message carries its
 * own id as biz_opaque_callback_data, which Meta echoes in every status of it: a status then names
 * the message even when the send's answer was lost.
 */
function request(channel: MetaChannel, account: string, message: OutboundMessage, recipient: string, windowOpen: boolean, template: ReopenTemplate | null | undefined, uploaded?: string) {
  if (channel === 'whatsapp') {
    const built = whatsappMessageBody(message, recipient, windowOpen, template, uploaded);
    return 'failed' in built ? built : { path: `${account}/messages`, body: { ...built.body, biz_opaque_callback_data: message.id } };
  }
  if (!windowOpen) return { failed: 'WINDOW_CLOSED' as const };
  return { path: `${account}/messages`, body: messengerMessageBody(channel, message, recipient) };
}

/** Thrown (or answered as `later` in a batch) while a claim waits: another worker's call, or Meta's status of an unanswered one. */
export class SendPending extends Error {
  constructor(readonly reason: 'busy' | 'awaiting_status') {
    super(reason === 'busy' ? 'message is being sent by another worker' : "an unanswered send waits for Meta's status naming it");
    this.name = 'SendPending';
  }
}

/**
 * What an earlier claim of this message ended with, for a send that runs again: its outcome, or
 * for a claim whose call never answered (`sending` past the time-out: its process died), either
 * SEND_UNCONFIRMED or, with `confirmUnanswered` on WhatsApp, the rule of exactly once:
 * - a status naming it (biz_opaque_callback_data) turned the claim `sent` (delivery-statuses.ts);
 * - else the claim turns `unconfirmed` and waits at least META_CONFIRM_WINDOW_MS from then (Meta
 *   sends a status for every message it accepts and redelivers webhooks that failed);
 * - it is sent again ('resend', the same callback data) only once that wait passed and a status
 *   of a later event at Meta was applied since (Meta's statuses caught up past the lost call);
 *   when no status at all comes (nothing else is being sent), after 6 × the wait.
 */
async function earlier(deps: PacedDeps, channel: MetaChannel, messageId: string, prior: SendRow, confirmUnanswered: boolean): Promise<SendResult | 'resend'> {
  if (prior.state === 'sent') return { externalId: prior.externalId ?? undefined };
  if (prior.state === 'failed') return failed(prior.errorCode ? sendErrorCode(prior.errorCode) : 'UNKNOWN', prior.metaCode ?? undefined);
  const abandonedBefore = new Date(Date.now() - deps.timeoutMs - 30_000);
  if (confirmUnanswered && channel === 'whatsapp') {
    const windowMs = deps.confirmWindowMs ?? 600_000;
    const next = await deps.repo.settleUnanswered(messageId, abandonedBefore, new Date(Date.now() - windowMs), new Date(Date.now() - windowMs * 6));
    if (next === 'resend') return 'resend';
    throw new SendPending(next === 'busy' ? 'busy' : 'awaiting_status');
  }
  if (prior.state === 'sending' && !(await deps.repo.abandonSend(messageId, abandonedBefore))) {
    // Another worker is calling Meta for this message right now.
    throw new SendPending('busy');
  }
  return failed('SEND_UNCONFIRMED');
}

/** The message's body once its kept file is on Meta's side (named by the id Meta gave it). */
async function withUpload(deps: PacedDeps, channel: MetaChannel, creds: { account: string; token: string }, ctx: SendContext, recipient: string, template: ReopenTemplate | null | undefined, kept: StoredMedia) {
  const mediaId = await deps.upload!(ctx.bot.id, creds.account, creds.token, kept);
  const built = request(channel, creds.account, ctx.message, recipient, ctx.windowOpen, template, mediaId);
  if ('failed' in built) throw new Error(`a message with a file could not be built: ${built.failed}`);
  return built.body;
}

/**
 * Sends one message on a Meta channel from what the send job handed over: the bot's credentials,
 * the customer's id and the 24-hour window. Answers Meta's id with the statuses Meta already
 * reported for it, or why it failed; throws when Meta asked to send later; answers `later` while
 * an earlier claim of the message waits (another worker's call, or Meta's status of a call whose
 * process died).
 */
export async function sendOnMeta(deps: PacedDeps, channel: MetaChannel, ctx: SendContext): Promise<SendResult | SendLater> {
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
  // A file a person attached goes up to Meta once the message is claimed, and the message names it.
  const kept = channel === 'whatsapp' && ctx.windowOpen && !message.template ? keptFile(message) : undefined;
  if (kept && !deps.upload) return failed('MEDIA_ERROR');

  return deps.lanes.run(`${channel}:${creds.account}:${recipient}`, async () => {
    // The number's turn first, so a claim is never held while waiting for it.
    if (channel === 'whatsapp') await deps.buckets.take(creds.account);
    const claim = await repo.claimSend(message.id, channel);
    let attempts: number;
    if (claim.claimed) attempts = claim.attempts;
    else {
      const before = await earlier(deps, channel, message.id, claim.row, Boolean(ctx.confirmUnanswered)).catch((err: unknown) => {
        if (err instanceof SendPending) return { later: { reason: err.message } };
        throw err;
      });
      if (before !== 'resend') return before;
      attempts = claim.row.attempts + 1;
    }
    try {
      const body = kept ? await withUpload(deps, channel, creds, ctx, recipient, connection?.template, kept) : call.body;
      const res = await graph.post<{ messages?: { id?: string }[]; message_id?: string }>(call.path, { token: creds.token, body });
      const externalId = res.messages?.[0]?.id ?? res.message_id;
      await repo.finishSend(message.id, 'sent', { externalId });
      return { externalId, statuses: externalId ? await deps.statuses.early(channel, externalId) : [] };
    } catch (err) {
      if (err instanceof KeptFileMissing) {
        await repo.finishSend(message.id, 'failed', { errorCode: 'MEDIA_ERROR' });
        return failed('MEDIA_ERROR');
      }
      if (!(err instanceof GraphError)) throw err;
      const code = channelErrorFor(err.code, err.body.error_subcode, err.failure);
      const context = { botId: bot.id, channel, messageId: message.id, attempt: attempts, ...err.toLog() };
      if (err.failure === 'ambiguous') {
        await repo.finishSend(message.id, 'unconfirmed', { errorCode: code });
        log.warn(context, 'Meta did not confirm a send: not retried, so it is never sent twice');
        return failed(code);
      }
      if ((err.failure === 'retryable' || err.failure === 'not_sent') && attempts < SEND_ATTEMPTS) {
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
 * Sends a batch of messages (a campaign's) on a Meta channel with a few statements for all of
 * them: the credentials and connection read once per bot, every message claimed in one insert,
 * the Graph calls run side by side (each number's token bucket, each customer's lane), their
 * outcomes recorded in one update and the statuses Meta reported before its answers read in one.
 * A message Meta asked to send later, or whose claim waits, is answered as `later`.
 */
export async function sendBatchOnMeta(deps: PacedDeps, channel: MetaChannel, contexts: SendContext[]): Promise<(SendResult | SendLater)[]> {
  const { repo, connections, graph, log } = deps;
  const results: (SendResult | SendLater | undefined)[] = new Array(contexts.length);
  const byBot = new Map<string, number[]>();
  contexts.forEach((c, i) => {
    const list = byBot.get(c.bot.id);
    if (list) list.push(i);
    else byBot.set(c.bot.id, [i]);
  });
  for (const indexes of byBot.values()) {
    const bot = contexts[indexes[0]!]!.bot;
    const creds = connections.credentials(bot, channel);
    if (!creds) {
      for (const i of indexes) results[i] = failed('CHANNEL_NOT_CONNECTED');
      continue;
    }
    const connection = await repo.connection(bot.id, channel);
    if (connections.stateOf(bot, channel, connection) === 'needs_reauth') {
      for (const i of indexes) results[i] = failed('CHANNEL_NEEDS_REAUTH');
      continue;
    }
    const calls = new Map<number, { path: string; body: unknown; recipient: string }>();
    for (const i of indexes) {
      const ctx = contexts[i]!;
      const recipient = ctx.recipients[0];
      if (!recipient) {
        results[i] = failed('RECIPIENT_UNAVAILABLE');
        continue;
      }
      const call = request(channel, creds.account, ctx.message, recipient, ctx.windowOpen, connection?.template);
      if ('failed' in call) results[i] = failed(call.failed);
      else calls.set(i, { ...call, recipient });
    }
    const { claimed, prior } = await repo.claimSends([...calls.keys()].map((i) => contexts[i]!.message.id), channel);
    const attemptsOf = new Map(claimed);
    for (const i of [...calls.keys()]) {
      const ctx = contexts[i]!;
      const id = ctx.message.id;
      if (attemptsOf.has(id)) continue;
      const row = prior.get(id);
      try {
        if (!row) throw new SendPending('busy');
        const before = await earlier(deps, channel, id, row, Boolean(ctx.confirmUnanswered));
        if (before === 'resend') {
          attemptsOf.set(id, row.attempts + 1);
          continue;
        }
        results[i] = before;
      } catch (err) {
        if (!(err instanceof SendPending)) throw err;
        results[i] = { later: { reason: err.reason } };
      }
      calls.delete(i);
    }
    const finishes: Parameters<MetaRepository['finishSends']>[0] = [];
    let refusedToken: GraphError | undefined;
    let channelWide: { code: ChannelErrorCode; err: GraphError } | undefined;
    await Promise.all(
      [...calls].map(([i, call]) =>
        deps.lanes.run(`${channel}:${creds.account}:${call.recipient}`, async () => {
          const ctx = contexts[i]!;
          const id = ctx.message.id;
          const attempts = attemptsOf.get(id) ?? 1;
          if (channel === 'whatsapp') await deps.buckets.take(creds.account);
          try {
            const res = await graph.post<{ messages?: { id?: string }[]; message_id?: string }>(call.path, { token: creds.token, body: call.body });
            const externalId = res.messages?.[0]?.id ?? res.message_id;
            finishes.push({ messageId: id, state: 'sent', ...(externalId ? { externalId } : {}) });
            results[i] = { externalId };
          } catch (err) {
            const graphErr = err instanceof GraphError ? err : new GraphError('ambiguous', undefined, { message: String(err) });
            const code = channelErrorFor(graphErr.code, graphErr.body.error_subcode, graphErr.failure);
            const context = { botId: bot.id, channel, messageId: id, attempt: attempts, ...graphErr.toLog() };
            if (graphErr.failure === 'ambiguous') {
              finishes.push({ messageId: id, state: 'unconfirmed', errorCode: code });
              const wait = Boolean(ctx.confirmUnanswered) && channel === 'whatsapp';
              log.warn(context, wait ? "Meta did not confirm a send: it waits for Meta's status naming it" : 'Meta did not confirm a send: not retried, so it is never sent twice');
              results[i] = wait ? { later: { reason: 'awaiting_status' } } : failed(code);
              return;
            }
            if ((graphErr.failure === 'retryable' || graphErr.failure === 'not_sent') && attempts < SEND_ATTEMPTS) {
              finishes.push({ messageId: id, state: 'retry', errorCode: code, ...(graphErr.code !== undefined ? { metaCode: graphErr.code } : {}) });
              results[i] = { later: { reason: 'provider', ...(graphErr.code !== undefined ? { metaCode: graphErr.code } : {}) } };
              return;
            }
            finishes.push({ messageId: id, state: 'failed', errorCode: code, ...(graphErr.code !== undefined ? { metaCode: graphErr.code } : {}) });
            log.warn(context, 'Meta refused a send');
            if (graphErr.failure === 'token' || graphErr.failure === 'local') refusedToken = graphErr;
            else if (channelWideErrors.has(code)) channelWide = { code, err: graphErr };
            results[i] = failed(code, graphErr.code);
          }
        }),
      ),
    );
    await repo.finishSends(finishes);
    const sent = finishes.filter((f) => f.state === 'sent' && f.externalId).map((f) => f.externalId!);
    const early = sent.length ? await deps.statuses.earlyMany(channel, sent) : new Map();
    if (early.size) {
      for (const i of indexes) {
        const r = results[i];
        if (r && 'externalId' in r && r.externalId && early.has(r.externalId)) results[i] = { externalId: r.externalId, statuses: early.get(r.externalId) };
      }
    }
    if (refusedToken) await connections.needsReauth(bot, channel, creds, refusedToken.code, refusedToken.body.message);
    else if (channelWide) await connections.recordError(bot, channel, channelWide.code, channelWide.err.code, channelWide.err.body.message);
  }
  return results.map((r) => r ?? failed('UNKNOWN'));
}

/**
 * The senders of the Meta channels. Each message is claimed in the database before the Graph call
 * (channel_sends), so it reaches Meta at most once: an attempt whose outcome is unknown (time-out,
 * dropped connection) is never repeated and the message ends as failed with SEND_UNCONFIRMED; a
 * call whose process died during it is settled by Meta's statuses on WhatsApp (`earlier`).
 * Answers from Meta that prove nothing was sent (rate limits, 5xx, refused connections) are
 * retried by the SEND job with back-off, up to SEND_ATTEMPTS.
 */
export function metaSenders(deps: SenderDeps): Record<MetaChannel, Sender> & { whatsappBatch: BatchSender } {
  const paced: PacedDeps = { ...deps, buckets: tokenBuckets(deps.ratePerSecond), lanes: pacer(deps.recipientGapMs) };
  return {
    whatsappBatch: (contexts) => sendBatchOnMeta(paced, 'whatsapp', contexts),
    whatsapp: (ctx) => sendOnMeta(paced, 'whatsapp', ctx),
    messenger: (ctx) => sendOnMeta(paced, 'messenger', ctx),
    instagram: (ctx) => sendOnMeta(paced, 'instagram', ctx),
  };
}
