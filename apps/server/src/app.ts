import Fastify from 'fastify';
import compress from '@fastify/compress';
import type { DestinationStream } from 'pino';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { trainingLimits } from '@charla/shared';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Keys } from './lib/secrets.ts';
import { authRepository, type UserRow } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService, type AuthService } from './modules/auth/auth.service.ts';
import { accessTokens } from './modules/auth/tokens.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { botsRepository } from './modules/bots/bots.repository.ts';
import { botsRoutes } from './modules/bots/bots.routes.ts';
import { botsService, type BotsService } from './modules/bots/bots.service.ts';
import { secretBox } from './lib/crypto.ts';
import { fileStorage } from './lib/storage.ts';
import { createJobs, type Jobs } from './plugins/jobs.ts';
import { trainingRepository } from './modules/training/training.repository.ts';
import { trainingRoutes } from './modules/training/training.routes.ts';
import { PROCESS_JOB, trainingRetryLimit, trainingService, type TrainingService } from './modules/training/training.service.ts';
import { retrieval, type Search } from './modules/training/retrieval.ts';
import { productsRepository } from './modules/products/products.repository.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { productsService } from './modules/products/products.service.ts';
import { appointmentsRepository } from './modules/appointments/appointments.repository.ts';
import { appointmentsRoutes } from './modules/appointments/appointments.routes.ts';
import { appointmentsService, type AppointmentsService } from './modules/appointments/appointments.service.ts';
import { REMINDER_JOB, reminders as appointmentReminders, type ReminderJob } from './modules/appointments/reminders.ts';
import { conversationsRepository } from './modules/conversations/conversations.repository.ts';
import { IDLE_JOB, MEDIA_JOB, pipeline, REPLY_JOB, SEND_JOB, toConversationMessage, type Pipeline } from './modules/conversations/pipeline.ts';
import { inboxRepository } from './modules/conversations/inbox.repository.ts';
import { inboxRoutes } from './modules/conversations/inbox.routes.ts';
import { inboxService } from './modules/conversations/inbox.service.ts';
import { crmRepository } from './modules/crm/crm.repository.ts';
import { crmRoutes } from './modules/crm/crm.routes.ts';
import { crmService } from './modules/crm/crm.service.ts';
import { summaryRepository } from './modules/crm/summary.repository.ts';
import { summaryRoutes } from './modules/crm/summary.routes.ts';
import { summaryService } from './modules/crm/summary.service.ts';
import { playgroundRoutes } from './modules/conversations/playground.routes.ts';
import { playgroundService } from './modules/conversations/playground.service.ts';
import type { Engine } from './engine/types.ts';
import { createEngine } from './engine/create-engine.ts';
import { playgroundSendBody, rooms } from '@charla/shared';
import { AppError } from './lib/errors.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { webPlugin } from './plugins/web.ts';
import { loggerOptions, ShortRequestLog } from './lib/logger.ts';
import { metaChannels, SEND_ATTEMPTS } from './channels/meta/meta-channels.ts';
import { whatsappWebChannel } from './channels/whatsapp-web/whatsapp-web.channel.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  keys: Keys;
  /** Where the log goes (standard output by default). */
  logStream?: DestinationStream;
  /** The conversation engine; by default the one AI_PROVIDER names, logging to the app's logger. */
  engine?: Engine;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: { auth: AuthService; bots: BotsService; training: TrainingService; search: Search; pipeline: Pipeline; appointments: AppointmentsService };
    jobs: Jobs;
  }
}

/** Builds the whole app: plugins, modules, one error handler. Nothing listens until the caller says so. */
export async function buildApp({ config, database, keys, logStream, engine }: AppDeps) {
  const app = Fastify({
    logger: { ...loggerOptions(config), ...(logStream ? { stream: logStream } : {}) },
    // In development one short line per request, at debug: the terminal keeps the start banner.
    ...(config.NODE_ENV === 'development' ? { logController: new ShortRequestLog() } : {}),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // API answers over 1 KB go compressed; the web app's files are compressed at build time.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Charla API', version: '1.0.0', description: 'Asistentes de ventas con IA para WhatsApp, Instagram y Messenger.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'charla_at' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(multipart, { limits: { fileSize: trainingLimits.fileBytes, files: 1, fields: 6, fieldSize: 64 * 1024, parts: 8 } });

  const repo = authRepository(database);
  const tokens = accessTokens(keys.jwt, config.ACCESS_TOKEN_TTL);
  const auth = authService(repo, tokens, {
    refreshTtl: config.REFRESH_TOKEN_TTL,
    reuseGrace: config.REFRESH_REUSE_GRACE,
    loginMaxPerEmail: config.LOGIN_MAX_PER_EMAIL,
    loginMaxPerIp: config.LOGIN_MAX_PER_IP,
    loginWindow: config.LOGIN_WINDOW,
  });
  await app.register(authPlugin, { config, repo, tokens });
  await app.register(realtimePlugin, { config, repo, tokens, pool: database.pool });

  const box = secretBox(keys.encryption, keys.previousEncryption);
  const bots = botsService(botsRepository(database.db), box, (userId, event, ...args) =>
    app.realtime.toUser(userId, event, ...args),
  );
  app.realtime.allowRooms('bot', bots.mayView);

  // Running jobs get half the shutdown's time to finish; the rest closes the server and database.
  const jobs = createJobs(database, { runWorkers: config.ROLE !== 'api', log: app.log, stopTimeoutMs: config.SHUTDOWN_TIMEOUT / 2 });
  await jobs.start();
  app.decorate('jobs', jobs);
  app.addHook('preClose', () => jobs.stop());

  const trainingRepo = trainingRepository(database.db);
  const training = trainingService({
    repo: trainingRepo,
    bots,
    storage: fileStorage(config.DATA_DIR),
    jobs,
    emit: (room, payload) => app.realtime.toRoom(room, 'documentStatus', payload),
    log: app.log,
    allowPrivateUrls: config.TRAINING_ALLOW_PRIVATE_URLS,
    youtubeBaseUrl: config.YOUTUBE_BASE_URL,
  });
  await jobs.define<{ documentId: string }>(PROCESS_JOB, (data, job) => training.process(data.documentId, job.retryCount), {
    retryLimit: trainingRetryLimit,
  });
  const search = retrieval(trainingRepo);

  engine ??= createEngine(config, app.log);
  const meta = metaChannels({ config, db: database.db, box, bots, emit: (room, event, ...args) => app.realtime.toRoom(room, event, ...args), log: app.log });
  const whatsappWeb = await whatsappWebChannel(app, { config, database, box, bots, sendAttempts: SEND_ATTEMPTS });
  const conversations = conversationsRepository(database.db);
  const inbox = inboxRepository(database.db);
  const files = fileStorage(config.DATA_DIR);
  const appointments = appointmentsRepository(database.db);
  const flow = pipeline({
    repo: conversations,
    appointments,
    search,
    engine,
    jobs,
    emit: (room, event, ...args) => app.realtime.toRoom(room, event, ...args),
    // The playground's replies reach the owner through the conversationMessage event itself.
    senders: { playground: async () => undefined, ...meta.senders, whatsmeow: whatsappWeb.send },
    log: app.log,
    productImage: productsRepository(database.db).imageOf,
    inbox,
    mediaFetchers: { ...meta.mediaFetchers, whatsmeow: whatsappWeb.fetchMedia },
    storage: files,
    conversationLink: (botId, conversationId) =>
      `${(config.APP_URL ?? config.ALLOWED_ORIGINS[0] ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '')}/app/dashboard/${botId}/crm?c=${conversationId}`,
    appointmentsChanged: (botId) => calendar.afterBotTurn(botId),
  });
  const reminders = appointmentReminders({
    repo: appointments,
    findBot: bots.find,
    jobs,
    queueSend: flow.queueSend,
    sendNow: flow.send,
    announce: (m) => app.realtime.toRoom(rooms.bot(m.botId), 'conversationMessage', { botId: m.botId, channel: m.channel, message: toConversationMessage(m) }),
    log: app.log,
  });
  const calendar = appointmentsService({ repo: appointments, bots, box, reminders, emit: (room, event, ...args) => app.realtime.toRoom(room, event, ...args), log: app.log });
  bots.onRemindersChanged(async (botId) => void (await calendar.remindersChanged(botId).catch((err) => app.log.error({ err, botId }, 'reminders not set again; the sweep sets them'))));
  await jobs.define<ReminderJob>(REMINDER_JOB, async (data) => void (await calendar.deliverReminder(data)), { concurrency: 2, batchSize: 25, retryLimit: 5, retryDelay: 5, expireInSeconds: 120 });
  await jobs.define<{ conversationId: string }>(REPLY_JOB, (data) => flow.turn(data.conversationId), { policy: 'stately', concurrency: 4, retryLimit: 3 });
  await jobs.define<{ messageId: string }>(MEDIA_JOB, (data) => flow.storeMedia(data.messageId), { retryLimit: 3, retryDelay: 5 });
  await jobs.define<{ conversationId: string; humanAt: string }>(IDLE_JOB, (data) => flow.returnIdle(data.conversationId, data.humanAt), { retryLimit: 3 });
  await jobs.define<{ messageId: string }>(SEND_JOB, (data) => flow.send(data.messageId), { policy: 'stately', concurrency: 2, retryLimit: SEND_ATTEMPTS - 1, retryDelay: 1 });
  if (config.ROLE !== 'api') {
    const sweep = setInterval(() => void flow.recover().catch((err) => app.log.error({ err }, 'recovery failed')), 30_000);
    sweep.unref();
    // Appointments marked as needing their reminders set and left so (a crash between a turn, or a
    // change of the reminder settings, and its follow-up): only those rows are read.
    const reminderSweep = setInterval(() => void calendar.afterBotTurn().catch((err) => app.log.error({ err }, 'reminder sweep failed')), 60_000);
    reminderSweep.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      clearInterval(reminderSweep);
    });
    app.addHook('onReady', async () => void flow.recover(0).catch((err) => app.log.error({ err }, 'recovery failed')));
  }
  const playground = playgroundService({ repo: conversations, appointments, bots, pipeline: flow });
  app.realtime.handle('playgroundSend', async (userId, payload) => {
    const body = playgroundSendBody.safeParse({ text: payload?.text, client_message_id: payload?.client_message_id, chosen: payload?.chosen });
    const user = await repo.findUserById(userId);
    if (!body.success || typeof payload?.botId !== 'string' || !user) throw new AppError('VALIDATION_FAILED');
    await playground.send(user, payload.botId, body.data.text, body.data.client_message_id, body.data.chosen);
  });

  app.decorate('services', { auth, bots, training, search, pipeline: flow, appointments: calendar });

  await app.register(healthRoutes, { database, engine });
  await app.register(authRoutes, { service: auth });
  await app.register(botsRoutes, { service: bots });
  await app.register(trainingRoutes, { service: training });
  await app.register(productsRoutes, { service: productsService(productsRepository(database.db), bots) });
  await app.register(playgroundRoutes, { service: playground });
  await app.register(appointmentsRoutes, { service: calendar });
  const channels = await meta.routes(app, flow.receive, { disconnectWhatsmeow: whatsappWeb.disconnect });
  await app.register(inboxRoutes, { service: inboxService({ repo: inbox, bots, pipeline: flow, checkTemplate: channels.checkTemplate, storage: files }) });
  const crm = crmService({ repo: crmRepository(database.db), bots, storage: files });
  await app.register(crmRoutes, { service: crm });
  const stageNames = async (caller: UserRow, botId: string) => (await crm.stages(caller, botId)).map((s) => s.name);
  await app.register(summaryRoutes, { service: summaryService({ repo: summaryRepository(database.db), bots, stageNames }) });
  await app.register(webPlugin, { dir: config.WEB_DIST });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
