import { z } from 'zod';
import { freeText } from './text.ts';
import { jsonField } from './csv-import.ts';
import type { Locale } from './locale.ts';
import { fillWords } from './notices.ts';
import { messageAuthors, messageDirections } from './conversations.ts';
import { appointmentStatuses, contactChannels, contactFieldTypes, contactImportTargets, crmLimits } from './constants.ts';

export type ContactChannel = (typeof contactChannels)[number];
/** Who moved a contact to another stage: a person of the business, or the bot. */
export const stageMovers = ['person', 'bot'] as const;
export type StageMover = (typeof stageMovers)[number];

/**
 * A deal's value in cents of `dealCurrency`: a whole number from 0 to 100,000,000.00. Every refusal
 * names the rule, so the answer says what is allowed.
 */
const dealValueCents = z
  .number({ error: 'deal_value' })
  .int({ error: 'deal_value' })
  .min(0, { error: 'deal_value' })
  .max(crmLimits.dealValueCents, { error: 'deal_value' });

/** Default stages of a new pipeline, by the bot's purpose. */
export const defaultStages = {
  sales: ['Nuevo', 'Interesado', 'Negociación', 'Ganado', 'Perdido'],
  appointments: ['Nuevo', 'Cita agendada', 'Atendido', 'Perdido'],
} as const;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'color' });
const tag = freeText(crmLimits.tag).pipe(z.string().min(1));
const tags = z.array(tag).max(crmLimits.tags);
const phone = freeText(crmLimits.phone).pipe(z.string().regex(/^[+\d\s().-]*$/, { error: 'phone' }));
const email = z.union([z.literal(''), z.email().max(crmLimits.email)]);

export const pipelineStage = z.object({ id: z.uuid(), botId: z.uuid(), name: z.string(), color: z.string(), position: z.number().int() });
export type PipelineStage = z.infer<typeof pipelineStage>;
export const pipelineStages = z.object({ stages: z.array(pipelineStage) });
export type PipelineStages = z.infer<typeof pipelineStages>;
export const pipelineBotParams = z.strictObject({ botId: z.uuid() });
export const stageParams = z.strictObject({ id: z.uuid() });
export const stageCreateBody = z.strictObject({ name: freeText(crmLimits.stageName).pipe(z.string().min(1)), color: hexColor.optional() });
export const stageUpdateBody = z.strictObject({
  name: freeText(crmLimits.stageName).pipe(z.string().min(1)).optional(),
  color: hexColor.optional(),
  /** The stage's new place among the bot's stages (0 first). */
  position: z.number().int().min(0).max(crmLimits.stages).optional(),
});
export type StageUpdateBody = z.infer<typeof stageUpdateBody>;
/** DELETE /api/pipeline/stages/{id}: its contacts move to `moveTo` (default: the first other stage). */
export const stageDeleteQuery = z.strictObject({ moveTo: z.uuid().optional() });

export type ContactFieldType = (typeof contactFieldTypes)[number];

/** A field the owner added to every contact of a bot ("Presupuesto", "Fecha de la boda"…). */
export const contactField = z.object({
  id: z.uuid(),
  botId: z.uuid(),
  name: z.string(),
  type: z.enum(contactFieldTypes),
  /** A choice field's options, in order (empty for the other kinds). */
  options: z.array(z.string()),
  position: z.number().int(),
});
export type ContactField = z.infer<typeof contactField>;
export const contactFields = z.object({ fields: z.array(contactField) });
const fieldName = freeText(crmLimits.fieldName).pipe(z.string().min(1));
const choiceOptions = z.array(freeText(crmLimits.choice).pipe(z.string().min(1))).max(crmLimits.choices);
export const contactFieldCreateBody = z.strictObject({ name: fieldName, type: z.enum(contactFieldTypes), options: choiceOptions.optional() });
export type ContactFieldCreateBody = z.infer<typeof contactFieldCreateBody>;
/** The kind of a field stays; its name, options and place change. */
export const contactFieldUpdateBody = z.strictObject({ name: fieldName.optional(), options: choiceOptions.optional(), position: z.number().int().min(0).max(crmLimits.fields).optional() });
export type ContactFieldUpdateBody = z.infer<typeof contactFieldUpdateBody>;
export const contactFieldParams = z.strictObject({ id: z.uuid() });

/**
 * A contact's values of the owner's fields, by field id: text and choices as text, numbers as
 * numbers, dates as YYYY-MM-DD. null (in an update) clears a value.
 */
export const customFieldValue = z.union([freeText(crmLimits.fieldValue), z.number().finite()]);
export const customFieldValues = z.record(z.uuid(), customFieldValue);

/** What the bot learnt in the conversation beyond name, phone and e-mail. */
export const capturedFields = ['interest', 'product', 'budget'] as const;
export type CapturedField = (typeof capturedFields)[number];
export const contactCaptured = z.object({ interest: z.string().optional(), product: z.string().optional(), budget: z.string().optional() });
export type ContactCaptured = z.infer<typeof contactCaptured>;

export const contact = z.object({
  id: z.uuid(),
  botId: z.uuid(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  tags: z.array(z.string()),
  stageId: z.uuid().nullable(),
  /** The contact's place in its stage's column (smaller first). */
  position: z.number(),
  /** The channel of the contact's first conversation (null: created by hand). */
  sourceChannel: z.enum(contactChannels).nullable(),
  /** The channels the contact is known on. */
  channels: z.array(z.enum(contactChannels)),
  firstContactAt: z.string(),
  lastContactAt: z.string().nullable(),
  /** false: the contact opted out of marketing (the mass sender skips them). */
  marketingConsent: z.boolean(),
  /** The owner's fields (by field id). */
  customFields: customFieldValues,
  /** What the bot captured: interest, product, budget. */
  captured: contactCaptured,
  /** Who placed the contact in its stage last: a person (the bot never moves it again), the bot, or nobody yet. */
  stageSetBy: z.enum(stageMovers).nullable(),
  /** What the deal is worth, in cents of `dealCurrency` (null: not set). */
  dealValueCents: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contact>;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
/**
 * The order of the contacts list: by creation (newest first by default), by name (accents and
 * case ignored; a `-` reverses either), or `position`, the board's order within a stage. A cursor
 * belongs to the order it was read in.
 */
export const contactSorts = ['-createdAt', 'createdAt', 'name', '-name', 'position'] as const;
export type ContactSort = (typeof contactSorts)[number];
export const contactListQuery = z.strictObject({
  botId: z.uuid(),
  /** Matches the name, phone or e-mail. */
  q: z.string().trim().max(crmLimits.search).optional(),
  stageId: z.uuid().optional(),
  tag: z.string().trim().min(1).max(crmLimits.tag).optional(),
  channel: z.enum(contactChannels).optional(),
  /** Only contacts without consent to marketing (true) or with it (false). */
  optedOut: flag.optional(),
  sort: z.enum(contactSorts).default('-createdAt'),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(crmLimits.page).default(crmLimits.defaultPage),
});
export type ContactListQuery = z.input<typeof contactListQuery>;
export const contactList = z.object({
  items: z.array(contact),
  nextCursor: z.string().nullable(),
  /** On the first page of one stage's contacts: how many the stage holds in all. */
  total: z.number().int().min(0).optional(),
  /** With `total`: the sum of the stage's deal values, in cents (contacts without a value count 0). */
  totalValueCents: z.number().int().min(0).optional(),
});
export type ContactList = z.infer<typeof contactList>;

export const contactParams = z.strictObject({ id: z.uuid() });
export const contactCreateBody = z.strictObject({
  botId: z.uuid(),
  name: freeText(crmLimits.name).pipe(z.string().min(1)),
  phone: phone.optional(),
  email: email.optional(),
  tags: tags.optional(),
  stageId: z.uuid().optional(),
  marketingConsent: z.boolean().optional(),
  dealValueCents: dealValueCents.nullable().optional(),
});
export type ContactCreateBody = z.infer<typeof contactCreateBody>;
export const contactUpdateBody = z.strictObject({
  name: freeText(crmLimits.name).optional(),
  phone: phone.optional(),
  email: email.optional(),
  tags: tags.optional(),
  stageId: z.uuid().optional(),
  /** With stageId: the contact's index in the stage's column after the move (0 top). */
  position: z.number().int().min(0).max(1_000_000).optional(),
  marketingConsent: z.boolean().optional(),
  /** The deal's value in cents (null clears it). */
  dealValueCents: dealValueCents.nullable().optional(),
  /** Values of the owner's fields to set (null clears one); fields not named keep their value. */
  customFields: z.record(z.uuid(), customFieldValue.nullable()).optional(),
});
export type ContactUpdateBody = z.infer<typeof contactUpdateBody>;
export const contactResponse = z.object({ contact });
export type ContactResponse = z.infer<typeof contactResponse>;

export const contactNoteBody = z.strictObject({ text: freeText(crmLimits.note).pipe(z.string().min(1)) });
/** A note of the team on a contact, never shown to the customer nor to the bot; `authorName`: who wrote it, when still known. */
export const contactNote = z.object({ id: z.uuid(), contactId: z.uuid(), text: z.string(), authorId: z.uuid().nullable(), authorName: z.string().nullable(), createdAt: z.string() });
export type ContactNote = z.infer<typeof contactNote>;
export const contactNoteResponse = z.object({ note: contactNote });
/** A note written on a contact of the bot (bot room): the team sees it where it is open, without reading again. */
export const contactNoteEvent = z.object({ botId: z.uuid(), note: contactNote });
export type ContactNoteEvent = z.infer<typeof contactNoteEvent>;
export type ContactNoteResponse = z.infer<typeof contactNoteResponse>;
/** GET /api/contacts/{id}/notes: the newest `crmLimits.timeline` notes, oldest first. */
export const contactNoteList = z.object({ items: z.array(contactNote) });
export type ContactNoteList = z.infer<typeof contactNoteList>;

/** One event of a contact's history. */
export const timelineItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), id: z.string(), at: z.string(), channel: z.enum(contactChannels), direction: z.enum(messageDirections), author: z.enum(messageAuthors), text: z.string() }),
  z.object({ kind: z.literal('appointment'), id: z.string(), at: z.string(), startAt: z.string(), service: z.string(), status: z.enum(appointmentStatuses) }),
  z.object({ kind: z.literal('stage'), id: z.string(), at: z.string(), from: z.string().nullable(), to: z.string(), by: z.enum(stageMovers) }),
  z.object({ kind: z.literal('note'), id: z.string(), at: z.string(), text: z.string() }),
]);
export type TimelineItem = z.infer<typeof timelineItem>;
/** Oldest first; at most the newest `crmLimits.timeline` events. */
export const contactTimeline = z.object({ items: z.array(timelineItem) });
export type ContactTimeline = z.infer<typeof contactTimeline>;

export const contactExportQuery = z.strictObject({ botId: z.uuid() });

/** POST /api/contacts/merge: `mergeId` joins `keepId` (its messages, appointments, notes, channels) and is gone. */
export const contactMergeBody = z.strictObject({ keepId: z.uuid(), mergeId: z.uuid() }).refine((b) => b.keepId !== b.mergeId, { error: 'same', path: ['mergeId'] });

export type ContactImportTarget = (typeof contactImportTargets)[number] | `field:${string}` | 'ignore';
const importTarget = z.string().regex(new RegExp(`^(${contactImportTargets.join('|')}|ignore|field:[0-9a-f-]{36})$`), { error: 'target' }) as z.ZodType<ContactImportTarget>;
export const contactImportMapping = z.record(freeText(200, { trim: false }), importTarget);
export type ContactImportMapping = z.infer<typeof contactImportMapping>;
/** The text fields of POST /api/contacts/import/preview (multipart; the file is the `file` part). */
export const contactImportPreviewFields = z.strictObject({ botId: z.uuid() });
/** The text fields of POST /api/contacts/import: the column mapping (JSON) is required. */
export const contactImportFields = z.strictObject({ botId: z.uuid(), mapping: jsonField(contactImportMapping) });

/** Why a row of a contacts import was skipped; `{value}` is what the row held. */
const contactImportProblems = {
  PHONE_INVALID: { es: 'Teléfono «{value}»: no es un número de teléfono.', en: 'Phone "{value}" is not a phone number.' },
  PHONE_SHORT: { es: 'Teléfono «{value}»: le faltan dígitos.', en: 'Phone "{value}" is missing digits.' },
  PHONE_LONG: { es: 'Teléfono «{value}»: tiene dígitos de más.', en: 'Phone "{value}" has too many digits.' },
  EMAIL_INVALID: { es: 'Correo no válido: «{value}».', en: 'Invalid e-mail: "{value}".' },
  STAGE_UNKNOWN: { es: 'No existe la etapa «{value}» en el embudo.', en: 'There is no stage "{value}" in the pipeline.' },
  FIELD_INVALID: { es: '«{value}» no es un valor válido para {field}.', en: '"{value}" is not a valid value for {field}.' },
  NO_PERSON: { es: 'La fila no tiene nombre, teléfono ni correo.', en: 'The row has no name, phone or e-mail.' },
  REPEATED: { es: 'Repite el teléfono o el correo de la fila {row}.', en: 'Repeats the phone or e-mail of row {row}.' },
} as const satisfies Record<string, Record<Locale, string>>;
export type ContactImportProblem = keyof typeof contactImportProblems;

export const contactImportProblem = (code: ContactImportProblem, locale: Locale, params: { value?: string; field?: string; row?: number } = {}): string =>
  fillWords(contactImportProblems[code][locale], params);
