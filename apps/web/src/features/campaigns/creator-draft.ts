import type {
  AudiencePreviewBody,
  CampaignAudience,
  CampaignChannel,
  CampaignCreateInput,
  CampaignCrmFilters,
  CampaignMessageInput,
  ContactChannel,
  WhatsappTemplateOption,
} from '@charla/shared';
import { normalizeWebAddress } from '@charla/shared/input-rules';
import { zonedInstant } from '@charla/shared/dates';

/** The channels a campaign can go out on, in the order the creator offers them. */
export const campaignChannelOrder: readonly CampaignChannel[] = ['whatsapp', 'whatsmeow', 'messenger', 'instagram'];

/** The creator's four steps, in order. */
export const creatorSteps = ['audience', 'message', 'schedule', 'review'] as const;
export type CreatorStep = (typeof creatorSteps)[number];

export const mediaKinds = ['image', 'video', 'document'] as const;
export type MediaKind = (typeof mediaKinds)[number];

export interface MediaDraft {
  type: MediaKind;
  url: string;
  filename: string;
}

/** The CRM filters as the form holds them: days as "YYYY-MM-DD" of the bot's zone, tags as typed. */
export interface CrmFilterDraft {
  stageIds: string[];
  tags: string;
  channel: ContactChannel | '';
  /** Last contact on or after this day… */
  after: string;
  /** …and before this day. */
  before: string;
}

export interface CreatorDraft {
  name: string;
  channel: CampaignChannel;
  audienceKind: 'crm' | 'csv';
  filters: CrmFilterDraft;
  /** The CSV the preview read, once it was read. */
  upload: { id: string; fileName: string } | null;
  /** WhatsApp Cloud: the template (`name|language`), the values of its {{1}}, {{2}}… and its header file. */
  template: string;
  bodyVariables: string[];
  headerMedia: MediaDraft | null;
  /** WhatsApp by QR, Messenger and Instagram: the text, and (QR) a file and the opt-out line. */
  text: string;
  media: MediaDraft | null;
  optOutLine: boolean;
  when: 'now' | 'later';
  date: string;
  time: string;
}

export const emptyFilters: CrmFilterDraft = { stageIds: [], tags: '', channel: '', after: '', before: '' };

export function newDraft(channel: CampaignChannel, date: string, time: string): CreatorDraft {
  return {
    name: '',
    channel,
    audienceKind: 'crm',
    filters: emptyFilters,
    upload: null,
    template: '',
    bodyVariables: [],
    headerMedia: null,
    text: '',
    media: null,
    optOutLine: channel === 'whatsmeow',
    when: 'now',
    date,
    time,
  };
}

/** The tags the owner typed, split on commas, each once. */
export const tagsOf = (typed: string): string[] => [...new Set(typed.split(',').map((tag) => tag.trim()).filter(Boolean))];

/** The filters the server takes: only those the owner set; days start at midnight in the bot's zone. */
export function crmFilters(filters: CrmFilterDraft, timeZone: string): CampaignCrmFilters {
  const tags = tagsOf(filters.tags);
  const after = filters.after ? zonedInstant(filters.after, '00:00', timeZone) : null;
  const before = filters.before ? zonedInstant(filters.before, '00:00', timeZone) : null;
  return {
    ...(filters.stageIds.length ? { stageIds: filters.stageIds } : {}),
    ...(tags.length ? { tags } : {}),
    ...(filters.channel ? { channel: filters.channel } : {}),
    ...(after ? { lastContactAfter: after } : {}),
    ...(before ? { lastContactBefore: before } : {}),
  };
}

/** Who receives it, or null while a CSV is not read yet. */
export function audienceOf(draft: CreatorDraft, timeZone: string): CampaignAudience | null {
  if (draft.audienceKind === 'csv') return draft.upload ? { kind: 'csv', uploadId: draft.upload.id } : null;
  return { kind: 'crm', filters: crmFilters(draft.filters, timeZone) };
}

/** What the live count asks for, or null while there is nothing to count. */
export function previewBody(draft: CreatorDraft, botId: string, timeZone: string): AudiencePreviewBody | null {
  const audience = audienceOf(draft, timeZone);
  return audience ? { botId, channel: draft.channel, audience } : null;
}

/** The template of a `name|language` choice. */
export const templateChoice = (t: Pick<WhatsappTemplateOption, 'name' | 'language'>): string => `${t.name}|${t.language}`;

/**
 * Templates a campaign can send: approved ones whose variables are positional ({{1}}, {{2}}…), with
 * a text or a file header; not those needing button or header parameters, nor special kinds.
 */
export const isCampaignTemplate = (t: WhatsappTemplateOption): boolean => t.problem === null || t.problem === 'TOO_MANY_VARIABLES' || t.problem === 'HEADER_MEDIA';

/** Whether the template's header is a file (its send needs one). */
export const needsHeaderMedia = (t: WhatsappTemplateOption): boolean => t.problem === 'HEADER_MEDIA';

function mediaOf(media: MediaDraft | null) {
  if (!media || !media.url.trim()) return undefined;
  const filename = media.filename.trim();
  return { type: media.type, url: media.url.trim(), ...(media.type === 'document' && filename ? { filename } : {}) };
}

export function messageOf(draft: CreatorDraft): CampaignMessageInput {
  if (draft.channel === 'whatsapp') {
    const [name = '', language = ''] = draft.template.split('|');
    const headerMedia = mediaOf(draft.headerMedia);
    return { kind: 'template', name, language, bodyVariables: draft.bodyVariables.map((v) => v.trim()), ...(headerMedia ? { headerMedia } : {}) };
  }
  const media = draft.channel === 'whatsmeow' ? mediaOf(draft.media) : undefined;
  return { kind: 'text', text: draft.text.trim(), ...(media ? { media } : {}), optOutLine: draft.channel === 'whatsmeow' && draft.optOutLine };
}

/** The instant of a later send, or null when it is sent now (or the day and time are not valid). */
export function scheduledAtOf(draft: CreatorDraft, timeZone: string): string | null {
  return draft.when === 'later' ? zonedInstant(draft.date, draft.time, timeZone) : null;
}

export function createBody(draft: CreatorDraft, botId: string, timeZone: string): CampaignCreateInput | null {
  const audience = audienceOf(draft, timeZone);
  if (!audience) return null;
  const scheduledAt = scheduledAtOf(draft, timeZone);
  return { botId, name: draft.name.trim(), channel: draft.channel, audience, message: messageOf(draft), ...(scheduledAt ? { scheduledAt } : {}) };
}

/** What keeps a step from going on; each a key of the `campaigns:problems` words. */
export type StepProblem =
  | 'name_required'
  | 'csv_required'
  | 'audience_empty'
  | 'audience_pending'
  | 'template_required'
  | 'variable_required'
  | 'header_media_required'
  | 'text_required'
  | 'media_url'
  | 'schedule_invalid'
  | 'schedule_past';

export interface StepContext {
  /** People the live count found (null while it has not answered). */
  recipients: number | null;
  /** The chosen template, when the list has it. */
  template: WhatsappTemplateOption | null;
  timeZone: string;
  now: Date;
}

const badMedia = (media: MediaDraft | null) => media !== null && media.url.trim() !== '' && !/^https?:\/\//i.test(normalizeWebAddress(media.url) ?? '');

/** The problems of one step of the draft, in the order the form shows them. */
export function stepProblems(step: CreatorStep, draft: CreatorDraft, ctx: StepContext): StepProblem[] {
  const problems: StepProblem[] = [];
  if (step === 'audience') {
    if (!draft.name.trim()) problems.push('name_required');
    if (draft.audienceKind === 'csv' && !draft.upload) problems.push('csv_required');
    else if (ctx.recipients === null) problems.push('audience_pending');
    else if (ctx.recipients === 0) problems.push('audience_empty');
  }
  if (step === 'message') {
    if (draft.channel === 'whatsapp') {
      if (!draft.template || !ctx.template) problems.push('template_required');
      else {
        const given = draft.bodyVariables.slice(0, ctx.template.variables);
        if (given.length < ctx.template.variables || given.some((v) => !v.trim())) problems.push('variable_required');
        if (needsHeaderMedia(ctx.template) && !draft.headerMedia?.url.trim()) problems.push('header_media_required');
      }
      if (badMedia(draft.headerMedia)) problems.push('media_url');
    } else {
      const hasMedia = draft.channel === 'whatsmeow' && Boolean(draft.media?.url.trim());
      if (!draft.text.trim() && !hasMedia) problems.push('text_required');
      if (draft.channel === 'whatsmeow' && badMedia(draft.media)) problems.push('media_url');
    }
  }
  if (step === 'schedule' && draft.when === 'later') {
    const at = scheduledAtOf(draft, ctx.timeZone);
    if (!at) problems.push('schedule_invalid');
    else if (Date.parse(at) <= ctx.now.getTime()) problems.push('schedule_past');
  }
  return problems;
}
