/** Many rows at once for the seeds of many orders (db/seed/orders.ts, db/seed/order-returns.ts). */

import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** Rows per insert statement (PostgreSQL takes at most 65,535 parameters in one). */
export const ROWS = 500;

/** Inserts `rows` into `table`, ROWS to a statement. */
export async function insertRows<T extends keyof Database & string>(trx: Kysely<Database>, table: T, rows: readonly Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS) await trx.insertInto(table).values(rows.slice(i, i + ROWS) as never).execute();
}

/** Writes a numbering's last number of each financial year (invoices' or credit notes'), after the numbers a seed gave. */
export async function saveCounters(trx: Kysely<Database>, table: 'invoice_counters' | 'credit_note_counters', counters: ReadonlyMap<number, number>): Promise<void> {
  for (const [financial_year, last_number] of counters) {
    await trx
      .insertInto(table)
      .values({ financial_year, last_number })
      .onConflict((oc) => oc.column('financial_year').doUpdateSet({ last_number }))
      .execute();
  }
}
