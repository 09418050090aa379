import { campaignFailureRate, qrPaceDefaults, type CampaignChannel, type CampaignPauseReason } from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { BotRow } from '../bots/index.ts';
import { storeOutreach, type OutreachItem, type SendManyOutcome } from '../conversations/index.ts';
import type { QuotaService } from '../quota/quota.module.ts';
import { contactVariables, renderCampaignMessage } from './campaign-message.ts';
import type { CampaignRow, CampaignsRepository, RecipientRow, SendOutcome } from './campaigns.repository.ts';
import { nextHumanSend } from './human-pace.ts';
import { campaignReasonOf, pauseFor } from './reasons.ts';

export interface RunnerDeps {
  db: Db;
  repo: CampaignsRepository;
  findBot: (botId: string) => Promise<BotRow | undefined>;
  /**
   * The conversations module's send of many stored messages at once (the one send path, batched);
   * `confirmUnanswered`: a send whose call never answered waits for the provider's status.
   */
  sendMany: (messageIds: string[], opts?: { confirmUnanswered?: boolean }) => Promise<Map<string, SendManyOutcome>>;
  quota: Pick<QuotaService, 'check'>;
  /** Tells the bot's room how a campaign stands (throttled by the caller). */
  progress: (campaignId: string) => void;
  log: FastifyBaseLogger;
  /** WhatsApp Cloud's messages a second per number (WHATSAPP_RATE_PER_SECOND). */
  ratePerSecond: number;
  /** A claim older than this belonged to a worker that died: it is looked at again. */
  staleMs: number;
  /** Recipients one lane claims at most (MAX_BATCH unless set): the embedded database, one thread, takes fewer. */
  maxBatch?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** The identity a phone has on a WhatsApp channel (the number's digits; a JID by QR). */
export const whatsappIdentity = (channel: CampaignChannel, address: string) => {
  const digits = address.replace(/\D/g, '');
  return channel === 'whatsmeow' ? `${digits}@s.whatsapp.net` : channel === 'whatsapp' ? digits : address;
};

/** The idempotency key of a recipient's message: one per recipient and try (a campaign resumed after a token refused sends a new one). */
export const recipientMessageKey = (r: Pick<RecipientRow, "id" | "attempts">) => `campaign:${r.id}:${r.attempts}`;

const LANES = 4;
/**
 * Sends one lane has under way at once: a fifth of a second of the number's rate each, so the
 * lanes together hold most of a second's worth at the top tier (1,000) while one batch is stored and
 * another finished; few enough that none waits past the Graph time-out on a busy process.
 */
const MAX_BATCH = 200;
/** A send whose claim waits for the provider's status (its call never answered) is looked at again this often. */
const AWAIT_STATUS_MS = 2_000;
const IDLE_MS = 250;
/** Messages stored by this process before the first refresh of the planner's statistics; the next ones when that count has doubled. */
const STATISTICS_FIRST = 1_000;
/** Tries of a recipient Meta keeps refusing for throughput, each a message of its own. */
const RATE_RETRIES = 8;

/**
 * Sends running campaigns: each batch of recipients is claimed in the database (a token and a
 * time) before any network call, stored as outbound messages of their conversations (one key per
 * recipient, so a batch claimed again stores nothing twice), paced, handed to the one send path
 * (which claims each message with the channel before its call, so a message that may have reached
 * the provider is never sent again) and finished in one statement with the provider's ids.
 */
export function campaignRunner(deps: RunnerDeps) {
  const { repo, log } = deps;
  const now = () => deps.now?.() ?? new Date();
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const running = new Map<string, Promise<void>>();
  let stopping = false;
  let stored = 0;
  let statisticsAt = STATISTICS_FIRST;
  let refreshing: Promise<void> | null = null;

  /**
   * After the first thousand messages stored, then each time that count has doubled, one refresh
   * of the statistics (never two at once; a failure is only logged): the planner never reads a
   * table as less than half its size, and a long campaign pays a few refreshes, not one per batch.
   */
  function counted(n: number) {
    stored += n;
    if (stored < statisticsAt || refreshing) return;
    statisticsAt = stored * 2;
    refreshing = repo
      .refreshStatistics()
      .catch((err: unknown) => log.warn({ err }, 'refreshing the statistics of the campaign tables failed'))
      .finally(() => (refreshing = null));
  }

  async function pause(campaign: CampaignRow, reason: CampaignPauseReason) {
    const row = await repo.setPause(campaign.id, reason);
    if (row) log.warn({ campaignId: campaign.id, botId: campaign.botId, reason }, 'campaign paused by itself');
  }

  /** Messages of claimed recipients, stored once (a recipient already linked keeps its message). */
  async function store(campaign: CampaignRow, bot: BotRow, claimed: RecipientRow[]): Promise<Map<string, string>> {
    const messageOf = new Map<string, string>();
    const items: OutreachItem[] = [];
    for (const r of claimed) {
      if (r.messageId) {
        messageOf.set(r.id, r.messageId);
        continue;
      }
      const variables = { ...contactVariables({ name: r.name, phone: r.phone }), ...r.variables };
      const rendered = renderCampaignMessage(campaign.message, variables, bot);
      items.push({
        key: recipientMessageKey(r),
        identity: whatsappIdentity(campaign.channel, r.address),
        contactId: r.contactId,
        phone: r.phone,
        name: r.name,
        ...rendered,
      });
    }
    if (items.length) {
      const stored = await storeOutreach(deps.db, { botId: bot.id, channel: campaign.channel, items, accountId: campaign.accountId, at: now() });
      counted(items.length);
      const links: { id: string; messageId: string; contactId: string }[] = [];
      for (const r of claimed) {
        const s = stored.get(recipientMessageKey(r));
        if (!s || r.messageId) continue;
        messageOf.set(r.id, s.messageId);
        links.push({ id: r.id, messageId: s.messageId, contactId: s.contactId });
      }
      await repo.linkMessages(links);
    }
    return messageOf;
  }

  /**
   * Books the batch's place in the number's rate (a bucket in the database, shared by every
   * process; a little under the rate: a second of sends never passes what Meta allows) and answers when its sends may go. Booked before the batch is
   * stored, so storing overlaps the wait and the number's next place is booked while this lane
   * still works: the rate is used whole, not only while a lane waits.
   */
  async function bookCloud(campaign: CampaignRow, n: number): Promise<number> {
    const wait = await repo.takeTokens(`whatsapp:${campaign.botId}`, n, deps.ratePerSecond * 0.95, now());
    return now().getTime() + wait;
  }

  /**
   * Sends one batch through the one send path, batched (a few statements for the whole batch);
   * answers each recipient's outcome.
   */
  async function sendBatch(campaign: CampaignRow, claimed: RecipientRow[], messageOf: Map<string, string>): Promise<SendOutcome[]> {
    const ids = claimed.map((r) => messageOf.get(r.id)).filter((id): id is string => Boolean(id));
    // WhatsApp Cloud: a send whose call never answered (a process killed during it) is settled by
    // Meta's status naming it, never by a second message that might be a duplicate.
    const outcomes = await deps.sendMany(ids, { confirmUnanswered: campaign.channel === 'whatsapp' });
    const at = now();
    let slowed = false;
    const result: SendOutcome[] = [];
    for (const r of claimed) {
      const m = outcomes.get(messageOf.get(r.id) ?? '');
      if (!m) {
        result.push({ id: r.id, status: 'failed', reason: 'PROVIDER_ERROR', metaCode: null, at });
        continue;
      }
      if (m.status === 'later') {
        if (m.metaCode === 130429) {
          // The number's throughput: slow the whole number down, and this person later.
          if (!slowed) await repo.slowDown(`whatsapp:${campaign.botId}`, new Date(at.getTime() + 5_000));
          slowed = true;
          result.push({ id: r.id, status: 'retry', notBefore: new Date(at.getTime() + 2_000 * 2 ** Math.min(r.attempts, 5)) });
        } else if (m.metaCode === 131056) {
          // Too many messages to this one person: only they wait.
          result.push({ id: r.id, status: 'retry', notBefore: new Date(at.getTime() + 10_000 * (r.attempts + 1)) });
        } else if (m.reason === 'awaiting_status' || m.reason === 'busy') {
          result.push({ id: r.id, status: 'retry', notBefore: new Date(at.getTime() + AWAIT_STATUS_MS) });
        } else {
          log.info({ campaignId: campaign.id, recipientId: r.id, reason: m.reason }, 'campaign send to be tried again');
          result.push({ id: r.id, status: 'retry', notBefore: new Date(at.getTime() + 5_000) });
        }
        continue;
      }
      if (m.status === 'failed' || (m.status === 'done' && m.messageStatus === 'failed')) {
        const failure = { error: m.error, metaCode: m.metaCode };
        const reason = campaignReasonOf(failure.error, failure.metaCode);
        // Meta refused it for throughput every time the channel tried: nothing went out, so it waits again with a new message.
        if ((reason === 'RATE_LIMITED' || reason === 'PAIR_RATE_LIMITED') && r.attempts < RATE_RETRIES) {
          result.push({ id: r.id, status: 'retry', notBefore: new Date(at.getTime() + 2_000 * (r.attempts + 1)), fresh: true });
          continue;
        }
        const skipped = reason === 'OUTSIDE_WINDOW' && (campaign.channel === 'messenger' || campaign.channel === 'instagram');
        result.push({ id: r.id, status: skipped ? 'skipped' : 'failed', reason, metaCode: failure.metaCode, at });
        continue;
      }
      if (m.status === 'done' && m.messageStatus === 'queued') {
        result.push({ id: r.id, status: 'retry', notBefore: new Date(at.getTime() + 5_000) });
        continue;
      }
      result.push({ id: r.id, status: 'sent', externalId: m.externalId, at: m.at ?? at });
    }
    return result;
  }

  /** One batch: claim, store, pace, send, finish. Answers how many were claimed. */
  async function step(campaign: CampaignRow, bot: BotRow, lane: number): Promise<number> {
    const t = now();
    // Claims of a worker that died come back first (lane 0 only: one look is enough).
    let claimed = lane === 0 ? await repo.reclaimStale(campaign.id, new Date(t.getTime() - deps.staleMs), t, MAX_BATCH) : [];
    const human = campaign.channel === 'whatsmeow';
    if (!claimed.length) {
      if (human) {
        if (lane !== 0) return 0;
        const key = `whatsmeow:${campaign.botId}`;
        const seen = await repo.humanPace(key);
        const slot = nextHumanSend(t, seen, { ...qrPaceDefaults, timezone: bot.timezone, hours: bot.scheduling[0]?.hours ?? null }, deps.random);
        if (slot.sendAt.getTime() > t.getTime()) {
          await repo.setNextSendAt(campaign.id, slot.sendAt);
          deps.progress(campaign.id);
          await sleep(Math.min(slot.sendAt.getTime() - t.getTime(), 5_000));
          return 0;
        }
        claimed = await repo.claim(campaign.id, 1, t);
        if (!claimed.length) return 0;
        if (!(await repo.bookHumanSend(key, seen, slot.next))) {
          // Another process took the number's turn: give the claim back.
          await repo.finish(claimed.map((r) => ({ id: r.id, status: 'retry' as const, notBefore: t })));
          return 0;
        }
        await repo.setNextSendAt(campaign.id, slot.next.nextAt);
      } else {
        const size = Math.max(1, Math.min(deps.maxBatch ?? MAX_BATCH, Math.ceil(deps.ratePerSecond / LANES)));
        claimed = await repo.claim(campaign.id, size, t);
      }
    }
    if (!claimed.length) return 0;
    const quota = await deps.quota.check(campaign.accountId, 'messages', { adding: claimed.filter((r) => !r.messageId).length });
    if (!quota.ok) {
      await repo.finish(claimed.map((r) => ({ id: r.id, status: 'retry' as const, notBefore: t })));
      await pause(campaign, 'quota');
      return 0;
    }
    const goAt = campaign.channel === 'whatsapp' ? await bookCloud(campaign, claimed.length) : 0;
    const messageOf = await store(campaign, bot, claimed);
    const wait = goAt - now().getTime();
    if (wait > 0) await sleep(wait);
    const outcomes = await sendBatch(campaign, claimed, messageOf);
    await repo.finish(outcomes);
    for (const o of outcomes) {
      const reason = o.status === 'failed' ? pauseFor(o.reason) : null;
      if (reason) {
        await pause(campaign, reason);
        break;
      }
    }
    if (outcomes.some((o) => o.status === 'failed')) {
      const { done, failed } = await repo.outcomes(campaign.id);
      if (done >= campaignFailureRate.minSends && failed / done > campaignFailureRate.threshold) await pause(campaign, 'failure_rate');
    }
    deps.progress(campaign.id);
    return claimed.length;
  }

  /** Runs one lane of a campaign until it is no longer running or has nothing left. */
  async function lane(campaignId: string, n: number): Promise<void> {
    while (!stopping) {
      const campaign = await repo.find(campaignId);
      if (!campaign || campaign.status !== 'running') return;
      const bot = await deps.findBot(campaign.botId);
      if (!bot) return;
      const sent = await step(campaign, bot, n);
      if (sent > 0) continue;
      const pending = await repo.pending(campaignId);
      if (!pending.queued && !pending.sending) {
        if (n === 0 && (await repo.transition(campaignId, ['running'], 'completed', { finishedAt: now(), nextSendAt: null }))) deps.progress(campaignId);
        return;
      }
      // Nothing due now: recipients waiting for a retry, or claims of another worker.
      const wait = pending.nextAt ? Math.max(0, pending.nextAt.getTime() - now().getTime()) : IDLE_MS;
      await sleep(Math.min(Math.max(wait, 20), pending.sending && !pending.queued ? Math.min(deps.staleMs, 1_000) : 1_000));
    }
  }

  return {
    /** Runs a campaign in this process unless it already is; answers when it stops. */
    run(campaignId: string): Promise<void> {
      const existing = running.get(campaignId);
      if (existing) return existing;
      const lanes = Array.from({ length: LANES }, (_, i) => lane(campaignId, i));
      const done = Promise.all(lanes)
        .then(() => undefined)
        .catch((err: unknown) => log.error({ err, campaignId }, 'campaign run failed'))
        .finally(() => running.delete(campaignId));
      running.set(campaignId, done);
      return done;
    },
    get active() {
      return [...running.keys()];
    },
    async stop() {
      stopping = true;
      await Promise.all(running.values());
      await refreshing;
    },
  };
}

export type CampaignRunner = ReturnType<typeof campaignRunner>;
