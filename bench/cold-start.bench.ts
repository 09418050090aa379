// Time from spawning the built server on an existing embedded database to its first 200 from /readyz.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BenchResult } from './lib/bench-result.ts';
import { startCharla } from './lib/charla-server.ts';

const runs = 3;
const maxMedianMs = 5000;

export default async function coldStart(): Promise<BenchResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'charla-bench-'));
  const notes: string[] = [];
  const stopped = (code: number | null, label: string) => {
    if (code !== 0) notes.push(`${label}: server exited with code ${code} on SIGTERM`);
  };
  try {
    // First start: creates the database, runs the migrations, makes the admin account.
    const first = await startCharla({ dataDir });
    const firstMs = first.readyMs;
    stopped(await first.stop(), 'first start');

    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const server = await startCharla({ dataDir });
      times.push(server.readyMs);
      stopped(await server.stop(), `restart ${i + 1}`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    const max = sorted[sorted.length - 1] ?? Number.NaN;
    return {
      figures: [
        { name: 'first start (empty data dir, migrations)', value: Math.round(firstMs), unit: 'ms' },
        ...times.map((ms, i) => ({ name: `restart ${i + 1}`, value: Math.round(ms), unit: 'ms' })),
        { name: 'restart median', value: Math.round(median), unit: 'ms' },
        { name: 'restart max', value: Math.round(max), unit: 'ms' },
      ],
      target: `restart median < ${maxMedianMs} ms`,
      pass: median < maxMedianMs,
      notes,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
