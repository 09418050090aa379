import { campaignReplyWindowHours } from '@charla/shared';
import type { AccessService } from '../access/access.module.ts';
import type { AppModule, ModuleContext } from '../app-module.ts';
import type { BotsService } from '../bots/index.ts';
import type { MessageRow } from '../conversations/index.ts';
import type { QuotaService } from '../quota/quota.module.ts';
import { CAMPAIGN_START_JOB, campaignsJobs } from './campaigns.jobs.ts';
import { campaignsRepository } from './campaigns.repository.ts';
import { campaignsRoutes } from './campaigns.routes.ts';
import { campaignsService, type CampaignsDeps } from './campaigns.service.ts';
import { campaignProgress } from './progress.ts';
import { campaignReasonOf } from './reasons.ts';
import { campaignRunner, type RunnerDeps } from './runner.ts';

export type { CampaignsService } from './campaigns.service.ts';

/**
 * Envíos masivos: campaigns of a bot sent through the conversations' one send, exactly once per
 * recipient, at the channel's pace; their recipients follow the messages' statuses and replies.
 */
export function campaignsModule(
  ctx: ModuleContext,
  deps: {
    access: AccessService;
    quota: QuotaService;
    bots: Pick<BotsService, 'find'>;
    /** The conversations module's one send. */
    send: (messageId: string) => Promise<unknown>;
    /** The conversations module's one send, for many messages at once. */
    sendMany: RunnerDeps['sendMany'];
    /** WhatsApp Cloud: refuses a template Meta has not approved (the channel's templates capability). */
    checkTemplate?: CampaignsDeps['checkTemplate'];
    /** A claim older than this is looked at again (its worker died); by default just past the time after which a Meta send claim counts as abandoned. */
    staleMs?: number;
  },
) {
  const db = ctx.database.db;
  const repo = campaignsRepository(db);
  const progress = campaignProgress({
    emit: ctx.emit,
    read: async (id) => {
      const campaign = await repo.find(id);
      return campaign && { campaign, counts: (await repo.counts([id])).get(id)! };
    },
    onError: (err) => ctx.log.error({ err }, 'campaign progress not sent'),
  });
  const runner = campaignRunner({
    db,
    repo,
    findBot: deps.bots.find,
    sendMany: deps.sendMany,
    quota: deps.quota,
    progress: progress.changed,
    log: ctx.log,
    ratePerSecond: ctx.config.WHATSAPP_RATE_PER_SECOND,
    staleMs: deps.staleMs ?? ctx.config.META_TIMEOUT_MS + 31_000,
    // PGlite answers one statement at a time on the event loop's thread: larger batches only keep
    // more Graph calls waiting behind it, towards their time-out.
    ...(ctx.database.kind === 'pglite' ? { maxBatch: 100 } : {}),
  });
  const startDue = async (campaignId: string) => {
    const moved = await repo.transition(campaignId, ['scheduled'], 'running', { startedAt: new Date() });
    const c = moved ?? (await repo.find(campaignId));
    if (c?.status === 'running') {
      progress.changed(campaignId);
      void runner.run(campaignId);
    }
  };
  const service = campaignsService({
    db,
    repo,
    access: deps.access,
    quota: deps.quota,
    send: deps.send,
    kick: (id) => {
      if (ctx.config.ROLE !== 'api') void runner.run(id);
    },
    schedule: async (id, at) => void (await ctx.jobs.send(CAMPAIGN_START_JOB, { campaignId: id }, { startAfter: at, singletonKey: id })),
    progress: progress.changed,
    ratePerSecond: ctx.config.WHATSAPP_RATE_PER_SECOND,
    ...(deps.checkTemplate ? { checkTemplate: deps.checkTemplate } : {}),
  });

  /** A campaign's message changed (a status webhook) or a customer wrote (a reply): the recipient follows. */
  async function follow(m: MessageRow): Promise<void> {
    if (m.direction === 'in') {
      // Once, when it arrives (it is told again when the turn has read it).
      if (m.status !== 'received') return;
      // Its arrival counts (a channel's own time is to the second, and may read before the send).
      for (const id of await repo.markReplied(m.conversationId, new Date(), campaignReplyWindowHours)) progress.changed(id);
      return;
    }
    if (!m.idempotencyKey?.startsWith('campaign:')) return;
    if (m.status !== 'delivered' && m.status !== 'read' && m.status !== 'failed') return;
    const failure = m.status === 'failed' ? { reason: campaignReasonOf(m.error, typeof m.errorParams?.metaCode === 'number' ? m.errorParams.metaCode : null), metaCode: typeof m.errorParams?.metaCode === 'number' ? m.errorParams.metaCode : null } : undefined;
    const moved = await repo.applyStatus(m.id, m.status, new Date(), failure);
    if (moved) progress.changed(moved.campaignId);
  }

  const module: AppModule = {
    name: 'campaigns',
    jobs: async (app) => {
      app.addHook('onClose', () => progress.stop());
      await campaignsJobs(app, ctx.config, ctx.jobs, repo, runner, startDue);
    },
    routes: async (app) => void (await app.register(campaignsRoutes, { service })),
  };
  return {
    module,
    service,
    runner,
    /** For the conversations module's listener: every stored or changed message. */
    messageChanged: (m: MessageRow) => void follow(m).catch((err) => ctx.log.error({ err, messageId: m.id }, 'campaign recipient not updated')),
    /** A contact opted out of marketing: their waiting messages are skipped, the campaigns count them. */
    async optedOut(contactId: string, at = new Date()) {
      for (const id of await repo.markOptedOut(contactId, at)) progress.changed(id);
    },
  };
}
