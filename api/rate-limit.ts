import { sql } from 'kysely';
import type { DB } from '../db/connection.ts';

export interface Limit {
  /** How many hits a bucket takes inside one window. */
  max: number;
  windowMs: number;
}

/**
 * Counts one hit against a bucket kept in the database (so every API instance
 * shares it) and answers how long the caller must wait, or 0 when under the limit.
 */
export async function hitRateLimit(db: DB, bucket: string, limit: Limit, now = Date.now()): Promise<number> {
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket, hits: 1, reset_at: now + limit.windowMs })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        hits: sql`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
        reset_at: sql`case when rate_limits.reset_at <= ${now} then ${now + limit.windowMs} else rate_limits.reset_at end`,
      }),
    )
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
  return row.hits > limit.max ? Math.max(1, Math.ceil((row.reset_at - now) / 1000)) : 0;
}

/**
 * Takes one slot in each bucket before the guarded work runs (a password check), and
 * answers the longest wait when any bucket was already full. Taking the slot first is
 * what holds the limit under concurrency: a check-then-record lets every request sent
 * at once pass the check before the first one records its failure.
 */
export async function takeRateLimitSlots(db: DB, buckets: readonly { bucket: string; limit: Limit }[], now = Date.now()): Promise<number> {
  let wait = 0;
  for (const { bucket, limit } of buckets) wait = Math.max(wait, await hitRateLimit(db, bucket, limit, now));
  return wait;
}

/** Gives a slot back when the guarded work turned out to be no attempt at all (a right password). */
export async function releaseRateLimitSlot(db: DB, bucket: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql`case when hits > 0 then hits - 1 else 0 end` })
    .where('bucket', '=', bucket)
    .execute();
}

export async function clearRateLimit(db: DB, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('bucket', '=', bucket).execute();
}
