import { createHash } from 'node:crypto';
import { activeAppointmentStatuses, type ReminderItem } from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import { formatClock, formatDay, formatWhen } from '@charla/shared/dates';
import type { Jobs } from '../../plugins/jobs.ts';
import type { BotRow } from '../bots/index.ts';
import type { MessageRow } from '../conversations/index.ts';
import type { AppointmentRow, AppointmentsRepository, ContactRow } from './appointments.repository.ts';

export const REMINDER_JOB = 'appointment.reminder';
export interface ReminderJob {
  appointmentId: string;
  minutesBefore: number;
  /** The start the reminder announces: a job left from before a move finds it changed and does nothing. */
  startAt: string;
}

const isActive = (status: string) => (activeAppointmentStatuses as readonly string[]).includes(status);

/** The same job id for the same appointment, offset and start: setting it twice queues it once. */
export function reminderJobId(appointmentId: string, minutesBefore: number, startAt: Date): string {
  const h = createHash('sha256').update(`${appointmentId}:${minutesBefore}:${startAt.toISOString()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The bot's reminder message for one appointment: {nombre}, {fecha} and {hora} in its time zone and language. */
export function reminderText(template: string, bot: Pick<BotRow, 'timezone' | 'language'>, contact: Pick<ContactRow, 'name'>, start: Date): string {
  const locale = bot.language === 'en' ? 'en' : 'es';
  const name = contact.name.trim().split(/\s+/)[0] ?? '';
  return template
    .replaceAll('{nombre}', name)
    .replaceAll('{fecha}', formatDay(start, bot.timezone, locale))
    .replaceAll('{hora}', formatClock(start, bot.timezone, locale))
    .replace(/ +([,.!?])/g, '$1')
    // "a las 10:00 a. m.." when the template ends its sentence after {hora}.
    .replace(/(?<!\.)\.\.(?!\.)/g, '.')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The owner's changes the customer hears of: a move, a cancellation, and a cancellation undone. */
export type NoticeKind = 'moved' | 'cancelled' | 'restored';

/** What the customer is told when the business moves, cancels or restores their appointment, in the bot's language and tone. */
export function changeNotice(kind: NoticeKind, bot: Pick<BotRow, 'timezone' | 'language' | 'tone'>, start: Date, previous: Date): string {
  const locale = bot.language === 'en' ? 'en' : 'es';
  const when = (d: Date) => formatWhen(d, bot.timezone, locale);
  const period = (text: string) => (text.endsWith('.') ? text : `${text}.`);
  if (locale === 'en') {
    if (kind === 'restored') return `Your appointment on ${when(start)} is still on. Sorry for the confusion; we look forward to seeing you.`;
    return kind === 'moved'
      ? `${period(`Your appointment has been moved to ${when(start)}`)} If that time does not suit you, reply here.`
      : `Your appointment on ${when(previous)} has been cancelled. If you would like another date, reply here.`;
  }
  const formal = bot.tone === 'Formal';
  const from = `de ${when(previous)}`.replace(/^de el /, 'del ');
  if (kind === 'restored') {
    const on = `de ${when(start)}`.replace(/^de el /, 'del ');
    return formal ? `Su cita ${on} sigue en pie. Disculpe la confusión; lo esperamos.` : `Tu cita ${on} sigue en pie. Disculpa la confusión; te esperamos.`;
  }
  if (kind === 'moved') {
    return formal
      ? `${period(`Su cita ${from} se cambió para ${when(start)}`)} Si ese horario no le acomoda, respóndanos por aquí.`
      : `${period(`Tu cita ${from} se cambió para ${when(start)}`)} Si ese horario no te acomoda, respóndenos por aquí.`;
  }
  return formal
    ? `Su cita ${from} fue cancelada. Si desea agendar otra fecha, respóndanos por aquí.`
    : `Tu cita ${from} fue cancelada. Si quieres agendar otra fecha, respóndenos por aquí.`;
}

/**
 * Appointment reminders: one scheduled job per appointment and offset of the bot's reminder
 * settings, set again whenever the appointment or those settings change (moved: the old jobs are
 * cancelled and the new ones queued; cancelled or past: none). A job stores its message once (a row unique per
 * appointment, offset and start) and hands it to the one send path of the conversations.
 */
export function reminders(deps: {
  repo: AppointmentsRepository;
  findBot: (botId: string) => Promise<BotRow | undefined>;
  jobs: Jobs;
  /** Queues the send of a stored outbound message (the pipeline's send job). */
  queueSend: (messageId: string) => Promise<unknown>;
  /** Sends a stored outbound message now (the pipeline's send); when it throws, the send job takes over. */
  sendNow?: (messageId: string) => Promise<unknown>;
  /** Tells the bot's room about the stored reminder message. */
  announce?: (message: MessageRow) => void;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { repo, jobs } = deps;
  const now = () => deps.now?.() ?? new Date();

  const wanted = (a: AppointmentRow, items: ReminderItem[], at: Date) => {
    if (!isActive(a.status) || a.startAt.getTime() <= at.getTime()) return [];
    return items
      .filter((r) => r.enabled)
      .map((r) => ({ minutesBefore: r.minutes_before, sendAt: new Date(a.startAt.getTime() - r.minutes_before * 60_000) }))
      .filter((r) => r.sendAt.getTime() > at.getTime());
  };

  /** Sets the appointment's jobs for its current time and status; false when it changed meanwhile. */
  async function sync(a: AppointmentRow, bot: BotRow): Promise<boolean> {
    const ids: string[] = [];
    for (const r of wanted(a, bot.reminders, now())) {
      const id = reminderJobId(a.id, r.minutesBefore, a.startAt);
      const data: ReminderJob = { appointmentId: a.id, minutesBefore: r.minutesBefore, startAt: a.startAt.toISOString() };
      await jobs.send(REMINDER_JOB, data, { id, startAfter: r.sendAt });
      ids.push(id);
    }
    const stale = a.reminderJobs.filter((id) => !ids.includes(id));
    if (stale.length) await jobs.boss.cancel(REMINDER_JOB, stale);
    return repo.markSynced(a.id, a.updatedAt, ids);
  }

  /**
   * Sets the jobs of the appointments marked as needing them (of one bot, or all): changed since
   * their jobs were set (a bot's booking, a crash before its follow-up) or whose bot's reminder
   * settings changed. Answers how many were read and those that changed, for the owner's calendar.
   */
  async function syncPending(botId?: string, limit = 500): Promise<{ read: number; changed: { row: AppointmentRow; change: 'created' | 'updated' | 'cancelled' }[] }> {
    const rows = await repo.unsynced(limit, botId);
    const bots = new Map<string, BotRow | undefined>();
    const changed: { row: AppointmentRow; change: 'created' | 'updated' | 'cancelled' }[] = [];
    for (const row of rows) {
      if (!bots.has(row.botId)) bots.set(row.botId, await deps.findBot(row.botId));
      const bot = bots.get(row.botId);
      if (!bot) {
        await repo.markSynced(row.id, row.updatedAt, []);
        continue;
      }
      if (!(await sync(row, bot))) continue;
      // Only its jobs were outdated (the bot's settings changed): the appointment itself did not.
      if (row.remindersSyncedAt?.getTime() === row.updatedAt.getTime()) continue;
      changed.push({ row, change: row.status === 'cancelled' ? 'cancelled' : row.remindersSyncedAt ? 'updated' : 'created' });
    }
    return { read: rows.length, changed };
  }

  /**
   * Runs one reminder job: stores the message at most once, then queues its send. A retried job
   * (the process died after storing, or mid-send) finds the stored message and only queues its
   * send again, which the send path delivers at most once.
   */
  async function deliver(job: ReminderJob, faults: { afterStore?: () => void } = {}): Promise<'queued' | string> {
    const a = await repo.find(job.appointmentId);
    const bot = a && (await deps.findBot(a.botId));
    const item = bot?.reminders.find((r) => r.enabled && r.minutes_before === job.minutesBefore);
    if (!a || !bot || !item) return 'not_wanted';
    const stored = await repo.storeReminder({
      appointmentId: job.appointmentId,
      minutesBefore: job.minutesBefore,
      startAt: new Date(job.startAt),
      now: now(),
      text: (row, contact) => reminderText(item.message, bot, contact, row.startAt),
    });
    if ('skipped' in stored) return stored.skipped;
    faults.afterStore?.();
    if (stored.message.status !== 'queued') return 'sent';
    if (stored.created) deps.announce?.(stored.message);
    // The one send path, at once (its claim keeps it at most once); retried by the send job if it fails.
    if (deps.sendNow) {
      try {
        await deps.sendNow(stored.message.id);
        return 'queued';
      } catch (err) {
        deps.log.warn({ err, messageId: stored.message.id }, 'reminder send failed; the send job retries it');
      }
    }
    await deps.queueSend(stored.message.id);
    return 'queued';
  }

  /** Tells the customer, in their conversation, that the business moved or cancelled their appointment. */
  /** Tells the customer of the owner's change in their conversation; true when a notice went out to be sent. */
  async function notify(a: AppointmentRow, bot: BotRow, kind: NoticeKind, previous: Date): Promise<boolean> {
    const conversation = await repo.conversationFor(a);
    if (!conversation || a.startAt.getTime() <= now().getTime()) return false;
    const text = changeNotice(kind, bot, a.startAt, previous);
    const key = `notice:${a.id}:${kind}:${a.updatedAt.toISOString()}`;
    const message = await repo.storeNotice(conversation, text, key, [{ type: kind === 'moved' ? 'reschedule' : kind === 'cancelled' ? 'cancel' : 'restore', appointmentId: a.id, start: a.startAt.toISOString() }]);
    if (!message) return false;
    deps.announce?.(message);
    await deps.queueSend(message.id);
    return true;
  }

  return { sync, syncPending, deliver, notify };
}

export type Reminders = ReturnType<typeof reminders>;
