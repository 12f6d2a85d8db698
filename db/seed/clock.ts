/**
 * Seeded dates are set back from the moment of seeding, so a demo store opened
 * months later still has this week's orders and new arrivals.
 */

/** A moment some (fractional) days before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - Math.round(days * 86_400_000));
}

/** A moment as the database keeps it (db/time.ts), so seeded rows sort with live ones. */
export { utcTimestamp as sqlTimestamp } from '../time.ts';
