/**
 * SQL pieces the reports share, written once for both engines: amounts in rupees (a
 * dollar order converted at the rate kept with it, half up to the paisa, as
 * rules/invoice.ts rupeesFromDollars does; the sales summaries' triggers, migration
 * 2026_12_04_0001, convert the same way), and sums as numbers.
 */

import { type RawBuilder, sql } from 'kysely';

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

