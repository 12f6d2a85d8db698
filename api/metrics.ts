import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { type DB, poolStats } from '../db/connection.ts';
import { countPaymentsNeedingAttention } from '../db/queries/payments.ts';
import { outboxDepth } from '../db/queries/outbox.ts';
import { utcTimestamp } from '../db/time.ts';
import { busyAnswers, diskFullAnswers } from './errors.ts';

/**
 * Prometheus metrics (prom-client), served by GET /metrics (api/routes/health). The request
 * counters and the lane's queue are the process's (every app in it counts into them); what
 * depends on a database (its pool, payments needing attention) is read from the scraped app's.
 */
const shared = new Registry();
collectDefaultMetrics({ register: shared, prefix: 'aurum_' });

const LABELS = ['method', 'route', 'status'] as const;

export const httpRequests = new Counter({
  name: 'aurum_http_requests_total',
  help: 'Requests answered, by method, route pattern and status',
  labelNames: LABELS,
  registers: [shared],
});

export const httpDuration = new Histogram({
  name: 'aurum_http_request_duration_seconds',
  help: 'Time from a request to its answer, by method, route pattern and status',
  labelNames: LABELS,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [shared],
});

/** A counter read from a running count kept elsewhere (api/errors.ts), advanced by what it grew since the last scrape. */
function countFrom(name: string, help: string, read: () => number) {
  let seen = 0;
  return new Counter({
    name,
    help,
    registers: [shared],
    collect() {
      const now = read();
      if (now > seen) this.inc(now - seen);
      seen = now;
    },
  });
}
countFrom('aurum_database_busy_answers_total', 'Answers 503 for a busy database (a lock wait ran out, a conflict outlived its retries), this thread', busyAnswers);
countFrom('aurum_disk_full_answers_total', 'Answers 503 for a full disk, this thread', diskFullAnswers);

/** Counts one answer: its route pattern, never the raw path (ids would make a series each). */
export function countRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

/** The series of the kept catalogue answers, bound once: the door answers thousands a second (api/routes/catalogue/kept-answers.ts). */
const keptSeries = new Map<string, { count: ReturnType<typeof httpRequests.labels>; time: ReturnType<typeof httpDuration.labels> }>();

/** Counts one kept catalogue answer (200, its path is its route). */
export function countKeptAnswer(path: string, seconds: number): void {
  let series = keptSeries.get(path);
  if (!series) keptSeries.set(path, (series = { count: httpRequests.labels('POST', path, '200'), time: httpDuration.labels('POST', path, '200') }));
  series.count.inc();
  series.time.observe(seconds);
}

const messages = new Counter({
  name: 'aurum_messages_total',
  help: "Messages the outbox's dispatcher sent, attempts that will be retried, and messages given up on, by channel, this process",
  labelNames: ['channel', 'outcome'],
  registers: [shared],
});

/** Counts one send of the outbox (api/messages/dispatcher.ts). */
export function countMessage(channel: string, outcome: 'sent' | 'retry' | 'failed'): void {
  messages.inc({ channel, outcome });
}

let laneInFlight: (() => number) | undefined;
new Gauge({
  name: 'aurum_checkout_lane_queue_depth',
  help: 'Requests handed to the checkout lane (PostgreSQL) and not answered yet; absent without a lane (SQLite)',
  registers: [shared],
  collect() {
    if (laneInFlight) this.set(laneInFlight());
  },
});

/** Where the lane's queue depth is read (api/server.ts, once the lane runs). */
export function watchLaneQueue(read: () => number): void {
  laneInFlight = read;
}

/** The gauges read from an app's database when scraped, one set per database. */
const databaseRegistries = new WeakMap<DB, Registry>();
function databaseRegistry(db: DB): Registry {
  let registry = databaseRegistries.get(db);
  if (registry) return registry;
  registry = new Registry();
  new Gauge({
    name: 'aurum_database_pool_connections',
    help: "The main thread's PostgreSQL pool: connections open, idle, and callers waiting for one (absent on SQLite: one connection, no pool)",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = poolStats(db);
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'aurum_payments_needing_attention',
    help: 'Payments the back office lists as needing attention (paid or open past their life with no order, or a refund not yet accepted)',
    registers: [registry],
    async collect() {
      this.set(await countPaymentsNeedingAttention(db, utcTimestamp()));
    },
  });
  // One read of the outbox per scrape for both of its gauges (collected together).
  let reading: ReturnType<typeof outboxDepth> | undefined;
  const depthNow = () =>
    (reading ??= outboxDepth(db).finally(() => {
      reading = undefined;
    }));
  new Gauge({
    name: 'aurum_outbox_messages',
    help: 'Messages in the outbox not sent: pending (waiting or being retried) and failed (given up, waiting for Retry in the back office), by channel',
    labelNames: ['channel', 'status'],
    registers: [registry],
    async collect() {
      const depth = await depthNow();
      for (const channel of ['email', 'sms', 'webhook']) for (const status of ['pending', 'failed']) this.set({ channel, status }, 0);
      for (const c of depth.counts) this.set({ channel: c.channel, status: c.status }, c.n);
    },
  });
  new Gauge({
    name: 'aurum_outbox_overdue_seconds',
    help: 'How long the most overdue pending message has been due (0: none waiting): a dispatcher stuck or a channel down shows here',
    registers: [registry],
    async collect() {
      this.set((await depthNow()).overdueMs / 1000);
    },
  });
  databaseRegistries.set(db, registry);
  return registry;
}

/** Compares in constant time (of the digests, so the token's length is not told either). */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether a scrape may read the metrics: `Authorization: Bearer <METRICS_TOKEN>`. */
export function mayScrape(authorization: string | undefined, token: string): boolean {
  return sameToken(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '', token);
}

/** The metrics in Prometheus's text format: the process's, then those of the app's database. */
export async function metricsText(db: DB): Promise<string> {
  return (await shared.metrics()) + (await databaseRegistry(db).metrics());
}

export const METRICS_CONTENT_TYPE = shared.contentType;
