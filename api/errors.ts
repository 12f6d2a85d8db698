import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, type DomainErrorKind } from '../rules/errors.ts';
import { isRetryableConflict, isUniqueViolation } from '../db/transaction.ts';
import type { AppEnv } from './context.ts';
import { log } from '../db/log.ts';

/** The one answer shape of the API: `{ status, description, data }`. */
export interface Envelope<T = unknown> {
  status: 0 | 1;
  description: string;
  data: T;
}

/** The HTTP status of each kind of domain error (rules/errors.ts): the one place they meet. */
export const STATUS_OF_KIND: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  busy: 503,
  unavailable: 503,
};

/**
 * A refusal the client can act on: a DomainError of a 4xx kind (a sold-out piece, a lapsed
 * price lock, a bad field). A busy store or an unreachable provider is not one: a fault to
 * try again. Code that must settle whatever happens (a payment being finished) tells
 * refusals from faults with this.
 */
export function isRefusal(error: unknown): error is DomainError {
  return error instanceof DomainError && STATUS_OF_KIND[error.kind] < 500;
}

/** The sentence of a refusal, as the client is told it. */
export function refusalMessage(error: DomainError): string {
  return error.message;
}

/** Seconds a client is told to wait (Retry-After) after a refusal of this kind, if any. */
function retryAfterOf(error: DomainError): number | undefined {
  if (error.kind === 'busy') return 1;
  if (error.kind === 'too_many') return (error.data as { retryAfter?: number } | null)?.retryAfter;
  return undefined;
}

/** A successful answer. */
export function ok<T>(c: Context, description: string, data: T) {
  return c.json({ status: 1 as const, description, data }, 200);
}

/** A successful answer that made a new record. */
export function created<T>(c: Context, description: string, data: T) {
  return c.json({ status: 1 as const, description, data }, 201);
}

/** Messages Hono itself raises, reworded for a shopper. */
function describeHttpException(error: HTTPException): string {
  if (error.status === 400 && /json/i.test(error.message)) return 'The request body is not valid JSON.';
  if (error.status === 413) return 'The request body is too large.';
  return error.message || 'The request could not be handled.';
}

/**
 * The database's write lock was held past the wait (SQLite's busy timeout, PostgreSQL's
 * lock_timeout: 55P03), or a PostgreSQL statement ran past statement_timeout (57014;
 * db/connection.ts POSTGRES_TIMEOUTS): the store is loaded, not broken, and the write
 * changed nothing (its transaction rolled back).
 */
function isBusyDatabase(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (/^SQLITE_BUSY/.test(e.code) || e.code === '55P03' || e.code === '57014')) return true;
  }
  return false;
}

/**
 * The database could not be reached, or dropped the session mid-call: PostgreSQL
 * refusing connections or restarting (class 08, 57P01-57P03), pg's own "Connection
 * terminated" (no code), a socket error. The store is not broken and the call changed
 * nothing (its transaction never committed): ask again in a moment, as for busy.
 */
function isDatabaseUnreachable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (/^08/.test(e.code) || /^57P0[123]$/.test(e.code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(e.code))) return true;
    if (typeof e.message === 'string' && /^Connection terminated|not queryable/.test(e.message)) return true;
  }
  return false;
}

/** Errno codes of a write refused for want of space: the disk (or its quota) is full. */
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);

/**
 * What a full disk looks like to the store, on either engine and in its own files:
 * - 'full': SQLite's SQLITE_FULL (its unix layer answers a write refused with ENOSPC so, and
 *   also a database at max_page_count), PostgreSQL's 53100 disk_full (a table or index that
 *   could not grow, a temporary file a sort spilled to), Node's ENOSPC or EDQUOT from a file
 *   the store writes (an upload, a resized image);
 * - 'io': an SQLITE_IOERR_* (a write, fsync, truncate or -shm growth that failed): SQLite
 *   answers ENOSPC so where it grows a file other than by a plain write, and a write refused
 *   with EDQUOT always, but keeps no errno: whether the disk is full is asked of the
 *   database's directory (writeProbe) before it is answered as one.
 * The `cause` chain is walked, as for a busy database.
 */
function diskFullSign(error: unknown): { kind: 'full' | 'io'; code: string; message: string } | null {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code !== 'string') continue;
    const message = typeof e.message === 'string' ? e.message : '';
    if (e.code === 'SQLITE_FULL' || e.code === '53100' || NO_SPACE.has(e.code)) return { kind: 'full', code: e.code, message };
    if (/^SQLITE_IOERR/.test(e.code)) return { kind: 'io', code: e.code, message };
  }
  return null;
}

/**
 * PostgreSQL short of a resource other than disk (class 53): 53000 insufficient_resources
 * (out of file descriptors), 53200 out_of_memory (also "out of shared memory"), 53300
 * too_many_connections. The server is loaded, not broken, and the statement's transaction
 * rolled back: ask again shortly. 53400 configuration_limit_exceeded (temp_file_limit, a
 * setting the operator chose) is not among them: the same call meets the same limit again.
 */
function isDatabaseShortOfResources(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && ['53000', '53200', '53300'].includes(e.code)) return e.code;
  }
  return null;
}

/** What the write probe writes: one page, as the database's next page would need. */
const PROBE_BYTES = Buffer.alloc(4096);

/**
 * Whether `dir` takes a new file now: writes a small one (PROBE_BYTES) and removes it. Null when it did, else the error's code (ENOSPC, EDQUOT,
 * EROFS, EACCES, ...) or its message. Not synced: a full disk refuses the write itself
 * (tmpfs, ext4's delayed allocation and XFS reserve the blocks when written).
 */
export async function writeProbe(dir: string): Promise<string | null> {
  const file = path.join(dir, `.write-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await writeFile(file, PROBE_BYTES, { flag: 'wx' });
    return null;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
  } finally {
    await rm(file, { force: true }).catch(() => undefined);
  }
}

/** Whether a write probe's answer means the disk (or the quota) is full. */
export const isNoSpace = (code: string | null) => code !== null && NO_SPACE.has(code);

/**
 * The code of a full disk in `error` (SQLITE_FULL, 53100, ENOSPC, EDQUOT: see diskFullSign),
 * else null; an SQLITE_IOERR_* is not told apart here (diskFullError asks the disk). For code
 * that must tell a full disk from a client's mistake (an upload cut short) or report it.
 */
export function diskFullCode(error: unknown): string | null {
  const sign = diskFullSign(error);
  return sign?.kind === 'full' ? sign.code : null;
}

/**
 * The disk-full error in `error`, if that is what it is (see diskFullSign); an
 * SQLITE_IOERR_* only when the SQLite database's directory refuses a new file for want of
 * space now.
 */
async function diskFullError(error: unknown, sqliteFile?: string): Promise<{ code: string; message: string } | null> {
  const sign = diskFullSign(error);
  if (!sign) return null;
  if (sign.kind === 'full') return sign;
  if (!sqliteFile) return null;
  const probe = await writeProbe(path.dirname(sqliteFile));
  return isNoSpace(probe) ? { code: `${sign.code} (${probe})`, message: sign.message } : null;
}

/** The request id api/request-log.ts gave the call, for the lines written about it (none in a bare test app). */
const requestIdIn = (c: Context) => (c.var as Partial<AppEnv['Variables']> | undefined)?.requestId;

let diskFullCount = 0;
/** How many answers were 503 for a full disk since start (this thread; the checkout lane counts its own). */
export const diskFullAnswers = () => diskFullCount;

/** Seconds a client waits before trying again after a full disk: someone has to free space first. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 120;

/** The answer to a call the store could not save for a full disk (its transaction rolled back). */
export const DISK_FULL_MESSAGE = 'The store cannot save anything right now. Please try again in a few minutes; nothing was changed.';

function diskFullAnswer(c: Context, full: { code: string; message: string }) {
  diskFullCount += 1;
  // One line for the operator: the code and the engine's or Node's own sentence (a file path
  // at most, never a value of the call), no stack; the client gets the shop's sentence.
  const said = full.message.replace(/\s+/g, ' ').slice(0, 200);
  log.error(
    { req_id: requestIdIn(c) },
    `disk full: ${c.req.method} ${c.req.path} answered 503 (${full.code}${said ? `: ${said}` : ''}; ${diskFullCount} since start). Free space where the store writes (its database, DATA_DIR); it recovers by itself.`,
  );
  c.header('Retry-After', String(DISK_FULL_RETRY_AFTER_SECONDS));
  return c.json({ status: 0 as const, description: DISK_FULL_MESSAGE, data: null }, 503);
}

let busyCount = 0;
/** How many answers were 503 for a busy database since start (counted apart from errors). */
export const busyAnswers = () => busyCount;

/** Seconds a client waits before trying a write again after a busy database. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** Turns anything thrown into the envelope; a stack trace never reaches the client. */
export const onError: ErrorHandler = (error, c) => {
  if (error instanceof DomainError) {
    const retryAfter = retryAfterOf(error);
    if (retryAfter) c.header('Retry-After', String(retryAfter));
    return c.json({ status: 0, description: error.message, data: error.data ?? null }, STATUS_OF_KIND[error.kind]);
  }
  if (error instanceof HTTPException) {
    const status = error.status >= 500 ? 500 : error.status;
    return c.json({ status: 0, description: describeHttpException(error), data: null }, status as ContentfulStatusCode);
  }
  // A lock wait that ran out, or a PostgreSQL conflict still there after writeTransaction's
  // retries: the database asks to be asked again later.
  if (isBusyDatabase(error) || isRetryableConflict(error)) {
    busyCount += 1;
    log.warn({ req_id: requestIdIn(c) }, `busy database: ${c.req.method} ${c.req.path} answered 503 (${busyCount} since start)`);
    c.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
    return c.json({ status: 0, description: 'The store is busy right now. Please try again in a moment.', data: null }, 503);
  }
  if (isDatabaseUnreachable(error)) {
    log.warn({ req_id: requestIdIn(c) }, `database unreachable: ${c.req.method} ${c.req.path} answered 503: ${error instanceof Error ? error.message : String(error)}`);
    c.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
    return c.json({ status: 0, description: 'The store is unavailable for a moment. Please try again shortly.', data: null }, 503);
  }
  const short = isDatabaseShortOfResources(error);
  if (short) {
    log.warn({ req_id: requestIdIn(c) }, `database short of resources: ${c.req.method} ${c.req.path} answered 503 (${short}: ${error.message.replace(/\s+/g, ' ').slice(0, 200)})`);
    c.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
    return c.json({ status: 0, description: 'The store is unavailable for a moment. Please try again shortly.', data: null }, 503);
  }
  // Write paths answer their own duplicates (a replay, or 409 naming the rule); one that
  // reaches here is still a duplicate, never a server fault.
  if (isUniqueViolation(error)) return c.json({ status: 0, description: 'This already exists.', data: null }, 409);
  // A full disk: the call was not saved (its transaction rolled back, its files removed), and
  // nothing the client sent was wrong. An I/O error of SQLite asks the disk first (diskFullError).
  const sign = diskFullSign(error);
  if (sign?.kind === 'full') return diskFullAnswer(c, sign);
  if (sign?.kind === 'io') {
    const database = (c.var as Partial<AppEnv['Variables']> | undefined)?.deps?.config.database;
    return diskFullError(error, database?.engine === 'sqlite' ? database.file : undefined).then((full) =>
      full ? diskFullAnswer(c, full) : unexpected(error, c),
    );
  }
  return unexpected(error, c);
};

/** Anything else: a fault of the store, logged with its stack; the client gets a sentence. */
function unexpected(error: Error, c: Context) {
  log.error({ req_id: requestIdIn(c), err: error }, `${c.req.method} ${c.req.path}: ${error.message}`);
  return c.json({ status: 0 as const, description: 'Something went wrong on our side. Please try again.', data: null }, 500);
}

export const onNotFound: NotFoundHandler = (c) =>
  c.json({ status: 0, description: `No such endpoint: ${c.req.method} ${c.req.path}`, data: null }, 404);
