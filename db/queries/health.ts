/**
 * What a health check asks of the database (GET /healthz): that it answers a read, and that it
 * takes a write which must reach the disk, waiting for a lock held elsewhere no longer than told.
 * What the answers mean is the health route's (api/routes/health).
 */

import { sql } from 'kysely';
import { type DB, engineOf } from '../connection.ts';
import { THIS_INSTANCE } from '../leases.ts';

/** The cheapest read: rejects when the database cannot be reached. */
export async function checkDatabaseRead(db: DB): Promise<void> {
  await sql`select 1 as ok`.execute(db);
}

/**
 * Upserts and commits the lease row `probe`, which nobody holds (it expires as it is written,
 * so no job is ever kept from running by it; it shows which instance last checked, and when):
 * the cheapest write that must reach the disk. Waits `lockWaitMs` at most for a lock: on
 * PostgreSQL in a transaction of its own with that lock_timeout; on SQLite with that busy
 * timeout on the connection while it runs (put back after). Rejects as the write failed.
 */
export async function checkDatabaseWrite(db: DB, probe: string, lockWaitMs: number): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await db.transaction().execute(async (trx) => {
      await sql.raw(`set local lock_timeout = ${lockWaitMs}`).execute(trx);
      await upsertProbeRow(trx, probe);
    });
    return;
  }
  await db.connection().execute(async (connection) => {
    const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(connection);
    const wait = Number(rows[0]?.timeout ?? 5000);
    await sql.raw(`pragma busy_timeout = ${Math.min(wait, lockWaitMs)}`).execute(connection);
    try {
      await upsertProbeRow(connection, probe);
    } finally {
      await sql.raw(`pragma busy_timeout = ${wait}`).execute(connection);
    }
  });
}

async function upsertProbeRow(db: DB, name: string) {
  const now = Date.now();
  await db
    .insertInto('leases')
    .values({ name, holder: THIS_INSTANCE, expires_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ holder: THIS_INSTANCE, expires_at: now }))
    .execute();
}
