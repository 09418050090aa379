import { z } from 'zod';
import { freeText } from './text.ts';
import { contactChannels } from './constants.ts';
import type { Locale } from './locale.ts';

export * from './campaign-text.ts';

/**
 * The mass sender ("Envíos masivos"): a campaign sends one message to each person of an audience
 * (CRM contacts chosen by filters, or the phones of an uploaded CSV) over one channel of a bot,
 * at the channel's pace, exactly once per person.
 */

/** WhatsApp Cloud API (templates), WhatsApp by QR (text and media), Messenger and Instagram (text, 24-hour window). */
export const campaignChannels = ['whatsapp', 'whatsmeow', 'messenger', 'instagram'] as const;
export type CampaignChannel = (typeof campaignChannels)[number];

export const campaignStatuses = ['draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled', 'failed'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/**
 * One recipient's life: queued → sending (claimed, the network call is under way) → sent →
 * delivered → read, or failed / skipped with a reason. `replied` and `optedOut` are marks a
 * recipient gains after its message (a filter of the recipients list, counted apart).
 */
export const recipientStatuses = ['queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];
export const recipientFilters = [...recipientStatuses, 'replied', 'optedOut'] as const;
export type RecipientFilter = (typeof recipientFilters)[number];

/** Why a campaign stopped by itself (null when the owner paused it or it did not stop). */
export const campaignPauseReasons = ['owner', 'token', 'failure_rate', 'template', 'quota', 'channel'] as const;
export type CampaignPauseReason = (typeof campaignPauseReasons)[number];

export const campaignLimits = {
  name: 120,
  csvRows: 100_000,
  csvBytes: 5 * 1024 * 1024,
  csvColumns: 30,
  columnName: 60,
  variableValue: 1000,
  text: 4096,
  templateVariables: 20,
  invalidShown: 100,
  sample: 5,
  page: 100,
  defaultPage: 50,
  stages: 30,
  tags: 20,
  tag: 40,
  url: 2000,
  /** How far ahead a campaign can be scheduled: one year. */
  scheduleDays: 366,
} as const;

/** The failure rate past which a running campaign pauses itself, once it has sent `failureRateMinSends`. */
export const campaignFailureRate = { threshold: 0.2, minSends: 50 } as const;
/** How long after its message a customer's reply counts as a reply to the campaign. */
export const campaignReplyWindowHours = 72;
/** WhatsApp by QR's human pace by default: a random pause between messages, a daily cap per number. */
export const qrPaceDefaults = { minSeconds: 8, maxSeconds: 20, dailyCap: 200 } as const;

/**
 * Why a recipient failed or was skipped; the recipient keeps Meta's own number too (`metaCode`).
 * The screen words each by its code (the campaigns locale file).
 */
export const campaignReasons = [
  /** 131026: the number has no WhatsApp, or cannot receive the message. */
  'NOT_ON_WHATSAPP',
  /** 131049: Meta held the marketing message back (the person's limit of marketing messages). */
  'ECOSYSTEM_LIMIT',
  /** 131050: the person turned off marketing messages from businesses in WhatsApp. */
  'MARKETING_STOPPED',
  /** 131047 on WhatsApp; on Messenger and Instagram the person has not written in the last 24 hours. */
  'OUTSIDE_WINDOW',
  /** 132015: Meta paused the template for its quality. */
  'TEMPLATE_PAUSED',
  /** 132016: Meta disabled the template. */
  'TEMPLATE_DISABLED',
  /** 132001 / 132000 / 132012: the template does not exist in that language, or its variables do not match. */
  'TEMPLATE_INVALID',
  /** 190: Meta refused the access token; the campaign pauses until the channel is connected again. */
  'TOKEN_INVALID',
  /** 130429: Meta's throughput limit, still hit after the retries. */
  'RATE_LIMITED',
  /** 131056: too many messages to the same person, still hit after the retries. */
  'PAIR_RATE_LIMITED',
  /** 131048: Meta limited the number for spam. */
  'SPAM_LIMIT',
  /** 131053: Meta could not fetch or process the header media. */
  'MEDIA_FAILED',
  /** The phone of the row is not a phone number. */
  'INVALID_PHONE',
  /** The contact opted out of marketing after the audience was built. */
  'OPTED_OUT',
  /** The contact has no conversation on the campaign's channel (Messenger and Instagram need one). */
  'NO_CONVERSATION',
  /** The channel is not connected, or its WhatsApp session ended. */
  'CHANNEL_NOT_CONNECTED',
  /** The plan's monthly messages are used up. */
  'QUOTA_REACHED',
  /** The campaign was cancelled before this person's turn. */
  'CANCELLED',
  /** The provider took the message but did not confirm it; it is not sent again, so it never arrives twice. */
  'UNCONFIRMED',
  /** Any other refusal of the provider (its number is kept in `metaCode`). */
  'PROVIDER_ERROR',
] as const;
export type CampaignReason = (typeof campaignReasons)[number];

// ——— audience ———

const isoDateTime = z.iso.datetime({ offset: true });
const campaignTag = freeText(campaignLimits.tag).pipe(z.string().min(1));

/** CRM contacts of the bot; every filter given must match (tags: any of them). Opted-out contacts never enter. */
export const campaignCrmFilters = z.strictObject({
  stageIds: z.array(z.uuid()).max(campaignLimits.stages).optional(),
  tags: z.array(campaignTag).max(campaignLimits.tags).optional(),
  /** A channel the contact is known on. */
  channel: z.enum(contactChannels).optional(),
  /** Last message of the contact before / after this moment. */
  lastContactBefore: isoDateTime.optional(),
  lastContactAfter: isoDateTime.optional(),
});
export type CampaignCrmFilters = z.infer<typeof campaignCrmFilters>;

/**
 * Who receives the campaign: CRM contacts chosen by filters, or the rows of a CSV uploaded to
 * the preview (which answers the `uploadId`; an upload is kept for a day).
 */
export const campaignAudience = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('crm'), filters: campaignCrmFilters }),
  z.strictObject({ kind: z.literal('csv'), uploadId: z.uuid() }),
]);
export type CampaignAudience = z.infer<typeof campaignAudience>;

/** The text fields of POST /api/campaigns/audience/preview with a CSV (multipart; the file is the `file` part). */
export const audiencePreviewFields = z.strictObject({
  botId: z.uuid(),
  channel: z.enum(campaignChannels),
  /** Which column holds the phone (default: the column whose name says phone/teléfono/celular/whatsapp). */
  phoneColumn: freeText(campaignLimits.columnName, { trim: false }).optional(),
});
export type AudiencePreviewFields = z.infer<typeof audiencePreviewFields>;
/** POST /api/campaigns/audience/preview as JSON: the CRM filters (or an upload already made). */
export const audiencePreviewBody = z.strictObject({ botId: z.uuid(), channel: z.enum(campaignChannels), audience: campaignAudience });
export type AudiencePreviewBody = z.infer<typeof audiencePreviewBody>;

export const audienceRowProblems = ['PHONE_MISSING', 'PHONE_INVALID', 'PHONE_SHORT', 'PHONE_LONG', 'VALUE_TOO_LONG'] as const;
export type AudienceRowProblem = (typeof audienceRowProblems)[number];
const audienceRowProblemWords: Record<AudienceRowProblem, Record<Locale, string>> = {
  PHONE_MISSING: { es: 'La fila no tiene teléfono.', en: 'The row has no phone.' },
  PHONE_INVALID: { es: 'Teléfono «{value}»: no es un número de teléfono.', en: 'Phone "{value}" is not a phone number.' },
  PHONE_SHORT: { es: 'Teléfono «{value}»: le faltan dígitos.', en: 'Phone "{value}" is missing digits.' },
  PHONE_LONG: { es: 'Teléfono «{value}»: tiene dígitos de más.', en: 'Phone "{value}" has too many digits.' },
  VALUE_TOO_LONG: { es: 'Un valor de la fila es demasiado largo.', en: 'A value of the row is too long.' },
};
export const audienceRowProblemText = (problem: AudienceRowProblem, locale: Locale, value = ''): string =>
  audienceRowProblemWords[problem][locale].replace('{value}', value);

/** How fast the channel sends: a steady rate (WhatsApp Cloud, Messenger, Instagram) or a human pace (WhatsApp by QR). */
export const campaignPace = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rate'), perSecond: z.number() }),
  z.object({
    kind: z.literal('human'),
    minSeconds: z.number(),
    maxSeconds: z.number(),
    dailyCap: z.number().int(),
    /** Sends only inside the business's hours (the bot's schedule, in its time zone). */
    businessHoursOnly: z.boolean(),
  }),
]);
export type CampaignPace = z.infer<typeof campaignPace>;

/** Seconds a campaign of `count` messages takes at `pace` (the QR pace's daily cap counted as whole days; hours left out). */
export function estimateCampaignSeconds(count: number, pace: CampaignPace): number {
  if (count <= 0) return 0;
  if (pace.kind === 'rate') return Math.ceil(count / Math.max(pace.perSecond, 0.001));
  const perMessage = (pace.minSeconds + pace.maxSeconds) / 2;
  const days = Math.floor((count - 1) / Math.max(pace.dailyCap, 1));
  const lastDay = count - days * pace.dailyCap;
  return Math.ceil(days * 86_400 + lastDay * perMessage);
}

/** What the preview answers: how many would receive it, and what was left out and why. */
export const audiencePreviewResponse = z.object({
  /** Rows (CSV) or contacts (CRM) read. */
  total: z.number().int(),
  /** People who would receive the campaign. */
  recipients: z.number().int(),
  /** Bad rows; at most the first `campaignLimits.invalidShown` are listed. `row` counts the header as row 1. */
  invalidCount: z.number().int(),
  invalid: z.array(z.object({ row: z.number().int(), value: z.string(), problem: z.enum(audienceRowProblems), message: z.string() })),
  /** Rows whose phone repeated an earlier row (the first is kept). */
  duplicates: z.number().int(),
  /** People who asked not to receive marketing: never in an audience. */
  optedOut: z.number().int(),
  /** Messenger / Instagram: people outside their 24-hour window now (they would be skipped). */
  outsideWindow: z.number().int(),
  /** The variables a message can use: the CSV's columns, or the contact's fields for CRM audiences. */
  variables: z.array(z.string()),
  /** The first recipients with their variables, for the message's preview. */
  sample: z.array(z.object({ phone: z.string(), name: z.string(), variables: z.record(z.string(), z.string()) })),
  /** A CSV upload: what the create body's audience names. */
  uploadId: z.uuid().nullable(),
  pace: campaignPace,
  estimatedSeconds: z.number().int(),
});
export type AudiencePreviewResponse = z.infer<typeof audiencePreviewResponse>;

/** The variables of a CRM audience (each contact's own values). */
export const crmAudienceVariables = ['nombre', 'nombre_completo', 'telefono'] as const;

// ——— message ———

export const campaignMediaTypes = ['image', 'video', 'document'] as const;
export const campaignMedia = z.strictObject({
  type: z.enum(campaignMediaTypes),
  /** A public https address the provider downloads. */
  url: z.url({ protocol: /^https?$/ }).max(campaignLimits.url),
  /** A document's file name as the person sees it. */
  filename: freeText(200).optional(),
});
export type CampaignMedia = z.infer<typeof campaignMedia>;

const variableText = freeText(campaignLimits.variableValue);

/**
 * The campaign's message. WhatsApp Cloud: an approved template, its body's {{1}}, {{2}}… filled in
 * order by `bodyVariables` (each a text that may hold audience variables) and its header media.
 * WhatsApp by QR: text and/or media (the text may hold variables), and the opt-out line at the
 * end in the bot's tone. Messenger and Instagram: text.
 */
export const campaignMessage = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('template'),
    name: z.string().trim().regex(/^[a-z0-9_]{1,512}$/, { error: 'template_name' }),
    language: z.string().trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, { error: 'template_language' }),
    bodyVariables: z.array(variableText).max(campaignLimits.templateVariables).default([]),
    headerMedia: campaignMedia.optional(),
  }),
  z
    .strictObject({
      kind: z.literal('text'),
      text: freeText(campaignLimits.text).default(''),
      media: campaignMedia.optional(),
      /** WhatsApp by QR: end each message with how to stop receiving them ("Responde BAJA…"). */
      optOutLine: z.boolean().default(false),
    })
    .refine((m) => m.text.length > 0 || m.media, { error: 'required', path: ['text'] }),
]);
export type CampaignMessage = z.infer<typeof campaignMessage>;
export type CampaignMessageInput = z.input<typeof campaignMessage>;

// ——— campaign ———

export const campaignCounts = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  replied: z.number().int(),
  optedOut: z.number().int(),
});
export type CampaignCounts = z.infer<typeof campaignCounts>;

/** What a campaign's audience was (an upload is named by its file). */
export const campaignAudienceSummary = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('crm'), filters: campaignCrmFilters }),
  z.object({ kind: z.literal('csv'), fileName: z.string(), rows: z.number().int() }),
]);
export type CampaignAudienceSummary = z.infer<typeof campaignAudienceSummary>;

export const campaign = z.object({
  id: z.uuid(),
  botId: z.uuid(),
  name: z.string(),
  channel: z.enum(campaignChannels),
  status: z.enum(campaignStatuses),
  /** Why it stopped by itself (token refused, failure rate, template…), null otherwise. */
  pauseReason: z.enum(campaignPauseReasons).nullable(),
  audience: campaignAudienceSummary,
  message: campaignMessage,
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** WhatsApp by QR waiting for the next pause, the daily cap or the business hours: when it sends again. */
  nextSendAt: z.string().nullable(),
  counts: campaignCounts,
  pace: campaignPace,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaign>;

/** POST /api/campaigns: a draft, or a scheduled campaign when `scheduledAt` is given (in the future). */
export const campaignCreateBody = z
  .strictObject({
    botId: z.uuid(),
    name: freeText(campaignLimits.name).pipe(z.string().min(1)),
    channel: z.enum(campaignChannels),
    audience: campaignAudience,
    message: campaignMessage,
    scheduledAt: isoDateTime.optional(),
  })
  .superRefine((b, ctx) => {
    const wantsTemplate = b.channel === 'whatsapp';
    if (wantsTemplate !== (b.message.kind === 'template')) ctx.addIssue({ code: 'custom', message: 'message_channel', path: ['message', 'kind'] });
    if (b.message.kind === 'text' && b.channel !== 'whatsmeow') {
      if (b.message.media) ctx.addIssue({ code: 'custom', message: 'message_channel', path: ['message', 'media'] });
      if (!b.message.text) ctx.addIssue({ code: 'custom', message: 'required', path: ['message', 'text'] });
    }
  });
export type CampaignCreateBody = z.infer<typeof campaignCreateBody>;
export type CampaignCreateInput = z.input<typeof campaignCreateBody>;
export const campaignResponse = z.object({ campaign });
export type CampaignResponse = z.infer<typeof campaignResponse>;

export const campaignListQuery = z.strictObject({ botId: z.uuid() });
/** Newest first. */
export const campaignList = z.object({ campaigns: z.array(campaign) });
export type CampaignList = z.infer<typeof campaignList>;

export const campaignParams = z.strictObject({ id: z.uuid() });
export const campaignActions = ['start', 'pause', 'resume', 'cancel'] as const;
export type CampaignAction = (typeof campaignActions)[number];
export const campaignActionParams = z.strictObject({ id: z.uuid(), action: z.enum(campaignActions) });

export const campaignRecipient = z.object({
  id: z.uuid(),
  phone: z.string(),
  name: z.string(),
  contactId: z.uuid().nullable(),
  status: z.enum(recipientStatuses),
  reason: z.enum(campaignReasons).nullable(),
  /** Meta's own error number, when Meta gave one. */
  metaCode: z.number().int().nullable(),
  variables: z.record(z.string(), z.string()),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  repliedAt: z.string().nullable(),
  optedOutAt: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipient>;

/** GET /api/campaigns/{id}/recipients: in audience order, `limit` at a time. */
export const campaignRecipientsQuery = z.strictObject({
  status: z.enum(recipientFilters).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(campaignLimits.page).default(campaignLimits.defaultPage),
});
export type CampaignRecipientsQuery = z.input<typeof campaignRecipientsQuery>;
export const campaignRecipientsPage = z.object({ items: z.array(campaignRecipient), nextCursor: z.string().nullable() });
export type CampaignRecipientsPage = z.infer<typeof campaignRecipientsPage>;

/** POST /api/campaigns/{id}/test: the message once to the owner's own phone (variables from the first recipient). */
export const campaignTestBody = z.strictObject({ phone: freeText(40).pipe(z.string().min(1)) });
export type CampaignTestBody = z.infer<typeof campaignTestBody>;
export const campaignTestResponse = z.object({
  status: z.enum(['sent', 'failed']),
  reason: z.enum(campaignReasons).nullable(),
  metaCode: z.number().int().nullable(),
  /** The text as it went out (templates: their variables filled). */
  preview: z.string(),
});
export type CampaignTestResponse = z.infer<typeof campaignTestResponse>;

/** Realtime `campaignProgress` (bot room), at most a few times a second per campaign. */
export const campaignProgressEvent = z.object({
  botId: z.uuid(),
  campaignId: z.uuid(),
  status: z.enum(campaignStatuses),
  pauseReason: z.enum(campaignPauseReasons).nullable(),
  counts: campaignCounts,
  nextSendAt: z.string().nullable(),
});
export type CampaignProgressEvent = z.infer<typeof campaignProgressEvent>;
