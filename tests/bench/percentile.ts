/** Nearest-rank percentile (p from 0 to 100) of milliseconds sorted in ascending order; NaN with none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Milliseconds in any order, sorted once for percentile. */
export const sortedMs = (times: readonly number[]) => Float64Array.from(times).sort();

/** A time in ms as the benchmark prints it: to 0.1 ms. */
export const roundMs = (ms: number) => Math.round(ms * 10) / 10;
