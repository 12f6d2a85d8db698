/**
 * The store's one representation of a moment in the database: UTC text
 * 'YYYY-MM-DD HH:MM:SS' (what SQLite's CURRENT_TIMESTAMP writes, and what the
 * migrations' utcNow default gives on both engines), so both engines store, sort
 * and compare times alike. Written from here rather than by the database, so no
 * query depends on an engine's own clock function.
 */

/** A moment as the database keeps it. */
export function utcTimestamp(moment: Date = new Date()): string {
  return moment.toISOString().slice(0, 19).replace('T', ' ');
}

/** A stored time ('2026-01-02 03:04:05', UTC) as ISO 8601; ISO text passes through. */
export function isoTimestamp(value: string): string {
  if (value.includes('T')) return value;
  return `${value.replace(' ', 'T')}Z`;
}

/** A stored time in epoch milliseconds; NaN when it is not a time. */
export function timestampMs(value: string): number {
  return Date.parse(isoTimestamp(value));
}
