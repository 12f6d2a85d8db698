/**
 * The catalogue's row version, read fast: what every kept catalogue answer, kept
 * product view and listing index is checked against (db/queries/catalogue.ts,
 * db/queries/search.ts, db/queries/cart.ts, api/routes/catalogue/cache.ts).
 */

import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { type DB, hotStatement, writeCount } from '../connection.ts';
import type { Database } from '../schema.ts';

/**
 * The catalogue's row version: triggers bump it on every write to a table a
 * listing is made of (products and their carats, media, materials, sizes, key
 * points; categories, materials, sizes, carats), whoever writes. null when the
 * database has no such row (then nothing is kept).
 *
 * Asked before every catalogue answer, so a read is reused while this process has
 * written nothing since it (writeCount) and for at most OTHER_WRITERS_LAG_MS: a
 * change committed here is seen by the very next call, one committed by another
 * process (a second instance, `npm run seed`, a restore) within that lag. Measured:
 * reading the row (a WAL read transaction and its locks) was a tenth of a cached
 * catalogue answer's cost. A read older than the lag but younger than STALE_READ_MS
 * still answers while a new one is made behind it: on PostgreSQL the read is a round
 * trip, and on a busy machine the server's process waits for a core, so every call
 * that came meanwhile waited too. By id (a kept answer) reached 79-84% of a bare POST
 * of its bytes on PostgreSQL, 93-97% on SQLite; with this, in two PostgreSQL benchmark
 * runs alternated with two without it, 86 and 97% against 84 and 82%.
 */
export async function catalogueRowsVersion(db: DB): Promise<string | null> {
  const writes = writeCount(db);
  const now = performance.now();
  const memo = rowsVersionMemos.get(db);
  if (memo && writes !== undefined && memo.writes === writes) {
    const age = now - memo.readAt;
    if (age < OTHER_WRITERS_LAG_MS) return memo.version;
    if (age < STALE_READ_MS) {
      readRowsVersionOnce(db, writes, now).catch(() => undefined);
      return memo.version;
    }
  }
  if (writes === undefined) return readRowsVersion(db);
  return readRowsVersionOnce(db, writes, now);
}

/**
 * One read at a time per database (PostgreSQL's is a round trip): a call joins a read
 * begun since this process last wrote, whose answer is as fresh as its own would be.
 */
async function readRowsVersionOnce(db: DB, writes: number, now: number): Promise<string | null> {
  const pending = rowsVersionReads.get(db);
  if (pending && pending.writes === writes) return pending.version;
  const read = { writes, version: readRowsVersion(db) };
  rowsVersionReads.set(db, read);
  try {
    const value = await read.version;
    rowsVersionMemos.set(db, { version: value, writes, readAt: now });
    return value;
  } finally {
    if (rowsVersionReads.get(db) === read) rowsVersionReads.delete(db);
  }
}

const rowsVersionReads = new WeakMap<DB, { writes: number; version: Promise<string | null> }>();

/** How long a version read is trusted when this process wrote nothing since. */
export const OTHER_WRITERS_LAG_MS = 50;
/** How long it still answers while a newer read is made (another process's change shows within this at worst). */
export const STALE_READ_MS = 250;
const rowsVersionMemos = new WeakMap<DB, { version: string | null; writes: number; readAt: number }>();

async function readRowsVersion(db: DB): Promise<string | null> {
  // Compiled once per database; run straight on the connection when it is free, else
  // through Kysely (inside another call's transaction: it waits for the commit).
  let query = rowsVersionQueries.get(db);
  if (!query) {
    query = db.selectFrom('site_state').select('value').where('key', '=', 'catalogue_rows_version').compile();
    rowsVersionQueries.set(db, query);
  }
  const statement = hotStatement(db, query.sql);
  if (statement) return (statement.get(...query.parameters) as { value: string } | undefined)?.value ?? null;
  const { rows } = await db.executeQuery(query);
  return rows[0]?.value ?? null;
}

const rowsVersionQueries = new WeakMap<DB, CompiledQuery<{ value: string }>>();

/**
 * Moves the catalogue's row version on, inside the caller's transaction, for a change no
 * trigger sees that kept answers show (the search synonyms, the shop policy's promises in
 * a product's answer): answers kept for the old version are not reused.
 */
export async function bumpCatalogueRowsVersion(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable('site_state')
    .set({ value: sql<string>`cast(cast(value as bigint) + 1 as text)` })
    .where('key', '=', 'catalogue_rows_version')
    .execute();
}
