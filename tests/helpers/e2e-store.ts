/**
 * The shop's part of a browser test, done directly on the database of the store the
 * suite runs against (playwright.config.ts starts it on E2E_DATA_DIR, SQLite).
 */

import path from 'node:path';
import SQLite from 'better-sqlite3';

/** Runs `work` on the store's database and closes it again; waits up to 5 s for the store's own writes. */
export function onStoreDatabase<T>(work: (db: SQLite.Database) => T): T {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the browser suite runs through playwright.config.ts');
  const db = new SQLite(path.join(dataDir, 'store.sqlite'), { timeout: 5000 });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Marks an order delivered, as the shop would: only a delivered piece may be reviewed. */
export function markDelivered(o_id: number): void {
  onStoreDatabase((db) => db.prepare('update orders set status = 4 where o_id = ?').run(o_id));
}

let phones = 0;
/**
 * A delivery phone no other order of this run has used: the law's daily limits count one phone
 * as one buyer (rules/compliance.ts), and the browser specs' shoppers are different people.
 */
export function freshPhone(): string {
  phones += 1;
  return `8${String(process.pid % 10_000).padStart(4, '0')}${String(phones).padStart(5, '0')}`;
}
