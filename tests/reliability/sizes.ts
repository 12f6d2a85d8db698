/**
 * How big the reliability runs are. `npm test` runs the quick size;
 * `npm run test:reliability:long` sets RELIABILITY_SIZE=long. Each figure can
 * be set on its own: RELIABILITY_SHOPPERS, RELIABILITY_ROUNDS,
 * RELIABILITY_LOAD_SECONDS (the busy-database load).
 */

const long = process.env.RELIABILITY_SIZE === 'long';

function figure(name: string, quick: number, longRun: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return long ? longRun : quick;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 10_000) throw new Error(`${name} must be a whole number from 1 to 10000, not ${raw}`);
  return value;
}

export const SIZE = {
  long,
  shoppers: figure('RELIABILITY_SHOPPERS', 12, 48),
  rounds: figure('RELIABILITY_ROUNDS', 3, 10),
  loadSeconds: figure('RELIABILITY_LOAD_SECONDS', 6, 30),
};
