import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { migratedDataDir } from '../../apps/server/src/test/pglite-snapshot.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const screenshotsDir = path.join(repoRoot, 'e2e', 'screenshots');

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export interface RunningApp {
  url: string;
  port: number;
  dataDir: string;
  /** What the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/** The servers started and not yet stopped: a failed test prints what they said last (support/setup.ts). */
export const runningApps = new Set<RunningApp>();

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function waitReady(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the built server (`node apps/server/dist/main.js` from the repository root) on a free
 * port with a fresh data directory, and waits until GET /readyz answers 200.
 */
export async function startApp({ timeoutMs = 90_000, env = {} }: { timeoutMs?: number; env?: Record<string, string> } = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'charla-e2e-'));
  // An empty database with the migrations applied, copied: the server starts without creating a cluster.
  cpSync(await migratedDataDir(), dataDir, { recursive: true });
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    runningApps.delete(running);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const running: RunningApp = { url, port, dataDir, output: () => log, stop };
  try {
    await waitReady(url, child, () => log, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  runningApps.add(running);
  return running;
}

/** Debian's Chromium driven by playwright-core, headless. */
export function launchBrowser(): Promise<Browser> {
  mkdirSync(screenshotsDir, { recursive: true });
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function screenshotPath(name: string): string {
  return path.join(screenshotsDir, `${name}.png`);
}
