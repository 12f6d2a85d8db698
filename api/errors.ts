import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, type DomainErrorKind } from '../rules/errors.ts';
import { isRetryableConflict, isUniqueViolation } from '../db/transaction.ts';

/** The one answer shape of the API: `{ status, description, data }`. */
export interface Envelope<T = unknown> {
  status: 0 | 1;
  description: string;
  data: T;
}

/** A refusal the client can act on: an honest HTTP code and a message shown as is. */
export class ApiError extends HTTPException {
  readonly description: string;
  readonly data: unknown;
  constructor(status: ContentfulStatusCode, description: string, data: unknown = null) {
    super(status, { message: description });
    this.description = description;
    this.data = data;
  }
}

export const badRequest = (description: string) => new ApiError(400, description);
export const forbidden = (description = 'Your session has expired. Please log in again.') => new ApiError(403, description);
export const notFound = (description: string) => new ApiError(404, description);
export const conflict = (description: string) => new ApiError(409, description);
export const tooLarge = (description = 'The upload is too large. Max size is 120MB per file.') => new ApiError(413, description);
export const tooManyAttempts = (description: string, retryAfterSeconds: number) => {
  const error = new ApiError(429, description, { retryAfter: retryAfterSeconds });
  return error;
};

/**
 * A refusal the client can act on, of either type: an ApiError raised at the edge or a
 * DomainError from rules/ and db/ (a sold-out piece, a lapsed price lock). Code that must
 * settle whatever happens (a payment being finished) tells refusals from faults with this.
 */
export function isRefusal(error: unknown): error is ApiError | DomainError {
  return error instanceof ApiError || error instanceof DomainError;
}

/** The sentence of a refusal, whichever type it is. */
export function refusalMessage(error: ApiError | DomainError): string {
  return error instanceof ApiError ? error.description : error.message;
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

/** The HTTP status of each kind of domain error (rules/errors.ts): the one place they meet. */
export const STATUS_OF_KIND: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  busy: 503,
};

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

let busyCount = 0;
/** How many answers were 503 for a busy database since start (counted apart from errors). */
export const busyAnswers = () => busyCount;

/** Seconds a client waits before trying a write again after a busy database. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** Turns anything thrown into the envelope; a stack trace never reaches the client. */
export const onError: ErrorHandler = (error, c) => {
  if (error instanceof DomainError) {
    if (error.kind === 'busy') c.header('Retry-After', '1');
    return c.json({ status: 0, description: error.message, data: error.data ?? null }, STATUS_OF_KIND[error.kind]);
  }
  if (error instanceof ApiError) {
    const retryAfter = (error.data as { retryAfter?: number } | null)?.retryAfter;
    if (error.status === 429 && retryAfter) c.header('Retry-After', String(retryAfter));
    return c.json({ status: 0, description: error.description, data: error.data }, error.status);
  }
  if (error instanceof HTTPException) {
    const status = error.status >= 500 ? 500 : error.status;
    return c.json({ status: 0, description: describeHttpException(error), data: null }, status as ContentfulStatusCode);
  }
  // A lock wait that ran out, or a PostgreSQL conflict still there after writeTransaction's
  // retries: the database asks to be asked again later.
  if (isBusyDatabase(error) || isRetryableConflict(error)) {
    busyCount += 1;
    console.warn(`[${new Date().toISOString()}] busy database: ${c.req.method} ${c.req.path} answered 503 (${busyCount} since start)`);
    c.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
    return c.json({ status: 0, description: 'The store is busy right now. Please try again in a moment.', data: null }, 503);
  }
  if (isDatabaseUnreachable(error)) {
    console.warn(`[${new Date().toISOString()}] database unreachable: ${c.req.method} ${c.req.path} answered 503: ${error instanceof Error ? error.message : String(error)}`);
    c.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
    return c.json({ status: 0, description: 'The store is unavailable for a moment. Please try again shortly.', data: null }, 503);
  }
  // Write paths answer their own duplicates (a replay, or 409 naming the rule); one that
  // reaches here is still a duplicate, never a server fault.
  if (isUniqueViolation(error)) return c.json({ status: 0, description: 'This already exists.', data: null }, 409);
  console.error(`[${new Date().toISOString()}] ${c.req.method} ${c.req.path}:`, error);
  return c.json({ status: 0, description: 'Something went wrong on our side. Please try again.', data: null }, 500);
};

export const onNotFound: NotFoundHandler = (c) =>
  c.json({ status: 0, description: `No such endpoint: ${c.req.method} ${c.req.path}`, data: null }, 404);
