import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths.ts';

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout so far (while the test still reads it). */
  stdout(): string;
  stderr(): string;
  /** Resolves with the port once the process logged that it is ready. */
  ready: Promise<number>;
  /** Resolves when the process has exited: its code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** SIGKILL if it still runs (cleanup). */
  kill(): void;
}

/**
 * The settings of server processes that talk to a local Graph API (`fake-graph.ts`): one key for
 * every process (they share a database), Meta's app secret for the signed webhooks, no pause
 * between a customer's messages, JSON logs (read for the port), no demo data.
 */
export function metaProcessEnv(graphUrl: string, metaAppSecret: string): Record<string, string> {
  return {
    APP_SECRET: randomBytes(32).toString('hex'),
    META_GRAPH_URL: graphUrl,
    META_APP_SECRET: metaAppSecret,
    META_RECIPIENT_GAP_MS: '0',
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    ALLOWED_ORIGINS: 'http://127.0.0.1',
  };
}

/**
 * The server's real entry point (`src/main.ts`, as `npm start` runs its bundle) in a child
 * process, on port 0, with its own data folder. JSON log lines on stdout are read for the port.
 */
export function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'charla-process-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => void (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (err = (err + chunk.toString()).slice(-20_000)));
  const exited = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null, at: Date.now() }));
  const ready = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within ${timeoutMs} ms:\n${out}\n${err}`)), timeoutMs);
    const look = () => {
      const line = out.split('\n').find((l) => l.includes('"Charla is ready"'));
      if (!line) return;
      clearTimeout(timer);
      child.stdout!.off('data', look);
      resolve((JSON.parse(line) as { port: number }).port);
    };
    child.stdout!.on('data', look);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code ?? signal}) before it was ready:\n${out}\n${err}`));
    });
  });
  ready.catch(() => undefined);
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    ready,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
