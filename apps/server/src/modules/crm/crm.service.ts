import {
  appointmentStatuses,
  contactChannels,
  crmLimits,
  defaultStages,
  messageAuthors,
  messageDirections,
  stageMovers,
  stageColors,
  type Contact,
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
import { enumColumn } from '../../lib/row-parse.ts';
import { iso } from '../../lib/keyset-cursor.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type { UserRow } from '../auth/auth.repository.ts';
import type { BotRow } from '../bots/bots.repository.ts';
import type { BotsService } from '../bots/bots.service.ts';
import { decodeSortCursor, encodeSortCursor } from './contact-sort.ts';
import type { ContactListRow, CrmRepository, StageRow } from './crm.repository.ts';

export interface CrmDeps {
  repo: CrmRepository;
  bots: BotsService;
  /** Where the files customers sent are kept (erased with the contact). */
  storage: FileStorage;
}

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
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A new pipeline's stages by the bot's purpose, the last (lost) one red. */
export function defaultStagesOf(purpose: string): { name: string; color: string }[] {
  const names = purpose === 'appointments' ? defaultStages.appointments : defaultStages.sales;
  return names.map((name, i) => ({ name, color: i === names.length - 1 ? '#dc2626' : stageColors[i % stageColors.length]! }));
}

const toStage = (s: StageRow): PipelineStage => ({ id: s.id, botId: s.botId, name: s.name, color: s.color, position: s.position });

/** Tags are kept once each, in the order given. */
/** The timeline is one SQL union over several tables; its rows' enums are checked here. */
const timelineEnums = {
  channel: enumColumn(contactChannels, 'timeline.channel'),
  direction: enumColumn(messageDirections, 'timeline.direction'),
  author: enumColumn(messageAuthors, 'timeline.author'),
  status: enumColumn(appointmentStatuses, 'timeline.status'),
  by: enumColumn(stageMovers, 'timeline.by'),
};

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
 * through the one access check of bots.service; a bot or contact of another owner does not exist.
 */
export function crmService(deps: CrmDeps) {
  const { repo } = deps;

  const checked = (caller: UserRow, botId: string, write: boolean): Promise<BotRow> => deps.bots.hiddenUnlessOwn(caller, botId, write);

  /** The bot's stages, the purpose's defaults created on first read. */
  const stagesOf = (bot: BotRow): Promise<StageRow[]> => repo.ensureStages(bot.id, defaultStagesOf(bot.purpose));

  async function contactOf(caller: UserRow, id: string, write: boolean) {
    const contact = await repo.findContact(id);
    if (!contact) throw new AppError('NOT_FOUND');
    const bot = await checked(caller, contact.botId, write);
    return { bot, contact };
  }

  async function stageOf(caller: UserRow, id: string) {
    const stage = await repo.findStage(id);
    if (!stage) throw new AppError('NOT_FOUND');
    const bot = await checked(caller, stage.botId, true);
    return { bot, stage };
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
    async stages(caller: UserRow, botId: string): Promise<PipelineStage[]> {
      const bot = await checked(caller, botId, false);
      return (await stagesOf(bot)).map(toStage);
    },

    async addStage(caller: UserRow, botId: string, body: { name: string; color?: string }): Promise<PipelineStage> {
      const bot = await checked(caller, botId, true);
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

    async list(caller: UserRow, q: z.output<typeof contactListQuery>): Promise<{ items: Contact[]; nextCursor: string | null }> {
      const bot = await checked(caller, q.botId, false);
      const first = (await stagesOf(bot))[0]?.id ?? null;
      const rows = await repo.list({
        botId: bot.id,
        q: q.q || undefined,
        stageId: q.stageId,
        firstStageId: first ?? undefined,
        tag: q.tag,
        channel: q.channel,
        optedOut: q.optedOut,
        sort: q.sort,
        after: q.cursor ? decodeSortCursor(q.sort, q.cursor) : undefined,
        limit: q.limit + 1,
      });
      const more = rows.length > q.limit;
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return { items: page.map((r) => toContact(r, first)), nextCursor: more && last ? encodeSortCursor(q.sort, last.sort_key ?? last.cursor_at, last.id) : null };
    },

    async get(caller: UserRow, id: string): Promise<Contact> {
      const { bot } = await contactOf(caller, id, false);
      return fresh(id, await stagesOf(bot));
    },

    async create(caller: UserRow, body: ContactCreateBody): Promise<Contact> {
      const bot = await checked(caller, body.botId, true);
      const stages = await stagesOf(bot);
      const stage = body.stageId ? stageIn(stages, body.stageId, 'stageId') : stages[0]!;
      const id = await repo.create({
        botId: bot.id,
        name: body.name,
        phone: body.phone ?? '',
        email: body.email ?? '',
        tags: uniqueTags(body.tags ?? []),
        stageId: stage.id,
        marketingConsent: body.marketingConsent ?? true,
      });
      return fresh(id, stages);
    },

    /** Edits fields; `stageId` (with `position`, the index in the column) moves the contact on the board. */
    async update(caller: UserRow, id: string, body: ContactUpdateBody): Promise<Contact> {
      const { bot, contact } = await contactOf(caller, id, true);
      const stages = await stagesOf(bot);
      const stageNow = contact.stageId ?? stages[0]!.id;
      let move;
      if (body.stageId !== undefined || body.position !== undefined) {
        const to = stageIn(stages, body.stageId ?? stageNow, 'stageId');
        move = { from: stages.find((s) => s.id === stageNow), to, toFirst: to.id === stages[0]!.id, index: body.position, userId: caller.id };
      }
      const { stageId: _s, position: _p, ...fields } = body;
      await repo.update(contact, { ...fields, tags: fields.tags ? uniqueTags(fields.tags) : undefined }, move);
      return fresh(id, stages);
    },

    /** Erases a contact with their conversations, messages, kept files, appointments and notes. */
    async remove(caller: UserRow, id: string): Promise<void> {
      const { bot } = await contactOf(caller, id, true);
      const files = await repo.mediaFiles(id);
      await repo.deleteContact(id);
      await Promise.all(files.map((f) => deps.storage.remove(`media/${bot.id}/${f.file}`).catch(() => undefined)));
    },

    async addNote(caller: UserRow, id: string, text: string): Promise<ContactNote> {
      const { bot } = await contactOf(caller, id, true);
      const row = await repo.addNote(bot.id, id, caller.id, text);
      return { id: row.id, contactId: row.contactId, text: row.text, authorId: row.authorId, createdAt: iso(row.createdAt) };
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

    /** The bot's contacts as CSV lines (a UTF-8 BOM first, so Excel reads the accents). */
    async *export(caller: UserRow, botId: string, locale: 'es' | 'en'): AsyncGenerator<string> {
      const bot = await checked(caller, botId, false);
      const first = (await stagesOf(bot))[0]?.name ?? '';
      const head =
        locale === 'en'
          ? ['Name', 'Phone', 'E-mail', 'Stage', 'Tags', 'Source channel', 'Channels', 'First contact', 'Last contact', 'Marketing consent']
          : ['Nombre', 'Teléfono', 'Correo', 'Etapa', 'Etiquetas', 'Canal de origen', 'Canales', 'Primer contacto', 'Último contacto', 'Acepta marketing'];
      const yes = locale === 'en' ? 'yes' : 'sí';
      yield `\uFEFF${head.map(csvField).join(',')}\r\n`;
      for await (const rows of repo.all(bot.id, first)) {
        yield rows
          .map((r) =>
            [r.name, r.phone, r.email, r.stage_name ?? '', (r.tags ?? []).join('; '), r.source_channel ?? '', (r.channels ?? []).join('; '), iso(r.created_at), r.last_at ? iso(r.last_at) : '', r.marketing_consent ? yes : 'no']
              .map(csvField)
              .join(','),
          )
          .join('\r\n') + '\r\n';
      }
    },
  };
}

export type CrmService = ReturnType<typeof crmService>;
