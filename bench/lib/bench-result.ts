export interface Figure {
  name: string;
  value: number;
  unit: string;
}

/** What every `*.bench.ts` default export answers. */
export interface BenchResult {
  figures: Figure[];
  /** The stated target, in words ("median < 5000 ms"). */
  target: string;
  pass: boolean;
  /** Anything worth reading beside the figures (files measured, failed requests…). */
  notes?: string[];
}
