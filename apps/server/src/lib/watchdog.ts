import { Worker } from 'node:worker_threads';

/**
 * Kills this process (SIGKILL) after `ms`, from a thread of its own: it fires even when the main
 * thread can no longer run a timer (blocked in a write to a pipe nobody reads, stuck in a loop,
 * waiting in an exit handler). The last resort of a shutdown; `cancel` stands it down.
 */
export function startWatchdog(ms: number): { cancel(): void } {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);`,
    { eval: true, workerData: { pid: process.pid, ms }, stdout: true, stderr: true },
  );
  worker.unref();
  return { cancel: () => void worker.terminate() };
}
