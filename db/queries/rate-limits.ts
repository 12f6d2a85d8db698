/**
 * The rate limits' counters (rate_limits): one row per bucket (an address, a phone) with its
 * hits in the current window and when that window ends, kept in the database so every
 * instance shares them. What a limit is, and how long a caller waits, is api/rate-limit.ts.
 */

import { sql } from 'kysely';
import type { DB } from '../connection.ts';

/**
 * Counts one hit against a bucket in one statement (so hits sent at once are all counted): a
 * window that has ended starts again at this hit, ending `windowMs` later. Answers the
 * bucket's hits and the end of its window (ms).
 */
export function countHit(db: DB, bucket: string, windowMs: number, now: number): Promise<{ hits: number; reset_at: number }> {
  return db
    .insertInto('rate_limits')
    .values({ bucket, hits: 1, reset_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        hits: sql`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
        reset_at: sql`case when rate_limits.reset_at <= ${now} then ${now + windowMs} else rate_limits.reset_at end`,
      }),
    )
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
}

/** Gives a slot back when the guarded work turned out to be no attempt at all (a right password). */
export async function releaseRateLimitSlot(db: DB, bucket: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql`case when hits > 0 then hits - 1 else 0 end` })
    .where('bucket', '=', bucket)
    .execute();
}

/** Forgets a bucket's hits (its owner proved who they are). */
export async function clearRateLimit(db: DB, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('bucket', '=', bucket).execute();
}
