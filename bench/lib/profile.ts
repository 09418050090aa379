import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * Runs `fn`; when BENCH_PROFILE names a folder, records a CPU profile of this process while it
 * runs and writes it there as `<label>.cpuprofile` (open it in Chrome DevTools or VS Code).
 * The profiler slows the code it samples: figures of a profiled run are not the benchmark's.
 */
export async function profiled<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${label}.cpuprofile`), JSON.stringify(profile));
  }
}
