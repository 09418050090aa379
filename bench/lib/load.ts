import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Requests each connection cycles through (paths relative to `url`); `url` alone when omitted. */
  requests?: { path: string; headers?: Record<string, string> }[];
  /** Concurrent connections; BENCH_CONNECTIONS or 50. */
  connections?: number;
  /** Seconds measured; BENCH_DURATION or 10. */
  duration?: number;
  /** Seconds of discarded load before measuring. */
  warmup?: number;
}

export interface LoadFigures {
  /** Successful (2xx) responses per second over the measured run. */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  /** Non-2xx responses plus connection errors (timeouts included). */
  failed: number;
}

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** Warms up, then loads one URL with autocannon and answers throughput and latency. */
export async function load(opts: LoadOptions): Promise<LoadFigures> {
  const base = {
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers ?? {},
    ...(opts.body === undefined ? {} : { body: opts.body }),
    ...(opts.requests ? { requests: opts.requests } : {}),
    connections: opts.connections ?? envNumber('BENCH_CONNECTIONS', 50),
    timeout: 30,
  };
  await autocannon({ ...base, duration: opts.warmup ?? 2 });
  const r = await autocannon({ ...base, duration: opts.duration ?? envNumber('BENCH_DURATION', 10) });
  return {
    reqPerSec: r['2xx'] / r.duration,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    ok: r['2xx'],
    failed: r.non2xx + r.errors,
  };
}
