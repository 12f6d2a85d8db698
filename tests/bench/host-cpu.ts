/**
 * How much of this machine's CPU time its host gave to other guests ("steal", from
 * /proc/stat) over a measured window: printed beside each turn, so a figure taken
 * while the host took the machine away reads as such, not as the store's.
 *
 * Why: on the 2-core virtual machines these figures come from, the same code gave a
 * bare route 18,000 req/s in one run and 40,000 in another, and `vmstat` showed up to
 * 22% steal in the slow windows; the new-filter p99 followed it (9 ms fast, 20 ms slow).
 */

import { readFileSync } from 'node:fs';

/** The machine's CPU counters, in clock ticks summed over its cores. */
export interface CpuTimes {
  steal: number;
  total: number;
}

/**
 * Now's counters, or null where /proc/stat is not there (not Linux). Its first line is
 * `cpu user nice system idle iowait irq softirq steal guest guest_nice`; guest time is
 * already counted in user and nice, so the total is the first eight.
 */
export function cpuTimes(): CpuTimes | null {
  let text: string;
  try {
    text = readFileSync('/proc/stat', 'utf8');
  } catch {
    return null;
  }
  const fields = text.slice(0, text.indexOf('\n')).trim().split(/\s+/);
  if (fields[0] !== 'cpu' || fields.length < 9) return null;
  const ticks = fields.slice(1, 9).map(Number);
  if (ticks.some((t) => !Number.isFinite(t))) return null;
  return { steal: ticks[7], total: ticks.reduce((sum, t) => sum + t, 0) };
}

/** The share (0-1) of the machine's CPU time stolen between two readings; null when either is missing or no tick passed. */
export function stealShare(from: CpuTimes | null, to: CpuTimes | null): number | null {
  if (!from || !to || to.total <= from.total) return null;
  return (to.steal - from.steal) / (to.total - from.total);
}

/** A share of steal as printed: "12%", or "?" where it could not be read. */
export const stealPercent = (share: number | null | undefined) => (share === null || share === undefined ? '?' : `${Math.round(share * 100)}%`);
