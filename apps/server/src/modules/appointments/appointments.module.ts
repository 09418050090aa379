import type { AccessService } from '../access/access.module.ts';
import type { AppModule, ModuleContext } from '../app-module.ts';
import type { BotsService } from '../bots/index.ts';
import type { Outbound } from '../conversations/index.ts';
import { appointmentsJobs } from './appointments.jobs.ts';
import { appointmentsRepository } from './appointments.repository.ts';
import { appointmentsRoutes } from './appointments.routes.ts';
import { appointmentsService } from './appointments.service.ts';
import { reminders } from './reminders.ts';

/** Citas: the calendar, its reminders (sent through the conversations' one send) and its feed. */
export function appointmentsModule(ctx: ModuleContext, deps: { bots: BotsService; access: AccessService; outbound: Pick<Outbound, 'send' | 'queueSend' | 'announce'> }) {
  const repo = appointmentsRepository(ctx.database.db);
  const calendar = appointmentsService({
    repo,
    bots: deps.bots,
    access: deps.access,
    box: ctx.box,
    reminders: reminders({
      repo,
      findBot: deps.bots.find,
      jobs: ctx.jobs,
      queueSend: deps.outbound.queueSend,
      sendNow: deps.outbound.send,
      announce: deps.outbound.announce,
      log: ctx.log,
    }),
    emit: ctx.emit,
    log: ctx.log,
  });
  // New reminder settings set the bot's upcoming reminders again at once (the sweep catches a failure).
  deps.bots.onRemindersChanged(async (botId) => void (await calendar.remindersChanged(botId).catch((err) => ctx.log.error({ err, botId }, 'reminders not set again; the sweep sets them'))));
  const module: AppModule = {
    name: 'appointments',
    jobs: (app) => appointmentsJobs(app, ctx.config, ctx.jobs, calendar),
    routes: async (app) => void (await app.register(appointmentsRoutes, { service: calendar })),
  };
  return { module, service: calendar };
}
