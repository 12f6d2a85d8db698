import type { Transaction } from 'kysely';
import { type DB, engineOf } from './connection.ts';
import type { Database } from './schema.ts';
import { log } from './log.ts';
import { currentActor, hasRecorded } from './audit.ts';

export type Trx = Transaction<Database>;

/**
 * How many times a transaction is tried when the engine asks for a retry. Ten writers
 * of one row at once (an invoice counter, the catalogue version) commit one per round:
 * the last of them needs about as many tries as there are writers.
 */
export const WRITE_ATTEMPTS = 16;

/**
 * How many of those attempts a duplicate key may cost: a row inserted by a transaction
 * that committed after this one began (the work's own check could not see it). Run again,
 * the check sees it and answers as its rule says (a replay, or 409).
 */
const DUPLICATE_ATTEMPTS = 2;

/**
 * SQLSTATEs that mean "run the whole transaction again": a serialization failure
 * (40001: serializable isolation, and what CockroachDB and YugabyteDB answer for
 * any conflict) and a deadlock (40P01).
 */
const RETRY_CODES = new Set(['40001', '40P01']);

/** Whether an error asks for the transaction to be run again. */
export function isRetryableConflict(error: unknown): boolean {
  for (let e: any = error; e; e = e.cause) if (RETRY_CODES.has(e.code)) return true;
  return false;
}

/** Backoff after failed attempt n (1-based): exponential from 4 ms, capped at 250 ms, with full jitter. */
function backoffMs(attempt: number): number {
  return Math.random() * Math.min(250, 2 ** (attempt + 1));
}

/** How a write transaction isolates itself on PostgreSQL (SQLite: always its one write lock). */
export interface WriteOptions {
  /**
   * 'serializable' (the default): whatever the work reads stays true until it
   * commits, or PostgreSQL aborts it with 40001 and it runs again.
   *
   * 'read committed': for a hot path whose reads would make serializable
   * transactions conflict with each other (the predicate locks of its look-ups
   * cover index pages and, on small tables, whole tables, so two shoppers' orders
   * abort each other). Such work must be correct by its own construction: it locks
   * the rows its decisions rest on first (SELECT … FOR UPDATE), writes
   * with conditional updates, and leans on unique constraints for uniqueness. A
   * deadlock (40P01) is still retried; a lock wait past lock_timeout (55P03)
   * ends it, answered 503 busy.
   */
  isolation?: 'serializable' | 'read committed';
  /** Names the work in the retry log (AURUM_LOG_RETRIES=1). */
  name?: string;
  /**
   * 'none' for a write that is not the staff member's change (a counter, a lease): it may
   * commit without an audit entry. Otherwise, while a staff member acts (db/audit.ts), a
   * transaction that recorded no change is refused before it commits.
   */
  audit?: 'none';
}

/** The work, refusing to commit a staff member's write that recorded nothing in the audit trail. */
function audited<T>(work: (trx: Trx) => Promise<T>, options: WriteOptions): (trx: Trx) => Promise<T> {
  if (options.audit === 'none' || !currentActor()) return work;
  return async (trx) => {
    const result = await work(trx);
    if (!hasRecorded(trx)) throw new Error(`A back-office write must record itself in the audit trail (db/audit.ts recordChange): ${options.name ?? caller()}`);
    return result;
  };
}

/** Retries so far in this process, by the transaction's name (unnamed ones under ''). */
const retries = new Map<string, number>();

/** How many times this process has run a write transaction of that name again (a conflict, a deadlock, a duplicate key). */
export function retriesOf(name: string): number {
  return retries.get(name) ?? 0;
}

/** Whether each retry is logged (the transaction's name and the error): AURUM_LOG_RETRIES=1. */
const logRetries = () => process.env.AURUM_LOG_RETRIES === '1';

/** Where a write transaction was started from, for the retry log. */
function caller(): string {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const outside = frames.find((line) => !line.includes('/db/transaction.ts'));
  return outside?.trim().replace(/^at /, '') ?? 'unknown';
}

function describeConflict(error: unknown): string {
  for (let e: any = error; e; e = e.cause) {
    if (typeof e.code === 'string') return `${e.code} ${e.message}${e.detail ? ` (${e.detail})` : ''}`;
  }
  return String(error);
}

/**
 * The one way the store writes more than one statement: every write path that
 * reads then writes goes through here, so the engine's isolation and the retry
 * on a serialization failure or deadlock live in one place.
 *
 * - SQLite: BEGIN IMMEDIATE (db/connection.ts): one writer at a time, so what the
 *   work reads stays true until it commits.
 * - PostgreSQL: SERIALIZABLE by default (see WriteOptions for the one other way),
 *   so a read-then-write is correct whatever runs beside it; a conflict aborts one
 *   transaction with 40001 (or 40P01) and the work runs again from the start, up
 *   to WRITE_ATTEMPTS times (a duplicate key once more: see DUPLICATE_ATTEMPTS).
 *   The work must therefore do nothing outside the database that cannot be
 *   repeated (no provider calls inside). Every statement is bounded by the
 *   connection's lock_timeout and statement_timeout (db/connection.ts).
 */
export async function writeTransaction<T>(db: DB, task: (trx: Trx) => Promise<T>, options: WriteOptions = {}): Promise<T> {
  const work = audited(task, options);
  if (engineOf(db) !== 'postgres') return db.transaction().execute(work);
  const isolation = options.isolation ?? 'serializable';
  let duplicates = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel(isolation).execute(work);
    } catch (error) {
      const duplicate = isUniqueViolation(error) && ++duplicates < DUPLICATE_ATTEMPTS;
      const retry = attempt < WRITE_ATTEMPTS && (duplicate || isRetryableConflict(error));
      if (logRetries() && (retry || isRetryableConflict(error))) {
        log.warn(`write transaction ${options.name ?? caller()} (${isolation}) attempt ${attempt}${retry ? ', retried' : ', given up'}: ${describeConflict(error)}`);
      }
      if (!retry) throw error;
      retries.set(options.name ?? '', retriesOf(options.name ?? '') + 1);
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
}

/** Whether reads may run on other connections while a write transaction holds one (PostgreSQL's pool; not SQLite's one connection). */
export function readsBeside(db: DB): boolean {
  return engineOf(db) === 'postgres';
}

/**
 * Whether an error is a unique-constraint violation (SQLite's SQLITE_CONSTRAINT_UNIQUE
 * or PRIMARY KEY, PostgreSQL's 23505): a duplicate the caller answers as its rule says
 * (a replay, or 409), never as a server error. `index` narrows it to one unique index
 * or constraint: PostgreSQL names it; SQLite names an index on expressions
 * ("index 'x'") and otherwise the columns ("table.column"), so an index on plain
 * columns is told by `columns` there.
 */
export function isUniqueViolation(error: unknown, index?: string, columns?: string[]): boolean {
  for (let e: any = error; e; e = e.cause) {
    if (e.code === '23505') return !index || e.constraint === index;
    if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      if (!index) return true;
      const message = String(e.message);
      return message.includes(`index '${index}'`) || (!!columns && columns.every((column) => message.includes(`.${column}`)));
    }
  }
  return false;
}
