import { channelNotice, storableDeep, type MetaChannel } from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { BotRow } from '../../modules/bots/index.ts';
import type { ChannelMessages, ReceiveInbound } from '../../modules/conversations/ports.ts';
import type { Connections } from './connections.ts';
import type { DeliveryStatuses } from './delivery-statuses.ts';
import { channelErrorFor, channelWideErrors } from './meta-errors.ts';
import type { MetaEvent } from './meta-events.ts';
import type { MetaRepository } from './meta.repository.ts';
import type { ApplyOutcome, InboxRow } from './webhook-inbox.ts';
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
  /** Customers applied side by side (16; 4 on the embedded database, whose one thread runs their statements one at a time anyway). */
  lanes?: number;
}

export interface WebhookSummary {
  stored: number;
  duplicates: number;
  replays: number;
  statuses: number;
  ignored: number;
  unknownAccounts: number;
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

/** Customers whose events are applied side by side by default; each customer's own events stay in order. */
const LANES = 16;

type Applicable = Exclude<MetaEvent, { kind: 'ignored' }>;

/** The customer an event belongs to (its order matters within it), or the sent message a status is about. */
function laneOf(event: Applicable): string {
  if (event.kind === 'message') return `${event.channel}:${event.account}:${event.message.contactExternalId}`;
  if (event.kind === 'watermark') return `${event.channel}:${event.account}:${event.recipient}`;
  return `${event.channel}:status:${event.externalId}`;
}

/**
 * Applies rows of the webhook inbox, oldest first: their events are split into lanes, one per
 * customer (a status: per sent message), run side by side, each in order. An event that fails
 * fails its row, and the rest of its lane waits (deferred) so a customer's messages keep their order.
 */
export async function applyDeliveries(deps: WebhookDeps, rows: InboxRow[]): Promise<ApplyOutcome & { summary: WebhookSummary }> {
  const { repo, log } = deps;
  const summary: WebhookSummary = { stored: 0, duplicates: 0, replays: 0, statuses: 0, ignored: 0, unknownAccounts: 0 };
  const failed = new Map<number, string>();
  const deferred = new Set<number>();
  const bots = new Map<string, Promise<BotRow | undefined>>();
  const botFor = (channel: MetaChannel, account: string) => {
    const key = `${channel}:${account}`;
    if (!bots.has(key)) bots.set(key, account ? repo.botByAccount(channel, account) : Promise.resolve(undefined));
    return bots.get(key)!;
  };
  const lanes = new Map<string, { row: number; event: Applicable }[]>();
  for (const row of rows) {
    let events: MetaEvent[];
    try {
      // Signed by Meta, so never refused: text PostgreSQL cannot store is removed from every string.
      events = metaEvents(storableDeep(JSON.parse(row.body))).events;
    } catch (err) {
      failed.set(row.id, `unreadable delivery: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    for (const event of events) {
      if (event.kind === 'ignored') {
        summary.ignored++;
        continue;
      }
      const key = laneOf(event);
      const lane = lanes.get(key) ?? [];
      lane.push({ row: row.id, event });
      lanes.set(key, lane);
    }
  }
  const queue = [...lanes.values()];
  const runLane = async (lane: { row: number; event: Applicable }[]) => {
    for (let i = 0; i < lane.length; i++) {
      const { row, event } = lane[i]!;
      try {
        const bot = await botFor(event.channel, event.account);
        if (!bot) {
          summary.unknownAccounts++;
          log.info({ channel: event.channel, account: event.account, kind: event.kind }, 'webhook for an account no bot has: dropped');
          continue;
        }
        await applyEvent(deps, summary, bot, event);
      } catch (err) {
        failed.set(row, err instanceof Error ? err.message : String(err));
        for (const rest of lane.slice(i + 1)) if (rest.row !== row) deferred.add(rest.row);
        return;
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(deps.lanes ?? LANES, queue.length) }, async () => {
      for (let lane = queue.shift(); lane; lane = queue.shift()) await runLane(lane);
    }),
  );
  for (const id of failed.keys()) deferred.delete(id);
  return { failed, deferred, summary };
}

/** `applyDeliveries` with its dependencies, for the webhook inbox. */
export function webhookService(deps: WebhookDeps) {
  return {
    async apply(rows: InboxRow[]): Promise<ApplyOutcome> {
      const { summary, ...outcome } = await applyDeliveries(deps, rows);
      deps.log.info({ ...summary, deliveries: rows.length }, 'Meta webhook deliveries applied');
      return outcome;
    },
  };
}

export type WebhookService = ReturnType<typeof webhookService>;
