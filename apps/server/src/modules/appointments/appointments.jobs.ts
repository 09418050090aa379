import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { sweep } from '../app-module.ts';
import type { AppointmentsService } from './appointments.service.ts';
import { REMINDER_JOB, type ReminderJob } from './reminders.ts';

/**
 * Reminder jobs, and a sweep for appointments marked as needing their reminders set and left so
 * (a crash between a turn, or a change of the reminder settings, and its follow-up): only those
 * rows are read.
 */
export async function appointmentsJobs(app: FastifyInstance, config: Config, jobs: Jobs, calendar: AppointmentsService): Promise<void> {
  await jobs.define<ReminderJob>(REMINDER_JOB, async (data) => void (await calendar.deliverReminder(data)), { concurrency: 2, batchSize: 25, retryLimit: 5, retryDelay: 5 });
  sweep(app, config, 'reminder sweep', 60_000, () => calendar.afterBotTurn());
}
