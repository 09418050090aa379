import { randomUUID } from 'node:crypto';
import {
  campaignLimits,
  checkPhone,
  crmAudienceVariables,
  estimateCampaignSeconds,
  qrPaceDefaults,
  type AudiencePreviewResponse,
  type Campaign,
  type CampaignAction,
  type CampaignAudience,
  type CampaignChannel,
  type CampaignCounts,
  type CampaignCreateBody,
  type CampaignPace,
  type CampaignReason,
  type CampaignRecipient,
  type CampaignRecipientsPage,
  type CampaignTestResponse,
  type Locale,
  type RecipientFilter,
} from '@charla/shared';
import { AppError, InvalidFields } from '../../lib/errors.ts';
import type { Db } from '../../db/client.ts';
import type { AccessService, Actor } from '../access/access.module.ts';
import type { AccessedBot } from '../access/access.module.ts';
import { outreachOutcomes, storeOutreach } from '../conversations/index.ts';
import type { QuotaService } from '../quota/quota.module.ts';
import { crmRecipients, csvRecipients, invalidForPreview, readAudienceCsv, type BuiltAudience } from './audience.ts';
import { contactVariables, renderCampaignMessage } from './campaign-message.ts';
import type { CampaignRow, CampaignsRepository, RecipientRow } from './campaigns.repository.ts';
import { campaignReasonOf } from './reasons.ts';
import { whatsappIdentity } from './runner.ts';

const UPLOAD_TTL_MS = 24 * 3_600_000;
const SAMPLE = campaignLimits.sample;

export interface CampaignsDeps {
  db: Db;
  repo: CampaignsRepository;
  access: AccessService;
  quota: Pick<QuotaService, 'requireFeature' | 'require'>;
  /** The conversations module's one send. */
  send: (messageId: string) => Promise<unknown>;
  /** Starts sending a running campaign in this process (the worker also finds it by itself). */
  kick: (campaignId: string) => void;
  /** Queues the start of a scheduled campaign at its time. */
  schedule: (campaignId: string, at: Date) => Promise<void>;
  progress: (campaignId: string) => void;
  ratePerSecond: number;
  /**
   * WhatsApp Cloud: refuses a template Meta does not have approved in that language
   * (TEMPLATE_NOT_FOUND, TEMPLATE_NOT_APPROVED), from the number's templates as Meta lists them.
   */
  checkTemplate?: (bot: AccessedBot, template: { name: string; language: string }) => Promise<void>;
  now?: () => Date;
}

/** Why a campaign paused itself, and the failures whose recipients wait again when it resumes. */
const resumable: CampaignReason[] = ['TOKEN_INVALID', 'CHANNEL_NOT_CONNECTED', 'QUOTA_REACHED'];

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function campaignsService(deps: CampaignsDeps) {
  const { repo, access } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** The bot, if the caller may run its campaigns (another account's is not found) and the plan has the mass sender. */
  async function botFor(actor: Actor, botId: string, write: boolean): Promise<AccessedBot> {
    const bot = write ? await access.requireWrite(actor, botId, 'campaigns', { hidden: true }) : await access.requireRead(actor, botId, 'campaigns', { hidden: true });
    await deps.quota.requireFeature(bot.userId, 'massSender');
    return bot;
  }

  async function campaignFor(actor: Actor, id: string, write: boolean): Promise<{ campaign: CampaignRow; bot: AccessedBot }> {
    const campaign = await repo.find(id);
    if (!campaign) throw new AppError('NOT_FOUND');
    const bot = await botFor(actor, campaign.botId, write);
    return { campaign, bot };
  }

  function paceOf(channel: CampaignChannel, bot: Pick<AccessedBot, 'scheduling'>): CampaignPace {
    if (channel === 'whatsmeow') return { kind: 'human', ...qrPaceDefaults, businessHoursOnly: Boolean(bot.scheduling[0]) };
    return { kind: 'rate', perSecond: channel === 'whatsapp' ? deps.ratePerSecond : 10 };
  }

  function view(c: CampaignRow, counts: CampaignCounts, bot: Pick<AccessedBot, 'scheduling'>): Campaign {
    return {
      id: c.id,
      botId: c.botId,
      name: c.name,
      channel: c.channel,
      status: c.status,
      pauseReason: c.pauseReason,
      audience: c.audience,
      message: c.message,
      scheduledAt: iso(c.scheduledAt),
      startedAt: iso(c.startedAt),
      finishedAt: iso(c.finishedAt),
      nextSendAt: iso(c.nextSendAt),
      counts,
      pace: paceOf(c.channel, bot),
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    };
  }

  async function viewOne(c: CampaignRow, bot: Pick<AccessedBot, 'scheduling'>): Promise<Campaign> {
    return view(c, (await repo.counts([c.id])).get(c.id)!, bot);
  }

  /** The recipients an audience holds now (an upload must be the bot's and not expired). */
  async function build(botId: string, channel: CampaignChannel, audience: CampaignAudience): Promise<BuiltAudience & { variables: string[]; fileName: string | null; rows: number; uploadId: string | null }> {
    if (audience.kind === 'crm') {
      // A stage of another bot's pipeline is a mistake to say, not an audience of nobody.
      const unknown = audience.filters.stageIds?.length ? await repo.unknownStages(botId, audience.filters.stageIds) : [];
      if (unknown.length) throw new InvalidFields([{ code: 'custom', path: ['audience', 'filters', 'stageIds'], message: 'stage_unknown', input: unknown[0] }]);
      const contacts = await repo.crmAudience(botId, channel, audience.filters, campaignLimits.csvRows);
      return { ...crmRecipients(contacts, channel, now()), variables: [...crmAudienceVariables], fileName: null, rows: contacts.length, uploadId: null };
    }
    const upload = await repo.findUpload(audience.uploadId, botId, now());
    if (!upload) throw new AppError('AUDIENCE_EXPIRED');
    if (channel === 'messenger' || channel === 'instagram') throw new InvalidFields([{ code: 'custom', path: ['channel'], message: 'message_channel', input: channel }]);
    const built = csvRecipients(upload.rows, [], await repo.optedOutDigits(botId));
    return { ...built, variables: upload.columns, fileName: upload.fileName, rows: upload.rows.length, uploadId: upload.id };
  }

  function previewOf(built: BuiltAudience & { variables: string[]; uploadId: string | null }, channel: CampaignChannel, bot: AccessedBot, locale: Locale): AudiencePreviewResponse {
    const pace = paceOf(channel, bot);
    const sending = built.recipients.filter((r) => !r.skip).length;
    return {
      total: built.total,
      recipients: sending,
      invalidCount: built.invalid.length,
      invalid: invalidForPreview(built.invalid, locale),
      duplicates: built.duplicates,
      optedOut: built.optedOut,
      outsideWindow: built.outsideWindow,
      variables: built.variables,
      sample: built.recipients.slice(0, SAMPLE).map((r) => ({ phone: r.phone, name: r.name, variables: { ...contactVariables(r), ...r.variables } })),
      uploadId: built.uploadId,
      pace,
      estimatedSeconds: estimateCampaignSeconds(sending, pace),
    };
  }

  /** On WhatsApp Cloud a campaign sends an approved template only. */
  async function approvedTemplate(bot: AccessedBot, channel: CampaignChannel, message: CampaignRow['message']) {
    if (channel === 'whatsapp' && message.kind === 'template' && deps.checkTemplate) await deps.checkTemplate(bot, { name: message.name, language: message.language });
  }

  const recipientView = (r: RecipientRow): CampaignRecipient => ({
    id: r.id,
    phone: r.phone,
    name: r.name,
    contactId: r.contactId,
    status: r.status,
    reason: r.reason,
    metaCode: r.metaCode,
    variables: r.variables,
    sentAt: iso(r.sentAt),
    deliveredAt: iso(r.deliveredAt),
    readAt: iso(r.readAt),
    failedAt: iso(r.failedAt),
    repliedAt: iso(r.repliedAt),
    optedOutAt: iso(r.optedOutAt),
  });

  return {
    /** Checks the caller before a file is read. */
    assertWritable: (actor: Actor, botId: string) => botFor(actor, botId, true),

    /** A CSV's recipients: kept a day as an upload the campaign names, and counted. */
    async previewCsv(actor: Actor, input: { botId: string; channel: CampaignChannel; phoneColumn?: string; fileName: string; bytes: Buffer }, locale: Locale): Promise<AudiencePreviewResponse> {
      const bot = await botFor(actor, input.botId, true);
      if (input.channel === 'messenger' || input.channel === 'instagram') throw new InvalidFields([{ code: 'custom', path: ['channel'], message: 'message_channel', input: input.channel }]);
      const csv = readAudienceCsv(input.bytes, input.phoneColumn);
      const upload = await repo.saveUpload({
        botId: bot.id,
        fileName: input.fileName.slice(0, 200) || 'audiencia.csv',
        columns: csv.columns,
        rows: csv.rows,
        expiresAt: new Date(now().getTime() + UPLOAD_TTL_MS),
      });
      const built = csvRecipients(csv.rows, csv.invalid, await repo.optedOutDigits(bot.id));
      return previewOf({ ...built, variables: csv.columns, uploadId: upload.id }, input.channel, bot, locale);
    },

    async preview(actor: Actor, input: { botId: string; channel: CampaignChannel; audience: CampaignAudience }, locale: Locale): Promise<AudiencePreviewResponse> {
      const bot = await botFor(actor, input.botId, false);
      return previewOf(await build(bot.id, input.channel, input.audience), input.channel, bot, locale);
    },

    async create(actor: Actor, body: CampaignCreateBody): Promise<Campaign> {
      const bot = await botFor(actor, body.botId, true);
      const at = now();
      const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : null;
      if (scheduledAt && (scheduledAt.getTime() <= at.getTime() || scheduledAt.getTime() > at.getTime() + campaignLimits.scheduleDays * 86_400_000)) {
        throw new InvalidFields([{ code: 'custom', path: ['scheduledAt'], message: 'schedule_future', input: body.scheduledAt }]);
      }
      const built = await build(bot.id, body.channel, body.audience);
      if (!built.recipients.some((r) => !r.skip)) throw new AppError('AUDIENCE_EMPTY');
      await approvedTemplate(bot, body.channel, body.message);
      const campaign = await repo.create(
        {
          botId: bot.id,
          accountId: bot.userId,
          createdBy: actor.id,
          name: body.name,
          channel: body.channel,
          status: scheduledAt ? 'scheduled' : 'draft',
          audience: body.audience.kind === 'crm' ? { kind: 'crm', filters: body.audience.filters } : { kind: 'csv', fileName: built.fileName ?? '', rows: built.rows },
          message: body.message,
          scheduledAt,
        },
        built.recipients,
      );
      if (scheduledAt) await deps.schedule(campaign.id, scheduledAt);
      return viewOne(campaign, bot);
    },

    async list(actor: Actor, botId: string): Promise<Campaign[]> {
      const bot = await botFor(actor, botId, false);
      const rows = await repo.listByBot(bot.id);
      const counts = await repo.counts(rows.map((r) => r.id));
      return rows.map((r) => view(r, counts.get(r.id)!, bot));
    },

    async get(actor: Actor, id: string): Promise<Campaign> {
      const { campaign, bot } = await campaignFor(actor, id, false);
      return viewOne(campaign, bot);
    },

    async recipients(actor: Actor, id: string, q: { status?: RecipientFilter; cursor?: string; limit: number }): Promise<CampaignRecipientsPage> {
      const { campaign } = await campaignFor(actor, id, false);
      const after = q.cursor === undefined ? -1 : Number(q.cursor);
      if (!Number.isInteger(after) || after < -1) throw new InvalidFields([{ code: 'custom', path: ['cursor'], message: 'cursor', input: q.cursor }]);
      const rows = await repo.recipients(campaign.id, q.status, after, q.limit + 1);
      const page = rows.slice(0, q.limit);
      return { items: page.map(recipientView), nextCursor: rows.length > q.limit ? String(page[page.length - 1]!.position) : null };
    },

    async act(actor: Actor, id: string, action: CampaignAction): Promise<Campaign> {
      const { campaign, bot } = await campaignFor(actor, id, true);
      const at = now();
      let moved: CampaignRow | undefined;
      // Meta may have paused, disabled or rejected the template since the campaign was made.
      if (action === 'start' || action === 'resume') await approvedTemplate(bot, campaign.channel, campaign.message);
      if (action === 'start') moved = await repo.transition(id, ['draft', 'scheduled'], 'running', { startedAt: at, pauseReason: null });
      else if (action === 'pause') moved = await repo.transition(id, ['running', 'scheduled'], 'paused', { pauseReason: 'owner' });
      else if (action === 'resume') {
        await repo.requeue(id, resumable);
        moved = await repo.transition(id, ['paused'], 'running', { pauseReason: null, startedAt: campaign.startedAt ?? at });
      } else {
        moved = await repo.transition(id, ['draft', 'scheduled', 'running', 'paused'], 'cancelled', { finishedAt: at, nextSendAt: null });
        if (moved) await repo.skipWaiting(id, 'CANCELLED');
      }
      if (!moved) throw new AppError('CAMPAIGN_STATE_CONFLICT');
      if (moved.status === 'running') deps.kick(id);
      deps.progress(id);
      return viewOne(moved, bot);
    },

    /** The message once to the owner's phone, with the first recipient's values, through the one send path. */
    async test(actor: Actor, id: string, phone: string): Promise<CampaignTestResponse> {
      const { campaign, bot } = await campaignFor(actor, id, true);
      const checked = checkPhone(phone);
      if (!checked.ok) throw new InvalidFields([{ code: 'custom', path: ['phone'], message: checked.problem, input: phone }]);
      await deps.quota.require(bot.userId, 'messages');
      const first = await repo.firstRecipient(campaign.id);
      const variables = { ...contactVariables({ name: first?.name ?? '', phone: checked.e164 }), ...(first?.variables ?? {}) };
      const rendered = renderCampaignMessage(campaign.message, variables, bot);
      const key = `campaign-test:${campaign.id}:${randomUUID()}`;
      const stored = await storeOutreach(deps.db, {
        botId: bot.id,
        channel: campaign.channel,
        accountId: bot.userId,
        at: now(),
        items: [{ key, identity: whatsappIdentity(campaign.channel, checked.e164), contactId: null, phone: checked.e164, name: '', ...rendered }],
      });
      const messageId = stored.get(key)!.messageId;
      try {
        await deps.send(messageId);
      } catch {
        // Meta asked to send later: the send job is not used for a test; it is reported as failed.
      }
      const outcome = (await outreachOutcomes(deps.db, [messageId])).get(messageId);
      const sent = outcome && ['sent', 'delivered', 'read'].includes(outcome.status);
      if (!sent) return { status: 'failed', reason: campaignReasonOf(outcome?.error ?? null, outcome?.metaCode ?? null), metaCode: outcome?.metaCode ?? null, preview: rendered.text };
      return { status: 'sent', reason: null, metaCode: null, preview: rendered.text };
    },
  };
}

export type CampaignsService = ReturnType<typeof campaignsService>;
