/**
 * Seeded dates are set back from the moment of seeding, so a demo store opened
 * months later still has this week's orders and new arrivals.
 */

/** A moment some (fractional) days before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - Math.round(days * 86_400_000));
}

/** The text SQLite's CURRENT_TIMESTAMP writes (UTC, `YYYY-MM-DD HH:MM:SS`), so seeded rows sort with live ones. */
export function sqlTimestamp(moment: Date): string {
  return moment.toISOString().slice(0, 19).replace('T', ' ');
}
