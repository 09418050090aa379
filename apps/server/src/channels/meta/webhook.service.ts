import { channelNotice, rooms, type MetaChannel } from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { BotRow } from '../../modules/bots/bots.repository.ts';
import type { Inbound } from '../../modules/conversations/conversations.repository.ts';
import { toConversationMessage } from '../../modules/conversations/pipeline.ts';
import type { Connections, Emit } from './connections.ts';
import { channelErrorFor, channelWideErrors } from './meta-errors.ts';
import type { MetaEvent } from './meta-events.ts';
import type { MetaRepository } from './meta.repository.ts';
import { metaEvents } from './webhook-payload.ts';

export interface WebhookDeps {
  repo: MetaRepository;
  connections: Connections;
  /** The pipeline's receive: one durable, idempotent insert per message. */
  receive: (m: Inbound) => Promise<unknown>;
  emit: Emit;
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
export function webhookService(deps: WebhookDeps) {
  const { repo, log } = deps;

  return {
    async handle(payload: unknown): Promise<WebhookSummary> {
      const { object, events } = metaEvents(payload);
      const summary: WebhookSummary = { object, stored: 0, duplicates: 0, replays: 0, statuses: 0, ignored: 0, unknownAccounts: 0 };
      const bots = new Map<string, Promise<BotRow | undefined>>();
      const botFor = (channel: MetaChannel, account: string) => {
        const key = `${channel}:${account}`;
        if (!bots.has(key)) bots.set(key, account ? repo.botByAccount(channel, account) : Promise.resolve(undefined));
        return bots.get(key)!;
      };
      const emitRow = (bot: BotRow, channel: MetaChannel, row: Parameters<typeof toConversationMessage>[0]) =>
        deps.emit(rooms.bot(bot.id), 'conversationMessage', { botId: bot.id, channel, message: toConversationMessage(row) });

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
        await apply(bot, event);
      }
      return summary;

      async function apply(bot: BotRow, event: Exclude<MetaEvent, { kind: 'ignored' }>) {
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
          for (const row of await repo.advanceUntil(bot.id, event.channel, event.recipient, event.status, event.until)) emitRow(bot, event.channel, row);
          return;
        }
        const code = event.error ? channelErrorFor(event.error.code) : undefined;
        const error = code
          ? { notice: channelNotice(code, event.error?.code), metaCode: event.error?.code, detail: event.error?.detail ?? event.error?.title }
          : null;
        const row = await repo.applyStatus(event.channel, event.externalId, event.status, event.at, error);
        if (row) emitRow(bot, event.channel, row);
        if (code && channelWideErrors.has(code)) await deps.connections.recordError(bot, event.channel, code, event.error?.code, error?.detail);
      }
    },
  };
}

export type WebhookService = ReturnType<typeof webhookService>;
