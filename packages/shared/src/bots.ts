import { z } from 'zod';
import { localeSchema } from './locale.ts';
import { optionalPhoneSchema } from './auth.ts';
import { normalizeWebAddress } from './web-address.ts';
import { templateKeys } from './templates.ts';
import { freeText, printableAscii, tokenText } from './text.ts';
import { clockTimePattern, dayRangeProblems } from './clock-times.ts';
import { metaIdPattern, metaTokenLength } from './meta-ids.ts';
import {
  botLimits,
  handoffIdleMax,
  identities,
  isIanaTimeZone,
  personalities,
  purposeCodes,
  responseLengths,
  tones,
  weekdays,
  type Weekday,
} from './constants.ts';

const text = freeText;
/** A web address, or ''; a bare domain ("sonrisaplena.mx") is stored with https://. */
const httpUrl = freeText(botLimits.url).transform((value, ctx) => {
    const url = normalizeWebAddress(value);
    if (url !== undefined && url.length <= botLimits.url) return url;
    ctx.addIssue({ code: 'custom', message: 'url' });
    return z.NEVER;
  });
const optionalPhone = optionalPhoneSchema;
export const timeZoneSchema = z.string().refine(isIanaTimeZone, { error: 'timezone' });

const hhmm = z.string().regex(clockTimePattern, { error: 'time' });
export const timeRange = z.strictObject({ start: hhmm, end: hhmm });
export type TimeRange = z.infer<typeof timeRange>;

/** Opening hours of one weekday: ranges that end after they start and never overlap. */
const dayRanges = z
  .array(timeRange)
  .max(6)
  .superRefine((ranges, ctx) => {
    for (const problem of dayRangeProblems(ranges)) ctx.addIssue({ code: 'custom', path: [problem.index, problem.field], message: problem.rule });
  });

export const schedulingItem = z.strictObject({
  hours: z.strictObject(Object.fromEntries(weekdays.map((d) => [d, dayRanges])) as Record<Weekday, typeof dayRanges>),
  appointment_minutes: z.number().int().min(5).max(480),
});
export type SchedulingItem = z.infer<typeof schedulingItem>;

export const reminderItem = z.strictObject({
  enabled: z.boolean(),
  /** How long before the appointment, in minutes (1440 = the day before). */
  minutes_before: z.number().int().min(5).max(10_080),
  message: freeText(1000).min(1),
});
export type ReminderItem = z.infer<typeof reminderItem>;

/** Credentials as stored by the owner; the access token is write-only (answered masked). */
export const metaCredentialsItem = z.strictObject({
  access_token: tokenText(metaTokenLength.min, metaTokenLength.max).optional(),
  phone_number_id: z.string().trim().regex(metaIdPattern, { error: 'digits' }),
  waba_id: z.string().trim().regex(metaIdPattern, { error: 'digits' }),
});
export const messengerCredentialsItem = z.strictObject({
  access_token: tokenText(metaTokenLength.min, metaTokenLength.max).optional(),
  page_id: z.string().trim().regex(metaIdPattern, { error: 'digits' }),
  instagram_account_id: z.string().trim().refine((value) => value === '' || metaIdPattern.test(value), { error: 'digits' }).optional(),
});

/** The creation payload (spec section 3), as the wizard sends it. */
export const newBotBody = z.strictObject({
  bot_name: text(botLimits.name).min(1),
  bot_objective: z.enum(templateKeys),
  business_name: text(botLimits.business).min(1),
  business_desc: text(botLimits.desc),
  business_url: httpUrl,
  user_email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  business_phone: optionalPhone,
  welcome_message: text(botLimits.welcome),
  about_bot: text(botLimits.about),
  language: localeSchema,
});
export type NewBotBody = z.infer<typeof newBotBody>;

/** A token as the API answers it (`maskSecret`): sent back unchanged, it keeps the stored one. */
export const isMaskedSecret = (value: string): boolean => /^•+$/.test(value) || /^[\x21-\x7e]{4}…[\x21-\x7e]{4}$/.test(value);

/**
 * Fields of the bot the API answers that PATCH /bot/{id} takes back and ignores: the spec's client
 * sends the whole bot (but scheduling, reminders and metaCredentials), read-only fields included.
 * The dates are taken in either spelling (`createdAt` as answered, `created_at` as a client may name them).
 */
export const readOnlyBotFields = ['id', 'user_id', 'bot_enabled', 'locked', 'locked_reason', 'redirection_enabled', 'switched_off_for_plan', 'createdAt', 'updatedAt', 'created_at', 'updated_at'] as const;

/** Every field PATCH /bot/{id} may change (not scheduling, reminders or metaCredentials). */
export const updateBotBody = z
  .strictObject({
    ...(Object.fromEntries(readOnlyBotFields.map((k) => [k, z.unknown().describe('read-only: ignored')])) as Record<(typeof readOnlyBotFields)[number], z.ZodUnknown>),
    bot_name: text(botLimits.name).min(1),
    bot_objective: z.enum(templateKeys),
    business_name: text(botLimits.business).min(1),
    business_desc: text(botLimits.desc),
    business_url: httpUrl,
    business_phone: optionalPhone,
    welcome_message: text(botLimits.welcome),
    about_bot: text(botLimits.about),
    language: localeSchema,
    purpose: z.enum(purposeCodes),
    tone: z.enum(tones),
    personality: z.enum(personalities),
    identity: z.enum(identities),
    response_length: z.enum(responseLengths),
    timezone: timeZoneSchema,
    redirection_phone: optionalPhone,
    /** Minutes a conversation with a person may go unanswered before the bot takes it back (0: never). */
    handoff_idle_minutes: z.number().int().min(0).max(handoffIdleMax),
    messengerCredentials: z
      .array(
        messengerCredentialsItem.extend({
          // The token as answered (masked) keeps the stored one; anything else must be a token.
          access_token: z
            .string()
            .trim()
            .refine((v) => isMaskedSecret(v) || (v.length >= metaTokenLength.min && v.length <= metaTokenLength.max && printableAscii.test(v)), { error: 'token' })
            .optional(),
        }),
      )
      .max(1),
  })
  .partial();
export type UpdateBotBody = z.infer<typeof updateBotBody>;

export const maskedCredential = z.object({
  access_token: z.string(),
  phone_number_id: z.string().optional(),
  waba_id: z.string().optional(),
  page_id: z.string().optional(),
  instagram_account_id: z.string().optional(),
});

export const bot = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  bot_enabled: z.boolean(),
  locked: z.boolean(),
  locked_reason: z.string().nullable(),
  /** Switched off because the account's plan allows fewer bots: silent until the plan allows it again. */
  switched_off_for_plan: z.boolean().optional(),
  redirection_enabled: z.boolean(),
  redirection_phone: z.string(),
  handoff_idle_minutes: z.number().int(),
  bot_name: z.string(),
  bot_objective: z.enum(templateKeys),
  business_name: z.string(),
  business_desc: z.string(),
  business_url: z.string(),
  business_phone: z.string(),
  welcome_message: z.string(),
  about_bot: z.string(),
  language: localeSchema,
  purpose: z.enum(purposeCodes),
  tone: z.enum(tones),
  personality: z.enum(personalities),
  identity: z.enum(identities),
  response_length: z.enum(responseLengths),
  timezone: z.string(),
  scheduling: z.array(schedulingItem),
  reminders: z.array(reminderItem),
  metaCredentials: z.array(maskedCredential),
  messengerCredentials: z.array(maskedCredential),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Bot = z.infer<typeof bot>;

export const botResponse = z.object({ bot });
export type BotResponse = z.infer<typeof botResponse>;
export const botsResponse = z.array(bot);
export type BotsResponse = z.infer<typeof botsResponse>;
/** The answer of a change of a bot's settings: the bot as it is now. */
export const okBotResponse = z.object({ ok: z.literal(true), bot });
export type OkBotResponse = z.infer<typeof okBotResponse>;
/** DELETE /bot/delete-bot answers true once the bot is gone. */
export const deleteBotResponse = z.boolean();
export type DeleteBotResponse = z.infer<typeof deleteBotResponse>;
export const botIdParams = z.strictObject({ id: z.uuid() });
export const botIdRouteParams = z.strictObject({ botId: z.uuid() });
export const emailParams = z.strictObject({ email: z.string().trim().toLowerCase().max(254).pipe(z.email()) });
export const deleteBotBody = z.strictObject({ bot_id: z.uuid() });
export const changeStatusBody = z.strictObject({ botId: z.uuid() });
export const changeStatusResponse = z.object({ ok: z.literal(true), bot_enabled: z.boolean() });
export type ChangeStatusResponse = z.infer<typeof changeStatusResponse>;
export const redirectionBody = z.strictObject({ redirection_enabled: z.boolean() });
export const redirectionResponse = z.object({ ok: z.literal(true), redirection_enabled: z.boolean() });
export type RedirectionResponse = z.infer<typeof redirectionResponse>;

/** Masks a secret for display: the first 4 and last 4 characters. */
export function maskSecret(secret: string): string {
  if (secret.length <= 10) return '•'.repeat(secret.length);
  return `${secret.slice(0, 4)}…${secret.slice(-4)}`;
}

export const defaultScheduling: SchedulingItem = {
  hours: {
    monday: [{ start: '09:00', end: '18:00' }],
    tuesday: [{ start: '09:00', end: '18:00' }],
    wednesday: [{ start: '09:00', end: '18:00' }],
    thursday: [{ start: '09:00', end: '18:00' }],
    friday: [{ start: '09:00', end: '18:00' }],
    saturday: [{ start: '09:00', end: '14:00' }],
    sunday: [],
  },
  appointment_minutes: 30,
};

export const defaultReminder: ReminderItem = {
  enabled: true,
  minutes_before: 1440,
  message: 'Hola {nombre}, te recordamos tu cita el {fecha} a las {hora}. Si necesitas cambiarla, respóndenos por aquí.',
};

/** The default reminder text as a Formal bot says it (usted). */
export const formalReminderMessage = 'Hola {nombre}, le recordamos su cita el {fecha} a las {hora}. Si necesita cambiarla, respóndanos por aquí.';

/**
 * The reminder text in the bot's tone: a reminder still holding one of the default texts follows
 * the tone (usted for Formal, tú otherwise); a text the owner wrote is kept as written.
 */
export function reminderInTone(message: string, tone: string): string {
  if (message !== defaultReminder.message && message !== formalReminderMessage) return message;
  return tone === 'Formal' ? formalReminderMessage : defaultReminder.message;
}
