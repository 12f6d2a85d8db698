import { createRoute, z } from '@hono/zod-openapi';
import { ErrorEnvelope, jsonOk } from '../../openapi/schemas.ts';

export const healthz = createRoute({
  method: 'get',
  path: '/healthz',
  tags: ['Operations'],
  security: [],
  summary: 'Health check',
  description:
    'For load balancers, orchestrators and the image\'s HEALTHCHECK: 200 while this instance can reach its database and write to it (a probe row is written and committed), and the directories it writes files to (the SQLite database\'s, and DATA_DIR unless media are on a bucket) take a new file; 503 with the reason otherwise (the instance should be taken out of rotation): a database that can be read but not written (a full disk, a read-only server) is unhealthy, as calls that save would be answered 503. A write lock held by another process is load, not a fault. Answered within 2 s. Never cached.',
  responses: {
    200: jsonOk(
      z.object({
        database: z.literal('reachable'),
        writable: z.literal(true).openapi({ description: 'The database took a write, and the store\'s directories a file.' }),
      }),
      'The database answered and took a write.',
    ),
    503: {
      content: { 'application/json': { schema: ErrorEnvelope } },
      description:
        'The database did not answer (or not within 2 s), or cannot be written ("The database cannot be written: the disk is full (SQLITE_FULL)."), or the data directory cannot be written; the description says why.',
    },
  },
});


export const metrics = createRoute({
  method: 'get',
  path: '/metrics',
  tags: ['Operations'],
  security: [{ MetricsToken: [] }],
  summary: 'Prometheus metrics',
  description:
    'For Prometheus: requests counted and timed by method, route pattern and status, the PostgreSQL pool, answers 503 for a busy database or a full disk, the checkout lane\'s queue (PostgreSQL), payments needing attention, and the process (memory, event loop). Off unless the store was started with `METRICS_TOKEN`: then 404 as any unknown path; with it, only for `Authorization: Bearer <METRICS_TOKEN>`. Never cached.',
  responses: {
    200: {
      content: { 'text/plain': { schema: z.string().openapi({ description: 'Prometheus text exposition format 0.0.4' }) } },
      description: 'The metrics.',
    },
    401: { content: { 'application/json': { schema: ErrorEnvelope } }, description: 'No token, or not the metrics token.' },
    404: { content: { 'application/json': { schema: ErrorEnvelope } }, description: 'METRICS_TOKEN is not set: there is no /metrics.' },
  },
});
