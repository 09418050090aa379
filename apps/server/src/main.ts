import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { deriveKeys, loadAppSecret } from './lib/secrets.ts';
import { authRepository } from './modules/auth/auth.repository.ts';
import { seedDemoAccount } from './seed/demo-data.ts';

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

const webDist = config.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const database = await createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
const keys = deriveKeys(loadAppSecret(config.APP_SECRET, config.DATA_DIR), config.ENCRYPTION_KEY);
// The engine AI_PROVIDER names is made inside, with the app's logger (a failing model is logged).
const app = await buildApp({ config: { ...config, WEB_DIST: webDist }, database, keys });

const admin = await app.services.auth.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
const banner: string[] = [];
if (admin.password) banner.push(`Cuenta de administración creada: ${config.ADMIN_EMAIL} / ${admin.password}  (se muestra solo esta vez)`);
if (config.SEED_DEMO) {
  const demoAuth = { seedDemo: app.services.auth.seedDemo, findByEmail: authRepository(database).findUserByEmail };
  const demoDeps = { db: database.db, bots: app.services.bots, training: app.services.training, log: app.log };
  const created = await seedDemoAccount(demoAuth, { email: config.DEMO_EMAIL, password: config.DEMO_PASSWORD }, demoDeps).catch((err: unknown) => {
    app.log.error({ err }, 'demo data could not be seeded');
    return false;
  });
  if (created) banner.push(`Cuenta demo: ${config.DEMO_EMAIL} / ${config.DEMO_PASSWORD}`);
}

await app.listen({ port: config.PORT, host: config.HOST });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
app.log.info({ port, database: database.kind, ms: Math.round(performance.now() - started) }, 'Charla is ready');
process.stdout.write(
  [``, `  Charla está lista en http://localhost:${port}  (${database.kind === 'pglite' ? `base embebida en ${config.DATA_DIR}` : 'PostgreSQL'})`, ...banner.map((l) => `  ${l}`), ``, ``].join('\n'),
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT);
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
