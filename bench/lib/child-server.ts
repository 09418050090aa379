import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ChildServer {
  baseUrl: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 from the ready URL. */
  readyMs: number;
  /** SIGTERM, then wait for the exit (SIGKILL after `graceMs`). Answers the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

export interface ChildServerOptions {
  /** Shown in error messages. */
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  port: number;
  /** Path polled until it answers 200. */
  readyPath: string;
  timeoutMs?: number;
}

/**
 * Starts `node <args>` as a child process and resolves once `readyPath` answers 200.
 * Output is kept (last 8 KB) so a failed start can say why.
 */
export async function startChildServer(opts: ChildServerOptions): Promise<ChildServer> {
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const started = performance.now();
  const child = spawn(process.execPath, opts.args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8192);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  let exited = false;
  const exit = once(child, 'exit').then(([code]) => {
    exited = true;
    return code as number | null;
  });

  const deadline = started + (opts.timeoutMs ?? 60_000);
  const stop = async (graceMs = 15_000) => {
    if (!exited) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    try {
      return await exit;
    } finally {
      clearTimeout(timer);
    }
  };

  for (;;) {
    if (exited) throw new Error(`${opts.name} exited before it was ready:\n${output}`);
    if (performance.now() > deadline) {
      await stop(2000);
      throw new Error(`${opts.name} was not ready within ${opts.timeoutMs ?? 60_000} ms:\n${output}`);
    }
    const status = await fetch(baseUrl + opts.readyPath, { signal: AbortSignal.timeout(2000) }).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status;
      },
      () => 0,
    );
    if (status === 200) break;
    await sleep(10);
  }
  const readyMs = performance.now() - started;
  return { baseUrl, pid: child.pid ?? 0, readyMs, stop };
}
