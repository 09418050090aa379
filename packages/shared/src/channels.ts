import { z } from 'zod';
import { channelSources, metaRegisterSteps } from './constants.ts';
import type { Locale } from './locale.ts';
import { channelErrorMessage, fillWords, type Notice } from './notices.ts';
import { notice } from './notice-schema.ts';
import { tokenText } from './text.ts';
import { metaIdPattern, metaTokenLength, registrationPinPattern } from './meta-ids.ts';

/** The channels that run through Meta's Graph API (WhatsApp Cloud API, Messenger, Instagram). */
export const metaChannels = ['whatsapp', 'messenger', 'instagram'] as const;
export type MetaChannel = (typeof metaChannels)[number];

/**
 * A channel's connection: connected (credentials stored and accepted), needs_reauth (Meta refused
 * the token: connect again), disconnected (no credentials).
 */
export const channelStates = ['connected', 'needs_reauth', 'disconnected'] as const;
export type ChannelState = (typeof channelStates)[number];

const digits = z.string().trim().regex(metaIdPattern, { error: 'digits' });
const token = tokenText(metaTokenLength.min, metaTokenLength.max);

/**
 * POST /api/meta-register: connects a WhatsApp Business number. After the embedded signup the
 * browser sends the `code` Meta gave it; the manual form sends an `access_token` instead. With
 * neither, the token stored for the bot is used (to retry a failed step).
 */
export const metaRegisterBody = z.strictObject({
  bot_id: z.uuid(),
  phone_number_id: digits,
  waba_id: digits,
  code: tokenText(1, 2000).optional(),
  access_token: token.optional(),
  /** The number's two-step verification PIN; a new one is made (and answered once) when omitted. */
  pin: z.string().trim().regex(registrationPinPattern, { error: 'pin' }).optional(),
});
export type MetaRegisterBody = z.infer<typeof metaRegisterBody>;

/** POST /api/messenger-register: connects a Facebook page (and its linked Instagram account). */
export const messengerRegisterBody = z.strictObject({
  bot_id: z.uuid(),
  page_id: digits,
  access_token: token,
  instagram_account_id: digits.optional(),
});
export type MessengerRegisterBody = z.infer<typeof messengerRegisterBody>;

export type MetaRegisterStep = (typeof metaRegisterSteps)[number];

/** A channel error in words for the owner (the text follows Accept-Language). */
export const channelError = z.object({
  code: z.string(),
  message: z.string(),
  /** Meta's own error code and words, when Meta gave them (usually in English). */
  meta_code: z.number().int().nullable(),
  detail: z.string().nullable(),
  /** The step of connecting that failed, when the error came from connecting. */
  step: z.enum(metaRegisterSteps).nullable(),
  at: z.string(),
});
export type ChannelError = z.infer<typeof channelError>;

/** One channel of a bot, for the Canales panel. Ids are masked ("…2922"). */
export const channelStatus = z.object({
  channel: z.enum(metaChannels),
  /** The source POST /api/disconnect takes for this channel. */
  source: z.enum(['api', 'messenger', 'instagram']),
  state: z.enum(channelStates),
  ids: z.record(z.string(), z.string()),
  last_error: channelError.nullable(),
  updated_at: z.string().nullable(),
});
export type ChannelStatus = z.infer<typeof channelStatus>;

export const channelsParams = z.strictObject({ botId: z.uuid() });
export const channelsResponse = z.object({ channels: z.array(channelStatus) });
export type ChannelsResponse = z.infer<typeof channelsResponse>;

export const metaRegisterResponse = z.object({
  ok: z.literal(true),
  channel: channelStatus,
  /** The PIN made for the number when none was given: shown once, keep it. */
  generated_pin: z.string().optional(),
});
export type MetaRegisterResponse = z.infer<typeof metaRegisterResponse>;
export const messengerRegisterResponse = z.object({ ok: z.literal(true), channels: z.array(channelStatus) });
export type MessengerRegisterResponse = z.infer<typeof messengerRegisterResponse>;

/**
 * PUT /api/channels/{botId}/whatsapp-template: the approved template sent when the customer has not
 * written for 24 hours (without one, such replies fail with WINDOW_CLOSED). DELETE removes it.
 */
export const whatsappTemplateBody = z.strictObject({
  name: z.string().trim().regex(/^[a-z0-9_]{1,512}$/, { error: 'template_name' }),
  language: z.string().trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, { error: 'template_language' }),
  /** The template's body has one variable ({{1}}) that receives the reply's text. */
  with_text: z.boolean().default(true),
});
export type WhatsappTemplateBody = z.infer<typeof whatsappTemplateBody>;
export const whatsappTemplateResponse = z.object({ ok: z.literal(true), template: whatsappTemplateBody.nullable() });
export type WhatsappTemplateResponse = z.infer<typeof whatsappTemplateResponse>;

/**
 * Why an approved template cannot be the closed-window template: the reply goes out with at most one
 * body variable ({{1}}, the reply's text) and no other parameter, so templates that need more
 * (named or several variables, a media header, a header or button variable, authentication, carousel
 * or catalog templates) would be refused by Meta at send time.
 */
export const whatsappTemplateProblems = ['NAMED_VARIABLES', 'TOO_MANY_VARIABLES', 'HEADER_MEDIA', 'HEADER_VARIABLE', 'BUTTON_VARIABLE', 'UNSUPPORTED_KIND'] as const;
export type WhatsappTemplateProblem = (typeof whatsappTemplateProblems)[number];

/** One approved template of the number's WhatsApp Business Account, as the Canales panel lists it. */
export const whatsappTemplateOption = z.object({
  name: z.string(),
  /** Meta's language code ("es_MX"). */
  language: z.string(),
  /** MARKETING, UTILITY or AUTHENTICATION. */
  category: z.string().nullable(),
  /** The texts the customer sees; variables stay as {{1}}. */
  header: z.string().nullable(),
  body: z.string(),
  footer: z.string().nullable(),
  /** Positional variables of the body ({{1}}, {{2}}…). */
  variables: z.number().int().min(0),
  /** What PUT …/whatsapp-template takes for this template: its one body variable receives the reply's text. */
  with_text: z.boolean(),
  /** Null when the template can be used; otherwise why not. */
  problem: z.enum(whatsappTemplateProblems).nullable(),
});
export type WhatsappTemplateOption = z.infer<typeof whatsappTemplateOption>;

/** GET /api/channels/{botId}/whatsapp-templates: the approved templates of the connected number's WABA, read from Meta. */
export const whatsappTemplatesResponse = z.object({ templates: z.array(whatsappTemplateOption) });
export type WhatsappTemplatesResponse = z.infer<typeof whatsappTemplatesResponse>;

/**
 * GET /api/meta/settings: the public settings of the Meta app the embedded signup runs under (read by
 * the web app at run time). Null when the server has none; the app secret and the verify token never
 * leave the server.
 */
export const metaSettingsResponse = z.object({
  app_id: z.string().nullable(),
  /** The embedded signup's configuration (Facebook Login for Business). */
  config_id: z.string().nullable(),
  /** The Graph API version the server calls ("v23.0"); the JS SDK is initialised with it. */
  graph_version: z.string(),
});
export type MetaSettingsResponse = z.infer<typeof metaSettingsResponse>;

/**
 * POST /api/disconnect: forgets a channel of a bot. Sources: api (or meta) for the WhatsApp Cloud
 * API, messenger (Instagram goes with it: it replies with the page's token), instagram, whatsmeow.
 */
export const disconnectBody = z.strictObject({ botId: z.uuid(), source: z.enum([...channelSources, 'meta']) });
export type DisconnectBody = z.infer<typeof disconnectBody>;
export const disconnectResponse = z.object({ ok: z.literal(true) });
export type DisconnectResponse = z.infer<typeof disconnectResponse>;

/** The answer when a step of connecting failed at Meta (HTTP 502): which step, and Meta's words. */
export const metaStepErrorBody = z.object({
  error: z.object({
    code: z.literal('META_STEP_FAILED'),
    message: z.string(),
    step: z.enum(metaRegisterSteps),
    /** The same call may simply be sent again: finished steps are not repeated needlessly. */
    retryable: z.boolean(),
    meta: z.object({ code: z.number().nullable(), subcode: z.number().nullable(), message: z.string().nullable(), fbtrace_id: z.string().nullable() }),
  }),
});
export type MetaStepErrorBody = z.infer<typeof metaStepErrorBody>;

/** The words of META_STEP_FAILED: what could not be done, why (a notice), what Meta said. */
const metaStepWords = {
  exchange: { es: 'canjear el código de Meta por un token', en: "exchange Meta's code for a token" },
  subscribe: { es: 'suscribir la app a la cuenta', en: 'subscribe the app to the account' },
  register: { es: 'registrar el número en la API de WhatsApp', en: 'register the number on the WhatsApp API' },
  failed: { es: 'No se pudo {what}. {cause}', en: 'Could not {what}. {cause}' },
  said: { es: ' Meta dijo: «{said}».', en: ' Meta said: «{said}».' },
  retry: { es: ' Puedes reintentar.', en: ' You can try again.' },
} as const satisfies Record<string, Record<Locale, string>>;

export function metaStepMessage(step: MetaRegisterStep, cause: Notice, said: string | undefined, locale: Locale): string {
  const failed = fillWords(metaStepWords.failed[locale], { what: metaStepWords[step][locale], cause: channelErrorMessage(cause.code, locale, cause.params?.metaCode as number | undefined) });
  return `${failed}${said ? fillWords(metaStepWords.said[locale], { said }) : ''}${metaStepWords.retry[locale]}`;
}

/** A channel changed state (owner's room and the bot's room). */
export const channelStatusEvent = z.object({
  botId: z.uuid(),
  channel: z.enum(metaChannels),
  state: z.enum(channelStates),
  /** Why it stopped: a code of channelErrorMessages and Meta's number, worded by the reader (noticeText). */
  error: notice.nullable(),
});
export type ChannelStatusEvent = z.infer<typeof channelStatusEvent>;
