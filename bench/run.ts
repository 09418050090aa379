// Runs every bench/*.bench.ts (or those whose names contain an argument), prints their figures,
// writes bench/results/<name>.json and exits non-zero when a target is missed or a benchmark fails.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchResult } from './lib/bench-result.ts';
import { machineInfo } from './lib/machine-info.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const names = (await readdir(dir))
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.slice(0, -'.bench.ts'.length))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();
if (names.length === 0) throw new Error(`no benchmark matches ${filters.join(', ')}`);

const machine = machineInfo();
console.log(`${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.platform}, load average ${machine.loadAverage}\n`);
await mkdir(path.join(dir, 'results'), { recursive: true });
if (process.env.BENCH_PROFILE) console.log(`CPU profiles of the measured sections go to ${process.env.BENCH_PROFILE} (the profiler slows what it samples)\n`);

const format = (value: number) =>
  Number.isInteger(value) ? value.toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 3 : 1 });

function print(name: string, result: BenchResult) {
  const rows = result.figures.map((f) => [f.name, format(f.value), f.unit]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]?.length ?? 0)));
  console.log(`── ${name} ${'─'.repeat(Math.max(0, 60 - name.length))}`);
  for (const [label = '', value = '', unit = ''] of rows) {
    console.log(`  ${label.padEnd(widths[0] ?? 0)}  ${value.padStart(widths[1] ?? 0)}  ${unit}`.trimEnd());
  }
  for (const note of result.notes ?? []) console.log(`  · ${note}`);
  console.log(`  target: ${result.target} → ${result.pass ? 'PASS' : 'MISSED'}\n`);
}

const failures: string[] = [];
for (const name of names) {
  const loadAverage = Math.round(os.loadavg()[0]! * 10) / 10;
  console.log(`running ${name}… (load average ${loadAverage})`);
  const started = Date.now();
  try {
    const mod = (await import(pathToFileURL(path.join(dir, `${name}.bench.ts`)).href)) as { default: () => Promise<BenchResult> };
    const result = await mod.default();
    print(name, result);
    const record = { name, timestamp: new Date().toISOString(), seconds: (Date.now() - started) / 1000, machine: { ...machine, loadAverage }, ...result };
    await writeFile(path.join(dir, 'results', `${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
    if (!result.pass) failures.push(`${name}: target missed (${result.target})`);
  } catch (err) {
    console.error(`${name} failed:`, err instanceof Error ? err.message : err, '\n');
    failures.push(`${name}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
}

if (failures.length > 0) {
  console.error(failures.map((f) => `✗ ${f}`).join('\n'));
  process.exit(1);
}
console.log(`✓ ${names.length} benchmark${names.length === 1 ? '' : 's'}, every target met`);
