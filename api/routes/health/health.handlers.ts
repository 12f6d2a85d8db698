import type { RouteHandler } from '@hono/zod-openapi';
import { sql } from 'kysely';
import type { DB } from '../../../db/connection.ts';
import type { AppEnv } from '../../context.ts';
import type { healthz } from './health.routes.ts';

/** How long the database may take to answer a health check before the instance counts as unhealthy. */
export const HEALTH_TIMEOUT_MS = 2_000;

/** Null when the database answers a trivial query in time, else why not. */
export async function databaseProblem(db: DB, timeoutMs = HEALTH_TIMEOUT_MS): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`The database did not answer within ${timeoutMs / 1000} s.`), timeoutMs);
  });
  const probe = sql`select 1 as ok`.execute(db).then(
    () => null,
    (error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code;
      return `The database cannot be reached${typeof code === 'string' ? ` (${code})` : ''}.`;
    },
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthzHandler: RouteHandler<typeof healthz, AppEnv> = async (c) => {
  c.header('Cache-Control', 'no-store');
  const problem = await databaseProblem(c.var.deps.db);
  if (problem) return c.json({ status: 0 as const, description: problem, data: null }, 503);
  return c.json({ status: 1 as const, description: 'OK', data: { database: 'reachable' as const } }, 200);
};
