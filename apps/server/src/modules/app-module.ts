import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { SecretBox } from '../lib/crypto.ts';
import type { FileStorage } from '../lib/storage.ts';
import type { Jobs } from '../plugins/jobs.ts';
import type { Emit } from '../plugins/realtime.ts';

/** What every module is built from: the app's plugins and settings. */
export interface ModuleContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  jobs: Jobs;
  box: SecretBox;
  /** Stored files: DATA_DIR/files, or the S3 bucket every process shares. */
  storage: FileStorage;
  /** To a socket.io room (or rooms) of the dashboard. */
  emit: Emit;
  log: FastifyBaseLogger;
}

/**
 * A part of the server as the app sees it: its HTTP routes, its jobs (`*.jobs.ts`: queue
 * workers and sweeps) and its socket handlers. `buildApp` lists modules and registers each.
 */
export interface AppModule {
  name: string;
  routes?(app: FastifyInstance): Promise<void>;
  jobs?(app: FastifyInstance): Promise<void>;
  sockets?(app: FastifyInstance): void;
}

/** Registers each module's jobs, socket handlers and routes, in the order given. */
export async function registerModules(app: FastifyInstance, modules: AppModule[]): Promise<void> {
  for (const m of modules) {
    await m.jobs?.(app);
    m.sockets?.(app);
    await m.routes?.(app);
  }
}

/** A sweep every `everyMs` on worker processes (not on API-only ones), stopped when the app closes. */
export function sweep(app: FastifyInstance, config: Config, name: string, everyMs: number, run: () => Promise<unknown>): void {
  if (config.ROLE === 'api') return;
  const timer = setInterval(() => void run().catch((err) => app.log.error({ err }, `${name} failed`)), everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
