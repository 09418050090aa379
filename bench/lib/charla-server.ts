import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startChildServer, type ChildServer } from './child-server.ts';
import { freePort } from './free-port.ts';
import { repoRoot } from './paths.ts';

export interface CharlaServer extends ChildServer {
  dataDir: string;
}

export interface CharlaServerOptions {
  /** PGlite data folder to use and keep; a fresh temporary one (removed on stop) when omitted. */
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
}

const mainJs = path.join(repoRoot, 'apps/server/dist/main.js');

/** Starts the built server (`apps/server/dist/main.js`) on the embedded database and waits for /readyz. */
export async function startCharla(opts: CharlaServerOptions = {}): Promise<CharlaServer> {
  if (!existsSync(mainJs)) throw new Error(`${path.relative(repoRoot, mainJs)} is missing: run \`npm run build\` first`);
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'charla-bench-')));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    LOGIN_MAX_PER_EMAIL: '1000000',
    LOGIN_MAX_PER_IP: '1000000',
    ADMIN_PASSWORD: 'bench-admin-password',
    ...opts.env,
  };
  delete env.DATABASE_URL;
  try {
    const server = await startChildServer({ name: 'Charla server', args: [mainJs], cwd: repoRoot, env, port, readyPath: '/readyz' });
    return {
      ...server,
      dataDir,
      async stop(graceMs) {
        const code = await server.stop(graceMs);
        if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
        return code;
      },
    };
  } catch (err) {
    if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}
