import {
  appointmentStatuses,
  checkPhone,
  contactCaptured,
  contactChannels,
  customFieldValues,
  countryOfPhone,
  crmLimits,
  defaultStages,
  foldHeader,
  messageAuthors,
  messageDirections,
  rooms,
  stageColors,
  stageMovers,
  type ContactField,
  type ContactFieldCreateBody,
  type ContactFieldUpdateBody,
  type ContactImportMapping,
  type ImportPreview,
  type ImportResult,
  type Locale,
  type Contact,
  type ContactList,
  type ContactCreateBody,
  type ContactNote,
  type ContactUpdateBody,
  type PipelineStage,
  type StageUpdateBody,
  type TimelineItem,
  type contactListQuery,
} from '@charla/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { enumColumn, jsonColumn } from '../../lib/row-parse.ts';
import { iso } from '../../lib/keyset-cursor.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type { Emit } from '../../plugins/realtime.ts';
import { keptFileKey } from '../conversations/index.ts';
import type { UserRow } from '../auth/index.ts';
import type { BotRow, BotsService } from '../bots/index.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { AccessService } from '../access/access.module.ts';
import type { QuotaService } from '../quota/quota.module.ts';
import { importPreview, readImportCsv } from '../../lib/csv-import.ts';
import type { EngineAction } from '../../engine/types.ts';
import type { ContactFieldRow, ContactFieldsRepository } from './contact-fields.repository.ts';
import { readContactRows, suggestContactMapping } from './contact-import.ts';
import { decodeSortCursor, encodeSortCursor } from './contact-sort.ts';
import type { ContactCrmRow, ContactListRow, CrmRepository, StageRow } from './crm.repository.ts';
import { parseFieldValue } from './custom-field-values.ts';

export interface CrmDeps {
  repo: CrmRepository;
  fields: ContactFieldsRepository;
  bots: BotsService;
  access: AccessService;
  /** Where the files customers sent are kept (erased with the contact). */
  storage: FileStorage;
  /** The plan's contact limit. */
  quota: Pick<QuotaService, 'require'>;
  /** Exports and erasures go in the account's activity. */
  audit: Pick<AuditService, 'record'>;
  /** To the bot's room: a note written is shown live to the team. */
  emit?: Emit;
}

/** A jsonb value read by a raw query (objects on both engines; text should a driver leave it so). */
const jsonOf = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : (v ?? {}));
/** The contact's own columns a raw query reads, checked against the shared contracts. */
const contactColumns = {
  customFields: jsonColumn(customFieldValues, 'contacts.custom_fields'),
  captured: jsonColumn(contactCaptured, 'contacts.captured'),
  stageSetBy: enumColumn(stageMovers, 'contacts.stage_set_by'),
};

/** A contact as the API answers it; one without a stage is in the bot's first stage. */
export function toContact(row: ContactListRow, firstStageId: string | null): Contact {
  return {
    id: row.id,
    botId: row.bot_id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    tags: row.tags ?? [],
    stageId: row.stage_id ?? firstStageId,
    position: Number(row.stage_position),
    sourceChannel: row.source_channel,
    channels: row.channels ?? [],
    firstContactAt: iso(row.created_at),
    lastContactAt: row.last_at ? iso(row.last_at) : null,
    marketingConsent: row.marketing_consent,
    customFields: contactColumns.customFields(jsonOf(row.custom_fields)),
    captured: contactColumns.captured(jsonOf(row.captured)),
    stageSetBy: row.stage_set_by === null ? null : contactColumns.stageSetBy(row.stage_set_by),
    dealValueCents: row.deal_value_cents === null ? null : Number(row.deal_value_cents),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const toField = (f: ContactFieldRow): ContactField => ({ id: f.id, botId: f.botId, name: f.name, type: f.type, options: f.options, position: f.position });

/**
 * Where the bot moves contacts by itself: the appointment stage (the one named for appointments,
 * "Cita agendada" in the appointments defaults; else the second stage of an appointments
 * pipeline, the third — "Negociación" — of a sales one) and the lead stage (the second, unless
 * it is the appointment stage: a lead of an appointments bot waits for its booking). Neither is
 * ever the last stage (lost).
 */
export function automaticStages(stages: StageRow[], purpose: string): { lead?: StageRow; appointment?: StageRow } {
  const open = stages.slice(0, -1);
  const named = open.find((s, i) => i > 0 && /\b(cita|citas|agendad[ao]|appointments?|booked)\b/.test(foldHeader(s.name)));
  const appointment = named ?? (purpose === 'appointments' ? open[1] : open[2]);
  const lead = open[1] && open[1] !== appointment ? open[1] : undefined;
  return { lead, appointment };
}

/** A new pipeline's stages by the bot's purpose, the last (lost) one red. */
export function defaultStagesOf(purpose: string): { name: string; color: string }[] {
  const names = purpose === 'appointments' ? defaultStages.appointments : defaultStages.sales;
  return names.map((name, i) => ({ name, color: i === names.length - 1 ? '#dc2626' : stageColors[i % stageColors.length]! }));
}

const toStage = (s: StageRow): PipelineStage => ({ id: s.id, botId: s.botId, name: s.name, color: s.color, position: s.position });

/** The timeline is one SQL union over several tables; its rows' enums are checked here. */
const timelineEnums = {
  channel: enumColumn(contactChannels, 'timeline.channel'),
  direction: enumColumn(messageDirections, 'timeline.direction'),
  author: enumColumn(messageAuthors, 'timeline.author'),
  status: enumColumn(appointmentStatuses, 'timeline.status'),
  by: enumColumn(stageMovers, 'timeline.by'),
};

/** Tags are kept once each, in the order given. */
const uniqueTags = (tags: string[]) => [...new Set(tags)];

/**
 * One CSV field: quoted when it holds a separator, a quote or a line break. A spreadsheet formula
 * is defused with a leading apostrophe (a phone number such as +52 55… is left as it is).
 */
function csvField(value: string): string {
  const formula = /^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+\d\s().-]+$/.test(value));
  const safe = formula ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The CRM: a bot's contacts, its pipeline stages, notes and each contact's history. Every call goes
 * through the access check; a bot or contact of another owner does not exist.
 */
export function crmService(deps: CrmDeps) {
  const { repo } = deps;

  const checked = (caller: UserRow, botId: string, write: boolean): Promise<BotRow> =>
    (write ? deps.access.requireWrite : deps.access.requireRead)(caller, botId, 'contacts', { hidden: true });

  /** The bot's stages, the purpose's defaults created on first read. */
  const stagesOf = (bot: BotRow): Promise<StageRow[]> => repo.ensureStages(bot.id, defaultStagesOf(bot.purpose));

  async function contactOf(caller: UserRow, id: string, write: boolean) {
    const contact = await repo.findContact(id);
    // The playground's contact is the owner trying the bot, not a customer the CRM shows.
    if (!contact || contact.playground) throw new AppError('NOT_FOUND');
    const bot = await checked(caller, contact.botId, write);
    return { bot, contact };
  }

  /**
   * A bot whose pipeline the caller may shape: another account's bot does not exist (404), and
   * the stages are the bot's setup, so a team agent, who works the contacts, is refused (403).
   */
  async function stagesWritable(caller: UserRow, botId: string): Promise<BotRow> {
    const bot = await checked(caller, botId, false);
    return deps.access.requireWrite(caller, bot.id, 'settings');
  }

  async function stageOf(caller: UserRow, id: string) {
    const stage = await repo.findStage(id);
    if (!stage) throw new AppError('NOT_FOUND');
    const bot = await stagesWritable(caller, stage.botId);
    return { bot, stage };
  }

  async function fieldOf(caller: UserRow, id: string) {
    const field = await deps.fields.find(id);
    if (!field) throw new AppError('NOT_FOUND');
    await checked(caller, field.botId, true);
    return field;
  }

  /** Values of the owner's fields checked against their kinds (null clears one); a bad one is a 400 on `customFields.<id>`. */
  async function customValues(botId: string, old: Record<string, string | number>, given: Record<string, string | number | null>): Promise<Record<string, string | number>> {
    const defs = new Map((await deps.fields.list(botId)).map((f) => [f.id, f]));
    const next = { ...old };
    for (const [id, value] of Object.entries(given)) {
      const def = defs.get(id);
      const parsed = def && value !== null && value !== '' ? parseFieldValue(def, value) : undefined;
      if (!def || (value !== null && value !== '' && parsed === undefined)) throw new AppError('VALIDATION_FAILED', { [`customFields.${id}`]: 'VALIDATION_FAILED' });
      if (parsed === undefined) delete next[id];
      else next[id] = parsed;
    }
    return next;
  }

  /** A stage of this bot named by the client, or a 400 on that field. */
  function stageIn(stages: StageRow[], id: string, field: string): StageRow {
    const found = stages.find((s) => s.id === id);
    if (!found) throw new AppError('VALIDATION_FAILED', { [field]: 'VALIDATION_FAILED' });
    return found;
  }

  async function fresh(id: string, stages: StageRow[]): Promise<Contact> {
    const row = await repo.get(id);
    if (!row) throw new AppError('NOT_FOUND');
    return toContact(row, stages[0]?.id ?? null);
  }

  return {
    /** Checks the caller may change this bot's contacts before an uploaded file is read. */
    async assertWritable(caller: UserRow, botId: string): Promise<void> {
      await checked(caller, botId, true);
    },

    async stages(caller: UserRow, botId: string): Promise<PipelineStage[]> {
      const bot = await checked(caller, botId, false);
      return (await stagesOf(bot)).map(toStage);
    },

    async addStage(caller: UserRow, botId: string, body: { name: string; color?: string }): Promise<PipelineStage> {
      const bot = await stagesWritable(caller, botId);
      const stages = await stagesOf(bot);
      if (stages.length >= crmLimits.stages) throw new AppError('VALIDATION_FAILED', { name: 'VALIDATION_FAILED' });
      return toStage(await repo.addStage(bot.id, body.name, body.color ?? stageColors[stages.length % stageColors.length]!));
    },

    async updateStage(caller: UserRow, id: string, body: StageUpdateBody): Promise<PipelineStage> {
      const { stage } = await stageOf(caller, id);
      return toStage(await repo.updateStage(stage, body));
    },

    /** Deletes a stage; its contacts move to `moveTo` or the first other stage. The last stage stays. */
    async deleteStage(caller: UserRow, id: string, moveTo?: string): Promise<void> {
      const { bot, stage } = await stageOf(caller, id);
      const stages = await stagesOf(bot);
      const others = stages.filter((s) => s.id !== stage.id);
      const target = moveTo ? stageIn(others, moveTo, 'moveTo') : others[0];
      if (!target) throw new AppError('VALIDATION_FAILED', { id: 'VALIDATION_FAILED' });
      await repo.deleteStage(stage, target, stages[0]?.id === stage.id);
    },

    async list(caller: UserRow, q: z.output<typeof contactListQuery>): Promise<ContactList> {
      const bot = await checked(caller, q.botId, false);
      const stages = await stagesOf(bot);
      // A stage of another bot (or none) is a wrong filter, not an empty list.
      if (q.stageId) stageIn(stages, q.stageId, 'stageId');
      const first = stages[0]?.id ?? null;
      const filter = { botId: bot.id, q: q.q || undefined, stageId: q.stageId, firstStageId: first ?? undefined, tag: q.tag, channel: q.channel, optedOut: q.optedOut };
      const rows = await repo.list({ ...filter, sort: q.sort, after: q.cursor ? decodeSortCursor(q.sort, q.cursor) : undefined, limit: q.limit + 1 });
      const more = rows.length > q.limit;
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      const items = page.map((r) => toContact(r, first));
      const nextCursor = more && last ? encodeSortCursor(q.sort, last.sort_key ?? last.cursor_at, last.id) : null;
      // A stage's first page says how many contacts the stage holds in all and what their deals
      // are worth (the board's column header); when the page holds the whole stage it is its sum.
      if (!q.stageId || q.cursor) return { items, nextCursor };
      if (more) {
        const all = await repo.totals(filter);
        return { items, nextCursor, total: all.count, totalValueCents: all.valueCents };
      }
      return { items, nextCursor, total: items.length, totalValueCents: items.reduce((sum, c) => sum + (c.dealValueCents ?? 0), 0) };
    },

    async get(caller: UserRow, id: string): Promise<Contact> {
      const { bot } = await contactOf(caller, id, false);
      return fresh(id, await stagesOf(bot));
    },

    async create(caller: UserRow, body: ContactCreateBody): Promise<Contact> {
      const bot = await checked(caller, body.botId, true);
      // The owner's plan limits the contacts added by hand and imported (customers who write are always stored).
      await deps.quota.require(bot.userId, 'contacts');
      const stages = await stagesOf(bot);
      const stage = body.stageId ? stageIn(stages, body.stageId, 'stageId') : stages[0]!;
      const id = await repo.create({
        botId: bot.id,
        name: body.name,
        phone: body.phone ?? '',
        email: body.email ?? '',
        tags: uniqueTags(body.tags ?? []),
        stageId: stage.id,
        // Consent to marketing is given, never assumed: a contact added without the answer has not given it.
        marketingConsent: body.marketingConsent ?? false,
        dealValueCents: body.dealValueCents ?? null,
      });
      return fresh(id, stages);
    },

    /** Edits fields; `stageId` (with `position`, the index in the column) moves the contact on the board. */
    async update(caller: UserRow, id: string, body: ContactUpdateBody): Promise<Contact> {
      const { bot, contact } = await contactOf(caller, id, true);
      const stages = await stagesOf(bot);
      const stageNow = contact.stageId ?? stages[0]!.id;
      let move;
      // A placement by hand: a new stage, or a place in a column (a drop, even where it was). A save
      // of the drawer that names the stage it is in does not count.
      if (body.position !== undefined || (body.stageId !== undefined && body.stageId !== stageNow)) {
        const to = stageIn(stages, body.stageId ?? stageNow, 'stageId');
        move = { from: stages.find((s) => s.id === stageNow), to, toFirst: to.id === stages[0]!.id, index: body.position, userId: caller.id };
      }
      const { stageId: _s, position: _p, customFields, ...fields } = body;
      const values = customFields ? await customValues(bot.id, contact.customFields, customFields) : undefined;
      await repo.update(contact, { ...fields, tags: fields.tags ? uniqueTags(fields.tags) : undefined, customFields: values }, move);
      return fresh(id, stages);
    },

    /** Erases a contact with their conversations, messages, kept files, appointments and notes. */
    async remove(caller: UserRow, id: string): Promise<void> {
      const { bot } = await contactOf(caller, id, true);
      const files = await repo.mediaFiles(id);
      await repo.deleteContact(id);
      // The erased contact's name is not kept: the entry names the bot only.
      await deps.audit.record({ accountId: bot.userId, actor: caller, action: 'contact.deleted', target: { type: 'contact', id }, details: { bot_name: bot.botName } });
      await Promise.all(files.map((f) => deps.storage.delete(keptFileKey(bot.id, f.file)).catch(() => undefined)));
    },

    async addNote(caller: UserRow, id: string, text: string): Promise<ContactNote> {
      const { bot } = await contactOf(caller, id, true);
      const row = await repo.addNote(bot.id, id, caller.id, text);
      const note: ContactNote = { id: row.id, contactId: row.contactId, text: row.text, authorId: row.authorId, authorName: caller.name, createdAt: iso(row.createdAt) };
      deps.emit?.(rooms.bot(bot.id), 'contactNote', { botId: bot.id, note });
      return note;
    },

    /** The team's notes on a contact (newest `crmLimits.timeline`, oldest first), for the inbox's thread and the contact's card. */
    async notes(caller: UserRow, id: string): Promise<ContactNote[]> {
      await contactOf(caller, id, false);
      const rows = await repo.notes(id, crmLimits.timeline);
      return rows.map((row) => ({ id: row.id, contactId: row.contactId, text: row.text, authorId: row.authorId, authorName: row.authorName, createdAt: iso(row.createdAt) }));
    },

    async timeline(caller: UserRow, id: string): Promise<TimelineItem[]> {
      await contactOf(caller, id, false);
      const rows = await repo.timeline(id, crmLimits.timeline);
      return rows.reverse().map((r): TimelineItem => {
        const at = iso(r.at);
        switch (r.kind) {
          case 'message':
            return { kind: 'message', id: r.id, at, channel: timelineEnums.channel(r.channel!), direction: timelineEnums.direction(r.direction!), author: timelineEnums.author(r.author!), text: r.text ?? '' };
          case 'appointment':
            return { kind: 'appointment', id: r.id, at, startAt: iso(r.start_at!), service: r.text ?? '', status: timelineEnums.status(r.status!) };
          case 'stage':
            return { kind: 'stage', id: r.id, at, from: r.from_stage, to: r.text ?? '', by: timelineEnums.by(r.by!) };
          default:
            return { kind: 'note', id: r.id, at, text: r.text ?? '' };
        }
      });
    },

    async fields(caller: UserRow, botId: string): Promise<ContactField[]> {
      const bot = await checked(caller, botId, false);
      return (await deps.fields.list(bot.id)).map(toField);
    },

    async addField(caller: UserRow, botId: string, body: ContactFieldCreateBody): Promise<ContactField> {
      const bot = await checked(caller, botId, true);
      const existing = await deps.fields.list(bot.id);
      if (existing.length >= crmLimits.fields) throw new AppError('VALIDATION_FAILED', { name: 'VALIDATION_FAILED' });
      const options = body.type === 'choice' ? [...new Set(body.options ?? [])] : [];
      if (body.type === 'choice' && options.length === 0) throw new AppError('VALIDATION_FAILED', { options: 'VALIDATION_FAILED' });
      return toField(await deps.fields.add(bot.id, { name: body.name, type: body.type, options }));
    },

    async updateField(caller: UserRow, id: string, body: ContactFieldUpdateBody): Promise<ContactField> {
      const field = await fieldOf(caller, id);
      const options = body.options && field.type === 'choice' ? [...new Set(body.options)] : undefined;
      if (options && options.length === 0) throw new AppError('VALIDATION_FAILED', { options: 'VALIDATION_FAILED' });
      return toField(await deps.fields.update(field, { name: body.name, options, position: body.position }));
    },

    /** Deletes a field with every contact's value of it. */
    async removeField(caller: UserRow, id: string): Promise<void> {
      await deps.fields.remove(await fieldOf(caller, id));
    },

    /**
     * Joins two contacts of one bot, the same person: `mergeId`'s conversations, messages,
     * channels, appointments, notes and history go to `keepId`. What `keepId` lacks (name,
     * phone, e-mail, the deal's value, a field's value, captured data) it takes from the other; tags join; an
     * opt-out of either stands; the kept contact's stage stays.
     */
    async merge(caller: UserRow, keepId: string, mergeId: string): Promise<Contact> {
      const { bot, contact: keep } = await contactOf(caller, keepId, true);
      const { contact: gone } = await contactOf(caller, mergeId, true);
      if (gone.botId !== keep.botId) throw new AppError('VALIDATION_FAILED', { mergeId: 'VALIDATION_FAILED' });
      const patch: Partial<ContactCrmRow> = {
        name: keep.name || gone.name,
        phone: keep.phone || gone.phone,
        email: keep.email || gone.email,
        tags: uniqueTags([...keep.tags, ...gone.tags]).slice(0, crmLimits.tags),
        marketingConsent: keep.marketingConsent && gone.marketingConsent,
        dealValueCents: keep.dealValueCents ?? gone.dealValueCents,
        customFields: { ...gone.customFields, ...keep.customFields },
        captured: { ...gone.captured, ...keep.captured },
      };
      await repo.merge(keep, gone, patch);
      return fresh(keepId, await stagesOf(bot));
    },

    async importPreview(caller: UserRow, botId: string, bytes: Buffer): Promise<ImportPreview> {
      const bot = await checked(caller, botId, true);
      const csv = readImportCsv(bytes, crmLimits.importRows);
      return importPreview(csv, suggestContactMapping(csv.columns, await deps.fields.list(bot.id)));
    },

    /**
     * Imports contacts from a CSV with the owner's mapping: new people are created, those whose
     * phone or e-mail the bot knows are updated; bad rows are reported and the rest imported.
     */
    async importContacts(caller: UserRow, botId: string, bytes: Buffer, mapping: ContactImportMapping, locale: Locale): Promise<ImportResult> {
      const bot = await checked(caller, botId, true);
      const targets = Object.values(mapping);
      if (!targets.some((t) => t === 'name' || t === 'phone' || t === 'email')) throw new AppError('VALIDATION_FAILED', { mapping: 'VALIDATION_FAILED' });
      const csv = readImportCsv(bytes, crmLimits.importRows);
      const stages = await stagesOf(bot);
      const country = countryOfPhone(bot.businessPhone || bot.redirectionPhone);
      const byPhone = new Map<string, string>();
      const byEmail = new Map<string, string>();
      for (const k of await repo.importKeys(bot.id)) {
        if (k.phone) {
          // Most are E.164 already; Mexico's old mobile "+521…" and numbers typed by hand are read again.
          const e164 = /^\+\d{8,15}$/.test(k.phone) && !/^\+521\d{10}$/.test(k.phone) ? k.phone : checkPhone(k.phone, country);
          byPhone.set(typeof e164 === 'string' ? e164 : e164.ok ? e164.e164 : k.phone, k.id);
        }
        if (k.email) byEmail.set(k.email.toLowerCase(), k.id);
      }
      const read = readContactRows(csv, mapping, { stages, fields: await deps.fields.list(bot.id), country, locale, byPhone, byEmail });
      if (read.created.length) await deps.quota.require(bot.userId, 'contacts', { adding: read.created.length });
      const names = new Map(stages.map((s) => [s.id, s.name]));
      await repo.importContacts(bot.id, read.created, read.updated, (id) => names.get(id) ?? '');
      return { created: read.created.length, updated: read.updated.length, skipped: read.errors.length, errors: read.errors.slice(0, 100) };
    },

    /**
     * After the bot's turn committed: keeps what it captured and moves the contact along the
     * pipeline — a lead captured (a phone or e-mail given, or an interest) to the lead stage, an
     * appointment booked to the appointment stage. Only forward, and never a contact a person
     * placed: the owner's placement is never overridden.
     */
    async afterTurn(turn: { botId: string; contactId: string; actions: readonly EngineAction[] }): Promise<void> {
      const captured: Record<string, string> = {};
      for (const a of turn.actions) {
        if (a.type !== 'capture') continue;
        for (const key of ['interest', 'product', 'budget'] as const) if (a[key]?.trim()) captured[key] = a[key].trim().slice(0, crmLimits.captured);
      }
      if (Object.keys(captured).length) await repo.saveCaptured(turn.contactId, captured);
      const booked = turn.actions.some((a) => a.type === 'book');
      const lead = Object.keys(captured).length > 0 || turn.actions.some((a) => a.type === 'update_contact' && (a.phone || a.email));
      if (!booked && !lead) return;
      const bot = await deps.bots.find(turn.botId);
      if (!bot) return;
      const stages = await stagesOf(bot);
      const auto = automaticStages(stages, bot.purpose);
      const to = booked ? (auto.appointment ?? auto.lead) : auto.lead;
      if (!to) return;
      await repo.botMove(turn.contactId, to, stages.slice(0, stages.indexOf(to)));
    },

    /** The bot's contacts as CSV lines (a UTF-8 BOM first, so Excel reads the accents). */
    async *export(caller: UserRow, botId: string, locale: 'es' | 'en'): AsyncGenerator<string> {
      const bot = await checked(caller, botId, false);
      await deps.audit.record({ accountId: bot.userId, actor: caller, action: 'contacts.exported', target: { type: 'bot', id: bot.id }, details: { bot_name: bot.botName } });
      const first = (await stagesOf(bot))[0]?.name ?? '';
      const fields = await deps.fields.list(bot.id);
      const head = [
        ...(locale === 'en'
          ? ['Name', 'Phone', 'E-mail', 'Stage', 'Tags', 'Source channel', 'Channels', 'First contact', 'Last contact', 'Marketing consent', 'Interest', 'Product', 'Budget']
          : ['Nombre', 'Teléfono', 'Correo', 'Etapa', 'Etiquetas', 'Canal de origen', 'Canales', 'Primer contacto', 'Último contacto', 'Acepta marketing', 'Interés', 'Producto', 'Presupuesto']),
        ...fields.map((f) => f.name),
      ];
      const yes = locale === 'en' ? 'yes' : 'sí';
      yield `\uFEFF${head.map(csvField).join(',')}\r\n`;
      for await (const rows of repo.all(bot.id, first)) {
        yield rows
          .map((r) => {
            const captured = contactColumns.captured(jsonOf(r.captured));
            const values = contactColumns.customFields(jsonOf(r.custom_fields));
            return [
              r.name, r.phone, r.email, r.stage_name ?? '', (r.tags ?? []).join('; '), r.source_channel ?? '', (r.channels ?? []).join('; '), iso(r.created_at), r.last_at ? iso(r.last_at) : '', r.marketing_consent ? yes : 'no',
              captured.interest ?? '', captured.product ?? '', captured.budget ?? '',
              ...fields.map((f) => (values[f.id] === undefined ? '' : String(values[f.id]))),
            ]
              .map(csvField)
              .join(',');
          })
          .join('\r\n') + '\r\n';
      }
    },
  };
}

export type CrmService = ReturnType<typeof crmService>;
