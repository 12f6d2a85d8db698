/**
 * SQL pieces the reports share, written once for both engines: an order's day in
 * India, a period key, and amounts in rupees (a dollar order converted at the rate
 * kept with it, half up to the paisa, as rules/invoice.ts rupeesFromDollars does).
 */

import { type RawBuilder, sql } from 'kysely';
import { type DB, engineOf } from '../../connection.ts';
import type { ReportGroup } from '../../../rules/reports.ts';

/** The day in India ('YYYY-MM-DD') of a stored UTC time column. */
export function indiaDay(db: DB, column: RawBuilder<unknown>): RawBuilder<string> {
  return engineOf(db) === 'postgres'
    ? sql<string>`to_char(cast(${column} as timestamp) + interval '330 minutes', 'YYYY-MM-DD')`
    : sql<string>`substr(datetime(${column}, '+330 minutes'), 1, 10)`;
}

/** The period (rules/reports.ts periodOf) of a stored UTC time column, computed by the database. */
export function periodKey(db: DB, column: RawBuilder<unknown>, group: ReportGroup | 'all'): RawBuilder<string> {
  if (group === 'all') return sql<string>`'all'`;
  const day = indiaDay(db, column);
  if (group === 'day') return day;
  if (group === 'month') return sql<string>`substr(${day}, 1, 7)`;
  return engineOf(db) === 'postgres'
    ? sql<string>`to_char(date_trunc('week', cast(${column} as timestamp) + interval '330 minutes'), 'YYYY-MM-DD')`
    : sql<string>`date(${column}, '+330 minutes', '-6 days', 'weekday 1')`;
}

/**
 * An amount column of an order in rupees (paise): as it is for a rupee order; for
 * a dollar order times the order's rate (paise per dollar) / 100, half up.
 * `o` is the orders alias.
 */
export function inRupees(amount: RawBuilder<unknown>, o = 'o'): RawBuilder<number> {
  const currency = sql.ref(`${o}.currency`);
  const rate = sql.ref(`${o}.usd_inr`);
  return sql<number>`(case when ${currency} = 'USD' then (cast(${amount} as bigint) * ${rate} * 2 + 100) / 200 else cast(${amount} as bigint) end)`;
}

/** A sum or count as a number (PostgreSQL answers bigint sums as text). */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

