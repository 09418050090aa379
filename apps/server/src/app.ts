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
import { authRepository } from './modules/auth/auth.repository.ts';
import { authModule } from './modules/auth/auth.module.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import { accessTokens } from './modules/auth/tokens.ts';
import { healthModule } from './modules/health/health.module.ts';
import { adminModule } from './modules/admin/admin.module.ts';
import { accessModule } from './modules/access/access.module.ts';
import { botsModule } from './modules/bots/bots.module.ts';
import { quotaModule } from './modules/quota/quota.module.ts';
import type { BotsService } from './modules/bots/bots.service.ts';
import { secretBox } from './lib/crypto.ts';
import { fileStorage } from './lib/storage.ts';
import { createJobs, type Jobs } from './plugins/jobs.ts';
import type { TrainingService } from './modules/training/training.service.ts';
import { trainingModule } from './modules/training/training.module.ts';
import type { KnowledgeSearch } from './engine/ports.ts';
import { productsModule } from './modules/products/products.module.ts';
import type { AppointmentsService } from './modules/appointments/appointments.service.ts';
import { appointmentsModule } from './modules/appointments/appointments.module.ts';
import type { Pipeline } from './modules/conversations/pipeline.ts';
import { conversationsModule } from './modules/conversations/conversations.module.ts';
import { crmModule } from './modules/crm/crm.module.ts';
import type { CrmService } from './modules/crm/crm.service.ts';
import { registerModules, type ModuleContext } from './modules/app-module.ts';
import type { Engine } from './engine/types.ts';
import { createEngine } from './engine/create-engine.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { webPlugin } from './plugins/web.ts';
import { loggerOptions, ShortRequestLog } from './lib/logger.ts';
import { channelsModule, SEND_ATTEMPTS } from './channels/channels.module.ts';

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
    services: { auth: AuthService; bots: BotsService; training: TrainingService; search: KnowledgeSearch; pipeline: Pipeline; appointments: AppointmentsService; crm: CrmService };
    jobs: Jobs;
  }
}

/** Builds the whole app: plugins, then the modules, one error handler. Nothing listens until the caller says so. */
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
  await app.register(authPlugin, { config, repo, tokens });
  await app.register(realtimePlugin, { config, repo, tokens, pool: database.pool });

  // Running jobs get half the shutdown's time to finish; the rest closes the server and database.
  const jobs = createJobs(database, { runWorkers: config.ROLE !== 'api', log: app.log, stopTimeoutMs: config.SHUTDOWN_TIMEOUT / 2 });
  await jobs.start();
  app.decorate('jobs', jobs);
  app.addHook('preClose', () => jobs.stop());

  const ctx: ModuleContext = {
    app,
    config,
    database,
    jobs,
    box: secretBox(keys.encryption, keys.previousEncryption),
    storage: fileStorage(config.DATA_DIR),
    emit: (room, event, ...args) => app.realtime.toRoom(room, event, ...args),
    log: app.log,
  };
  engine ??= createEngine(config, app.log);

  // The modules; the channels fill the conversations module's registry.
  const auth = authModule(ctx, { repo, tokens });
  const access = accessModule(ctx);
  const quota = quotaModule(ctx);
  const bots = botsModule(ctx, { access: access.service, quota: quota.service });
  const training = trainingModule(ctx, { bots: bots.service, access: access.service });
  const conversations = conversationsModule(ctx, { access: access.service, quota: quota.service, users: repo, search: training.search, engine, sendAttempts: SEND_ATTEMPTS });
  const appointments = appointmentsModule(ctx, { bots: bots.service, access: access.service, outbound: conversations.pipeline });
  conversations.onAppointmentsChanged((botId) => appointments.service.afterBotTurn(botId));
  const crm = crmModule(ctx, { bots: bots.service, access: access.service });
  conversations.onTurnCommitted((turn) => crm.service.afterTurn(turn));
  app.decorate('services', {
    auth: auth.service,
    bots: bots.service,
    training: training.service,
    search: training.search,
    pipeline: conversations.pipeline,
    appointments: appointments.service,
    crm: crm.service,
  });

  await registerModules(app, [
    healthModule(ctx, { engine }),
    auth.module,
    access.module,
    bots.module,
    training.module,
    productsModule(ctx, { access: access.service }),
    appointments.module,
    conversations.module,
    channelsModule(ctx, { bots: bots.service, access: access.service, receive: conversations.pipeline.receive, messages: conversations.pipeline.channelMessages, register: conversations.registry.add }),
    crm.module,
    adminModule(ctx, { engine }),
  ]);
  await app.register(webPlugin, { dir: config.WEB_DIST });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
