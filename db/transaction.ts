import type { Transaction } from 'kysely';
import type { DB } from './connection.ts';
import type { Database } from './schema.ts';

export type Trx = Transaction<Database>;

/**
 * The one way the store writes more than one statement: every write path that
 * reads then writes goes through here, so the engine's isolation and the retry
 * on a serialization failure or deadlock live in one place.
 */
export function writeTransaction<T>(db: DB, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
