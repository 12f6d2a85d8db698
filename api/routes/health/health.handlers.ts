import type { RouteHandler } from '@hono/zod-openapi';
import path from 'node:path';
import type { DB } from '../../../db/connection.ts';
import { checkDatabaseRead, checkDatabaseWrite } from '../../../db/queries/health.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { notFoundError, unauthorizedError } from '../../../rules/errors.ts';
import { diskFullCode, isNoSpace, writeProbe } from '../../errors.ts';
import { METRICS_CONTENT_TYPE, mayScrape, metricsText } from '../../metrics.ts';
import type { healthz, metrics } from './health.routes.ts';

/** How long the database may take to answer a health check before the instance counts as unhealthy. */
export const HEALTH_TIMEOUT_MS = 2_000;

/**
 * The row the write probe upserts: a lease nobody holds (it expires as it is written), so no
 * job is ever kept from running by it; it shows which instance last checked, and when.
 */
export const HEALTH_PROBE_LEASE = 'health-probe';

/**
 * How long the write probe waits for a lock another process or session holds (SQLite's write
 * lock, PostgreSQL's lock on the probe's row or table), instead of the store's 5 s: a lock held
 * elsewhere means someone is writing, not that nobody can, and the check must answer within
 * HEALTH_TIMEOUT_MS. On SQLite the wait also blocks the thread, every call of the instance with it.
 */
export const PROBE_LOCK_WAIT_MS = 100;

function codeOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** The database's write lock held past the probe's wait (or PostgreSQL's lock or statement timeout): busy, not unwritable. */
const isBusy = (code: string | undefined) => !!code && (/^SQLITE_BUSY/.test(code) || code === '55P03' || code === '57014');

/** Where the store writes files of its own, beside what the database holds. */
export interface WrittenDirectories {
  /** The SQLite database's directory (its -wal and -shm files, and the room it grows into). */
  database?: string;
  /** DATA_DIR, when media (uploads, resized copies) and the built storefront are kept there, not on a bucket. */
  data?: string;
}

/** The directories a store with this configuration writes to (see WrittenDirectories). */
export function writtenDirectories(config: Deps['config']): WrittenDirectories {
  return {
    database: config.database.engine === 'sqlite' ? path.dirname(path.resolve(config.database.file)) : undefined,
    data: config.media.kind === 'local' ? config.dataDir : undefined,
  };
}

/**
 * Null when the database answers a read and takes a write, and the directories the store
 * writes to take a new file, all within `timeoutMs`; else why not, in one sentence:
 * - the database cannot be reached (a read fails);
 * - the database cannot be written (the probe's upsert fails: a full disk, a read-only
 *   server or file; or the database's directory refuses a file for want of space, which
 *   SQLite meets as soon as a write needs a new page);
 * - the data directory cannot be written (uploads and resized images would fail).
 * A write lock held elsewhere past the probe's wait is load, not a fault: not reported.
 */
export async function databaseProblem(db: DB, timeoutMs = HEALTH_TIMEOUT_MS, directories: WrittenDirectories = {}): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`The database did not answer within ${timeoutMs / 1000} s.`), timeoutMs);
  });
  const check = async (): Promise<string | null> => {
    try {
      await checkDatabaseRead(db);
    } catch (error) {
      const code = codeOf(error);
      return `The database cannot be reached${code ? ` (${code})` : ''}.`;
    }
    // Why the probe's write failed (its code, '' for none); undefined when it did not (or met a busy lock).
    let refused: string | undefined;
    try {
      await checkDatabaseWrite(db, HEALTH_PROBE_LEASE, PROBE_LOCK_WAIT_MS);
    } catch (error) {
      const code = codeOf(error);
      const full = diskFullCode(error);
      if (full) return `The database cannot be written: the disk is full (${full}).`;
      if (!isBusy(code)) refused = code ?? '';
    }
    const [database, data] = await Promise.all([
      directories.database ? writeProbe(directories.database) : null,
      directories.data && directories.data !== directories.database ? writeProbe(directories.data) : null,
    ]);
    // Only want of space speaks for the database's directory (SQLite writes the files it has
    // open): it also tells what an SQLITE_IOERR_* of the probe was.
    if (isNoSpace(database)) return `The database cannot be written: the disk is full (${refused ? `${refused}, ` : ''}${database}).`;
    if (refused !== undefined) return `The database cannot be written${refused ? ` (${refused})` : ''}.`;
    if (directories.data === directories.database && database) return `The data directory cannot be written (${database}).`;
    if (data) return `The data directory cannot be written${isNoSpace(data) ? ': the disk is full' : ''} (${data}).`;
    return null;
  };
  try {
    return await Promise.race([check(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthzHandler: RouteHandler<typeof healthz, AppEnv> = async (c) => {
  c.header('Cache-Control', 'no-store');
  const { db, config } = c.var.deps;
  const problem = await databaseProblem(db, HEALTH_TIMEOUT_MS, writtenDirectories(config));
  if (problem) return c.json({ status: 0 as const, description: problem, data: null }, 503);
  return c.json({ status: 1 as const, description: 'OK', data: { database: 'reachable' as const, writable: true as const } }, 200);
};

/** Prometheus's scrape: as if absent without METRICS_TOKEN, then for its bearer only. */
export const metricsHandler: RouteHandler<typeof metrics, AppEnv> = async (c) => {
  const { db, config } = c.var.deps;
  if (!config.metricsToken) throw notFoundError(`No such endpoint: ${c.req.method} ${c.req.path}`);
  if (!mayScrape(c.req.header('authorization'), config.metricsToken)) {
    c.header('WWW-Authenticate', 'Bearer realm="metrics"');
    throw unauthorizedError('A valid metrics token is required.');
  }
  c.header('Cache-Control', 'no-store');
  return c.text(await metricsText(db), 200, { 'Content-Type': METRICS_CONTENT_TYPE });
};
