import { createHash, randomBytes } from 'node:crypto';
import {
  activeAppointmentStatuses,
  appointmentLimits,
  rooms,
  type Appointment,
  type AppointmentChangedEvent,
  type AppointmentListQuery,
  type AppointmentStatus,
  type createAppointmentBody,
  type ServerToClientEvents,
  type updateAppointmentBody,
} from '@charla/shared';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { secretBox } from '../../lib/crypto.ts';
import type { UserRow } from '../auth/index.ts';
import type { BotRow, BotsService } from '../bots/index.ts';
import type { AccessService } from '../access/access.module.ts';
import { SlotConflict, type AppointmentRow, type AppointmentsRepository, type AppointmentView } from './appointments.repository.ts';
import { availability } from './availability.ts';
import { icsCalendar } from './ics.ts';
import type { NoticeKind, ReminderJob, Reminders } from './reminders.ts';

type Emit = <E extends keyof ServerToClientEvents>(room: string, event: E, ...args: Parameters<ServerToClientEvents[E]>) => void;
type CreateBody = z.output<typeof createAppointmentBody>;
type UpdateBody = z.output<typeof updateAppointmentBody>;

const DAY = 86_400_000;
/** A change of the reminder settings sets at most this many appointments' jobs at once (the sweep takes the rest). */
const SETTINGS_BATCH = 500;
const SETTINGS_ROUNDS = 4;
/** The statuses that say how an appointment went: only once it has started. */
const startedStatuses: ReadonlySet<string> = new Set(['completed', 'no_show']);
/** A change by the owner, and whether the customer was sent a notice of it. */
type Changed = { appointment: Appointment; customerNotified?: boolean };
const isActive = (status: string) => (activeAppointmentStatuses as readonly string[]).includes(status);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function toAppointment(a: AppointmentView): Appointment {
  return {
    id: a.id,
    botId: a.botId,
    contact: a.contact,
    conversationId: a.conversationId,
    channel: a.channel,
    start: a.startAt.toISOString(),
    end: a.endAt.toISOString(),
    service: a.service,
    notes: a.notes,
    status: a.status,
    source: a.source,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/**
 * The calendar of a bot's business: the owner lists, books, moves and cancels appointments;
 * every change sets its reminders again and tells the bot's room. The database's exclusion
 * constraint decides overlaps; the opening hours bind the owner only without `force`.
 */
export function appointmentsService(deps: {
  repo: AppointmentsRepository;
  bots: BotsService;
  access: AccessService;
  box: ReturnType<typeof secretBox>;
  reminders: Reminders;
  emit: Emit;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { repo, bots, access, reminders } = deps;
  const now = () => deps.now?.() ?? new Date();

  function announce(a: AppointmentView, change: AppointmentChangedEvent['change'], by: AppointmentChangedEvent['by']) {
    deps.emit(rooms.bot(a.botId), 'appointmentChanged', { botId: a.botId, appointment: toAppointment(a), change, by });
  }

  async function announceAll(changed: { row: AppointmentRow; change: AppointmentChangedEvent['change'] }[]) {
    for (const { row, change } of changed) {
      const view = await repo.find(row.id);
      if (view) announce(view, change, 'bot');
    }
  }

  /** The appointment with the bot it belongs to, if the caller may see that bot. */
  async function owned(caller: UserRow, id: string, write: boolean) {
    const found = await repo.find(id);
    if (!found) throw new AppError('NOT_FOUND');
    const bot = write ? await access.requireWrite(caller, found.botId, 'appointments') : await access.requireRead(caller, found.botId, 'appointments');
    return { found, bot };
  }

  /** Refuses a time that overlaps another appointment (409 with the next free starts) or, without force, one outside the hours. */
  function checkTime(bot: BotRow, start: Date, end: Date, force: boolean): number {
    if (end.getTime() <= start.getTime()) throw new AppError('VALIDATION_FAILED', { end: 'VALIDATION_FAILED' }, { es: 'La cita debe terminar después de empezar.', en: 'The appointment must end after it starts.' });
    const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
    if (!force && !availability(repo, bot).withinHours(start, minutes)) throw new AppError('OUTSIDE_HOURS', { start: 'OUTSIDE_HOURS' });
    return minutes;
  }

  /** 409 with the next free starts; a moved appointment is never offered the time it already has. */
  async function slotTaken(bot: BotRow, start: Date, minutes: number, moving?: AppointmentRow): Promise<never> {
    const own = moving?.startAt.getTime();
    const next = (await availability(repo, bot).freeStarts(start, now(), appointmentLimits.nextSlots + 1, minutes, moving?.id))
      .filter((d) => d.getTime() !== own)
      .slice(0, appointmentLimits.nextSlots);
    throw new AppError('SLOT_TAKEN', { start: 'SLOT_TAKEN' }, undefined, { nextSlots: next.map((d) => d.toISOString()) });
  }

  /** Sets the appointment's reminders for its new time or status and tells the room. */
  async function after(row: AppointmentRow, bot: BotRow, change: AppointmentChangedEvent['change']): Promise<Appointment> {
    await reminders.sync(row, bot).catch((err) => deps.log.error({ err, appointmentId: row.id }, 'reminders not set; the sweep sets them'));
    const view = (await repo.find(row.id))!;
    announce(view, change, 'owner');
    return toAppointment(view);
  }

  /** The customer hears of the owner's change in their conversation (a failure there does not undo the change). */
  async function tell(row: AppointmentRow, bot: BotRow, kind: NoticeKind, previous: Date): Promise<boolean> {
    return reminders.notify(row, bot, kind, previous).catch((err) => {
      deps.log.error({ err, appointmentId: row.id }, 'change notice not sent');
      return false;
    });
  }

  function feedUrl(origin: string, token: string) {
    return `${origin}/api/appointments/feed/${token}.ics`;
  }

  async function newFeed(botId: string, onlyIfNone: boolean) {
    const token = randomBytes(24).toString('base64url');
    const row = await repo.setFeed(botId, sha256(token), deps.box.seal(token), onlyIfNone);
    return deps.box.open(row.tokenSealed);
  }

  return {
    /** The answer of GET /api/appointments as JSON text (`{ items }`), built by the database. */
    async list(caller: UserRow, q: AppointmentListQuery): Promise<string> {
      await access.requireRead(caller, q.botId, 'appointments');
      const from = new Date(q.from);
      const to = new Date(q.to);
      if (to.getTime() <= from.getTime() || to.getTime() - from.getTime() > appointmentLimits.rangeDays * DAY) {
        throw new AppError('VALIDATION_FAILED', { to: 'VALIDATION_FAILED' }, { es: 'El rango debe ir hacia adelante y cubrir 92 días como máximo.', en: 'The range must go forwards and span 92 days at most.' });
      }
      return `{"items":${await repo.listJson(q.botId, from, to, q.status, q.contactId)}}`;
    },

    async create(caller: UserRow, body: CreateBody): Promise<Appointment> {
      const bot = await access.requireWrite(caller, body.botId, 'appointments');
      const start = new Date(body.start);
      const end = body.end ? new Date(body.end) : new Date(start.getTime() + availability(repo, bot).appointmentMinutes * 60_000);
      const minutes = checkTime(bot, start, end, body.force);
      let contactId = body.contactId;
      if (contactId && !(await repo.contactOf(bot.id, contactId))) throw new AppError('NOT_FOUND', { contactId: 'NOT_FOUND' });
      // The new contact is created only once the time is known to be free.
      if ((await repo.overlapping(bot.id, start, end)).length) await slotTaken(bot, start, minutes);
      if (!contactId) contactId = (await repo.createContact(bot.id, body.contact!)).id;
      const conversation = await repo.conversationFor({ conversationId: null, contactId });
      let row: AppointmentRow;
      try {
        row = await repo.insert({ botId: bot.id, contactId, conversationId: conversation?.id ?? null, startAt: start, endAt: end, service: body.service, notes: body.notes, source: 'owner' });
      } catch (err) {
        if (err instanceof SlotConflict) return slotTaken(bot, start, minutes);
        throw err;
      }
      return after(row, bot, 'created');
    },

    async update(caller: UserRow, id: string, body: UpdateBody): Promise<Changed> {
      const { found, bot } = await owned(caller, id, true);
      const startsAt = body.start ? new Date(body.start) : found.startAt;
      if (body.status && body.status !== found.status && startedStatuses.has(body.status) && startsAt.getTime() > now().getTime()) {
        throw new AppError('APPOINTMENT_NOT_STARTED', { status: 'APPOINTMENT_NOT_STARTED' });
      }
      const start = body.start ? new Date(body.start) : found.startAt;
      const end = body.end ? new Date(body.end) : body.start ? new Date(start.getTime() + (found.endAt.getTime() - found.startAt.getTime())) : found.endAt;
      const status: AppointmentStatus = body.status ?? found.status;
      const moved = start.getTime() !== found.startAt.getTime() || end.getTime() !== found.endAt.getTime();
      if (moved || (isActive(status) && !isActive(found.status))) {
        const minutes = checkTime(bot, start, end, body.force || !moved);
        if (isActive(status) && (await repo.overlapping(bot.id, start, end, id)).length) await slotTaken(bot, start, minutes, found);
      }
      let row: AppointmentRow | undefined;
      try {
        row = await repo.update(id, {
          startAt: start,
          endAt: end,
          status,
          ...(body.service !== undefined && { service: body.service }),
          ...(body.notes !== undefined && { notes: body.notes }),
        });
      } catch (err) {
        if (err instanceof SlotConflict) return slotTaken(bot, start, Math.round((end.getTime() - start.getTime()) / 60_000), found);
        throw err;
      }
      if (!row) throw new AppError('NOT_FOUND');
      const cancelled = status === 'cancelled' && found.status !== 'cancelled';
      let customerNotified: boolean | undefined;
      const restored = isActive(row.status) && found.status === 'cancelled';
      if (moved && isActive(row.status)) customerNotified = await tell(row, bot, 'moved', found.startAt);
      // A cancellation undone: the customer, who may have been told of it, hears that it stands.
      else if (restored) customerNotified = await tell(row, bot, 'restored', found.startAt);
      if (cancelled) customerNotified = await tell(row, bot, 'cancelled', found.startAt);
      return { appointment: await after(row, bot, cancelled ? 'cancelled' : 'updated'), customerNotified };
    },

    /** Cancels: the row stays, with status cancelled, and its reminders are dropped. */
    async cancel(caller: UserRow, id: string): Promise<Changed> {
      const { found, bot } = await owned(caller, id, true);
      if (found.status === 'cancelled') return { appointment: toAppointment(found), customerNotified: false };
      const row = await repo.update(id, { status: 'cancelled' });
      if (!row) throw new AppError('NOT_FOUND');
      const customerNotified = await tell(row, bot, 'cancelled', found.startAt);
      return { appointment: await after(row, bot, 'cancelled'), customerNotified };
    },

    async searchContacts(caller: UserRow, botId: string, q: string) {
      await access.requireRead(caller, botId, 'appointments');
      return (await repo.searchContacts(botId, q, appointmentLimits.contactSearch)).map((c) => ({ id: c.id, name: c.name, phone: c.phone, email: c.email }));
    },

    /** The link of the bot's calendar feed; its secret is made on the first read. */
    async feed(caller: UserRow, botId: string, origin: string): Promise<string> {
      await access.requireRead(caller, botId, 'appointments');
      const stored = await repo.feedOf(botId);
      return feedUrl(origin, stored ? deps.box.open(stored.tokenSealed) : await newFeed(botId, true));
    },

    /** A new secret: the old link stops working at once. */
    async regenerateFeed(caller: UserRow, botId: string, origin: string): Promise<string> {
      await access.requireWrite(caller, botId, 'appointments');
      return feedUrl(origin, await newFeed(botId, false));
    },

    /** The iCalendar text behind a feed link; any other token is a 404. */
    async feedCalendar(file: string): Promise<string> {
      const token = file.endsWith('.ics') && file.length <= 200 ? file.slice(0, -4) : '';
      const botId = token ? await repo.botOfFeed(sha256(token)) : undefined;
      const bot = botId && (await bots.find(botId));
      if (!bot) throw new AppError('NOT_FOUND');
      const at = now().getTime();
      const rows = await repo.list(bot.id, new Date(at - 60 * DAY), new Date(at + 366 * DAY));
      return icsCalendar(bot, rows, now());
    },

    /** Runs one reminder job (the queue's worker). */
    deliverReminder: (job: ReminderJob) => reminders.deliver(job),

    /** After a turn of the bot booked, moved, confirmed or cancelled: reminders set and the owner told. Without a bot: the recovery sweep. */
    async afterBotTurn(botId?: string): Promise<void> {
      const { changed } = await reminders.syncPending(botId);
      await announceAll(changed);
    },

    /**
     * The bot's reminder settings changed: each upcoming appointment gets one job per offset of
     * the new settings and loses the others. The rows are marked first, so a crash midway leaves
     * them to the recovery sweep.
     */
    async remindersChanged(botId: string): Promise<number> {
      const marked = await repo.markRemindersOutdated(botId, now());
      for (let round = 0; marked > 0 && round < SETTINGS_ROUNDS; round++) {
        const { read, changed } = await reminders.syncPending(botId, SETTINGS_BATCH);
        await announceAll(changed);
        if (read < SETTINGS_BATCH) break;
      }
      return marked;
    },
  };
}

export type AppointmentsService = ReturnType<typeof appointmentsService>;
