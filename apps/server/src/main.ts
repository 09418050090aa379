import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { createFileStorage } from './lib/create-storage.ts';
import { stdoutDestination } from './lib/logger.ts';
import { deriveKeys, loadAppSecret } from './lib/secrets.ts';
import { startWatchdog } from './lib/watchdog.ts';
import { authRepository } from './modules/auth/auth.repository.ts';
import { seedDemoAccount } from './seed/demo-data.ts';
import { demoPartner, seedDemoPartner } from './seed/demo-partner.ts';

const started = performance.now();

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

function readConfig() {
  try {
    return loadConfig();
  } catch (err) {
    fail(err instanceof ConfigError ? err.message : String(err));
  }
}
const config = readConfig();
// The log and the banner go out through one buffer that never blocks the main thread.
const stdout = stdoutDestination();

const webDist = config.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
// Files: DATA_DIR/files, or the S3 bucket; a store that cannot be written to stops the start, naming the setting.
const storage = await createFileStorage(config);
await storage.check().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
const database = await createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
const keys = deriveKeys(loadAppSecret(config.APP_SECRET, config.DATA_DIR), config.ENCRYPTION_KEY);
// The engine AI_PROVIDER names is made inside, with the app's logger (a failing model is logged).
const { app, modules } = await buildServer({ config: { ...config, WEB_DIST: webDist }, database, keys, storage, logStream: stdout.stream });

const admin = await modules.auth.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
const banner: string[] = [];
let demoPartnerLines = false;
if (admin.password) banner.push(`Cuenta de administración creada: ${config.ADMIN_EMAIL} / ${admin.password}  (se muestra solo esta vez)`);
if (config.SEED_DEMO) {
  const demoAuth = { seedDemo: modules.auth.seedDemo, findByEmail: authRepository(database).findUserByEmail };
  const demoDeps = { db: database.db, bots: modules.bots, training: modules.training, crm: modules.crm, appointments: modules.appointments, seats: modules.seats, affiliates: modules.affiliates, log: app.log };
  const created = await seedDemoAccount(demoAuth, { email: config.DEMO_EMAIL, password: config.DEMO_PASSWORD }, demoDeps).catch((err: unknown) => {
    app.log.error({ err }, 'demo data could not be seeded');
    return false;
  });
  if (created) banner.push(`Cuenta demo: ${config.DEMO_EMAIL} / ${config.DEMO_PASSWORD}`);
  const partnerDeps = { db: database.db, bots: modules.bots, partners: modules.partners, findByEmail: demoAuth.findByEmail };
  const partnerSeeded = await seedDemoPartner(config.DEMO_PASSWORD, partnerDeps).catch((err: unknown) => {
    app.log.error({ err }, 'demo partner could not be seeded');
    return false;
  });
  if (partnerSeeded || (await demoAuth.findByEmail(demoPartner.email))) demoPartnerLines = true;
}

await app.listen({ port: config.PORT, host: config.HOST });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
if (demoPartnerLines) {
  const at = (sub: string) => `http://${sub}.${config.APP_BASE_DOMAIN}:${port}`;
  banner.push(`Socio demo (portal de socios): ${at('partners')}  ${demoPartner.email} / ${config.DEMO_PASSWORD}`);
  banner.push(`Sus clientes en ${at(demoPartner.slug)}: ${demoPartner.clients.map((c) => c.email).join(', ')} / ${config.DEMO_PASSWORD}`);
}
app.log.info({ port, database: database.kind, files: storage.kind, ms: Math.round(performance.now() - started) }, 'Charla is ready');
stdout.stream.write(
  [``, `  Charla está lista en http://localhost:${port}  (${database.kind === 'pglite' ? `base embebida en ${config.DATA_DIR}` : 'PostgreSQL'})`, ...banner.map((l) => `  ${l}`), ``, ``].join('\n'),
);

let closing = false;
/**
 * Stops within SHUTDOWN_TIMEOUT whatever it waits on: running jobs get half of it, then the
 * server and the database close. At 90 % a timer exits; should the main thread be blocked, a
 * watchdog thread kills the process at 100 %. A second signal exits at once.
 */
async function shutdown(signal: string) {
  if (closing) {
    app.log.warn({ signal }, 'second signal: exiting now');
    stdout.abandon();
    process.exit(1);
  }
  closing = true;
  const timeout = config.SHUTDOWN_TIMEOUT;
  const started = Date.now();
  try {
    startWatchdog(timeout);
  } catch (err) {
    app.log.warn({ err }, 'shutdown watchdog not started');
  }
  // Log lines wait for a slow reader until 80 %, then are dropped.
  stdout.waitUntil(started + timeout * 0.8);
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out');
    stdout.abandon();
    process.exit(1);
  }, timeout * 0.9);
  timer.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
