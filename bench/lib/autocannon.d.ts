// The part of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
    /** Each connection cycles through these requests in order. */
    requests?: { method?: Options['method']; path: string; headers?: Record<string, string> }[];
  }
  interface Stats {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Stats;
    requests: Stats & { sent: number };
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
