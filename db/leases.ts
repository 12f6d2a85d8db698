/**
 * Leases: a job that must run on one instance at a time (the storefront build,
 * a periodic job) is done by whoever holds its lease, a row in the database
 * naming the holder and when its hold ends. Taking, renewing and giving one
 * back are single statements, so two instances asking at once cannot both win
 * on either engine. A holder that dies simply lets its lease run out.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { DB } from './connection.ts';

/** This process, as a lease holder: host, process and a random part (two stores on one host differ). */
export const THIS_INSTANCE = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Takes the lease `name` for `ttlMs` when it is free, expired or already ours
 * (then it is renewed). True when this holder has it now.
 */
export async function takeLease(db: DB, name: string, ttlMs: number, holder = THIS_INSTANCE): Promise<boolean> {
  const now = Date.now();
  const row = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: now + ttlMs })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: now + ttlMs })
        .where((eb) => eb.or([eb('leases.expires_at', '<=', now), eb('leases.holder', '=', holder)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Extends a lease this holder has; false when it has lost it (expired and taken by another). */
export async function renewLease(db: DB, name: string, ttlMs: number, holder = THIS_INSTANCE): Promise<boolean> {
  const result = await db
    .updateTable('leases')
    .set({ expires_at: Date.now() + ttlMs })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives a lease back at once, if this holder still has it. */
export async function releaseLease(db: DB, name: string, holder = THIS_INSTANCE): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}

/**
 * Runs `work` only if the lease is ours, renewing it every third of `ttlMs` while
 * work runs; a renewal that fails (the lease was lost) aborts `signal`, and work
 * should stop. Gives the lease back afterwards. Answers undefined, without
 * running work, when another holder has the lease.
 */
export async function withLease<T>(
  db: DB,
  name: string,
  ttlMs: number,
  work: (signal: AbortSignal) => Promise<T>,
  holder = THIS_INSTANCE,
): Promise<{ value: T } | undefined> {
  if (!(await takeLease(db, name, ttlMs, holder))) return undefined;
  const lost = new AbortController();
  const renewing = setInterval(() => {
    renewLease(db, name, ttlMs, holder).then(
      (kept) => kept || lost.abort(new Error(`lease ${name} lost`)),
      () => undefined, // a failed renewal is retried at the next beat; the lease has ttl to spare
    );
  }, Math.max(50, Math.floor(ttlMs / 3)));
  renewing.unref();
  try {
    return { value: await work(lost.signal) };
  } finally {
    clearInterval(renewing);
    await releaseLease(db, name, holder).catch(() => undefined);
  }
}

/**
 * Runs a periodic job on one instance of the fleet per period: every instance
 * calls this on its own clock, and the one that takes the lease (held for most
 * of a period and not given back) runs the job; the others skip that turn.
 * Answers whether this instance ran it.
 */
export async function runOncePerPeriod(db: DB, name: string, periodMs: number, job: () => Promise<void>, holder = THIS_INSTANCE): Promise<boolean> {
  const now = Date.now();
  // Free when expired; never renewed by the same holder early, so turns can move between instances.
  const row = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: now + Math.floor(periodMs * 0.9) })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: now + Math.floor(periodMs * 0.9) })
        .where('leases.expires_at', '<=', now),
    )
    .returning('holder')
    .executeTakeFirst();
  if (row?.holder !== holder) return false;
  await job();
  return true;
}
