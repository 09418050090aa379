import { channelNotice, type MetaChannel } from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { BotRow } from '../../modules/bots/index.ts';
import type { ChannelMessages, ReceiveInbound } from '../../modules/conversations/ports.ts';
import type { Connections } from './connections.ts';
import type { DeliveryStatuses } from './delivery-statuses.ts';
import { channelErrorFor, channelWideErrors } from './meta-errors.ts';
import type { MetaEvent } from './meta-events.ts';
import type { MetaRepository } from './meta.repository.ts';
import { metaEvents } from './webhook-payload.ts';

export interface WebhookDeps {
  repo: MetaRepository;
  connections: Connections;
  /** The conversations module's receive: one durable, idempotent insert per message. */
  receive: ReceiveInbound;
  messages: ChannelMessages;
  statuses: DeliveryStatuses;
  log: FastifyBaseLogger;
  /** Messages older than this are stored but not answered. */
  replayMaxAgeMs: number;
}

export interface WebhookSummary {
  object: string;
  stored: number;
  duplicates: number;
  replays: number;
  statuses: number;
  ignored: number;
  unknownAccounts: number;
}

/** Applies one verified webhook delivery: every message stored, every status applied, the rest ignored. */
export async function handleDelivery(deps: WebhookDeps, payload: unknown): Promise<WebhookSummary> {
  const { repo, log } = deps;
  const { object, events } = metaEvents(payload);
  const summary: WebhookSummary = { object, stored: 0, duplicates: 0, replays: 0, statuses: 0, ignored: 0, unknownAccounts: 0 };
  const bots = new Map<string, Promise<BotRow | undefined>>();
  const botFor = (channel: MetaChannel, account: string) => {
    const key = `${channel}:${account}`;
    if (!bots.has(key)) bots.set(key, account ? repo.botByAccount(channel, account) : Promise.resolve(undefined));
    return bots.get(key)!;
  };
  // One at a time, in the order Meta wrote them: a customer's messages keep their order.
  for (const event of events) {
    if (event.kind === 'ignored') {
      summary.ignored++;
      log.debug({ channel: event.channel, what: event.what }, 'webhook event ignored');
      continue;
    }
    const bot = await botFor(event.channel, event.account);
    if (!bot) {
      summary.unknownAccounts++;
      log.info({ channel: event.channel, account: event.account, kind: event.kind }, 'webhook for an account no bot has: dropped');
      continue;
    }
    await applyEvent(deps, summary, bot, event);
  }
  return summary;
}

/** One event of a delivery: a customer's message handed to the conversations module's `receive`, or a status applied. */
async function applyEvent(deps: WebhookDeps, summary: WebhookSummary, bot: BotRow, event: Exclude<MetaEvent, { kind: 'ignored' }>) {
  if (event.kind === 'message') {
    const answer = Date.now() - event.message.at.getTime() <= deps.replayMaxAgeMs;
    const result = await deps.receive({ ...event.message, botId: bot.id, channel: event.channel, answer });
    if (result === 'duplicate') summary.duplicates++;
    else summary.stored++;
    if (!answer && result !== 'duplicate') summary.replays++;
    return;
  }
  summary.statuses++;
  if (event.kind === 'watermark') {
    await deps.messages.advanceUntil(bot.id, event.channel, event.recipient, event.status, event.until);
    return;
  }
  const code = event.error ? channelErrorFor(event.error.code) : undefined;
  const error = code
    ? { notice: channelNotice(code, event.error?.code), metaCode: event.error?.code, detail: event.error?.detail ?? event.error?.title }
    : null;
  await deps.statuses.apply(event.channel, event.externalId, event.status, event.at, error, event.callbackData);
  if (code && channelWideErrors.has(code)) await deps.connections.recordError(bot, event.channel, code, event.error?.code, error?.detail);
}

/** `handleDelivery` with its dependencies, for the webhook route. */
export function webhookService(deps: WebhookDeps) {
  return {
    handle: (payload: unknown) => handleDelivery(deps, payload),
  };
}

export type WebhookService = ReturnType<typeof webhookService>;
