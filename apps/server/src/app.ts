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
import { accessTokens } from './modules/auth/tokens.ts';
import { secretBox } from './lib/crypto.ts';
import { createFileStorage } from './lib/create-storage.ts';
import type { FileStorage } from './lib/storage.ts';
import { createJobs, type Jobs } from './plugins/jobs.ts';
import { registerModules, sweep, type ModuleContext } from './modules/app-module.ts';
import type { Engine } from './engine/types.ts';
import { createEngine } from './engine/create-engine.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { storableInputPlugin } from './plugins/storable-input.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { webPlugin } from './plugins/web.ts';
import { loggerOptions, ShortRequestLog } from './lib/logger.ts';
import { buildModules } from './server-modules.ts';
import { tendEmbedded } from './db/embedded-upkeep.ts';
import { partnersRepository, tenantPlugin } from './modules/partners/partners.module.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  keys: Keys;
  /** Where the log goes (standard output by default). */
  logStream?: DestinationStream;
  /** The conversation engine; by default the one AI_PROVIDER names, logging to the app's logger. */
  engine?: Engine;
  /** Where files are kept; by default the S3 bucket of S3_BUCKET, else DATA_DIR/files. Closed with the app. */
  storage?: FileStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** How often the embedded database's tables are looked at for analysing and vacuuming. */
const UPKEEP_MS = 10_000;

/**
 * Builds the whole app: plugins, then the modules, one error handler; answers the app and the
 * modules' faces. Nothing listens until the caller says so.
 */
export async function buildServer({ config, database, keys, logStream, engine, storage }: AppDeps) {
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
  await app.register(storableInputPlugin);
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
  const partnerSlugs = partnersRepository(database.db);
  await app.register(tenantPlugin, { baseDomain: config.APP_BASE_DOMAIN, exists: (slug) => partnerSlugs.slugExists(slug) });
  await app.register(realtimePlugin, { config, repo, tokens, pool: database.pool });

  // Running jobs get half the shutdown's time to finish; the rest closes the server and database.
  const jobs = createJobs(database, { runWorkers: config.ROLE !== 'api', holdWorkers: true, log: app.log, stopTimeoutMs: config.SHUTDOWN_TIMEOUT / 2, leaseMs: config.JOB_LEASE_MS });
  await jobs.start();
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.runWorkers());
  app.addHook('preClose', () => jobs.stop());
  if (database.kind === 'pglite') sweep(app, config, 'embedded upkeep', UPKEEP_MS, () => tendEmbedded(database.db));

  const files = storage ?? (await createFileStorage(config));
  app.addHook('onClose', () => files.close());

  const ctx: ModuleContext = {
    app,
    config,
    database,
    jobs,
    box: secretBox(keys.encryption, keys.previousEncryption),
    storage: files,
    emit: (room, event, ...args) => app.realtime.toRoom(room, event, ...args),
    log: app.log,
  };
  engine ??= createEngine(config, app.log);

  const { modules, faces } = buildModules(ctx, { auth: { repo, tokens }, engine });
  await registerModules(app, modules);
  await app.register(webPlugin, { dir: config.WEB_DIST });

  return { app, modules: faces };
}

/** The app alone, for callers that only send it requests. */
export async function buildApp(deps: AppDeps) {
  return (await buildServer(deps)).app;
}

export type App = Awaited<ReturnType<typeof buildServer>>['app'];
