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

/** Answers the wait in seconds when a bucket is already over its limit, without counting a hit. */
export async function rateLimitWait(db: DB, bucket: string, limit: Limit, now = Date.now()): Promise<number> {
  const row = await db.selectFrom('rate_limits').select(['hits', 'reset_at']).where('bucket', '=', bucket).executeTakeFirst();
  if (!row || row.reset_at <= now || row.hits < limit.max) return 0;
  return Math.max(1, Math.ceil((row.reset_at - now) / 1000));
}

export async function clearRateLimit(db: DB, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('bucket', '=', bucket).execute();
}
