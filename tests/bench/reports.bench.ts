/**
 * `npm run bench:reports` (issue 37): how fast the back office's reports answer on a
 * store with many orders. Seeds a fresh database (the demo catalogue, then
 * `--orders` orders over two years, and the returns of some: db/seed/orders.ts), starts the store as
 * `npm start` starts it in a process of its own (tests/bench/servers.ts), and asks
 * each report from this process, `--connections` requests at a time, timing every
 * answer: p50, p95 and p99 against the 300 ms goal.
 *
 * Each report is asked two ways, shown apart:
 * - "same": the same request again and again (what a page refreshed, or several staff
 *   on one screen, asks: the database's pages and the statements are warm);
 * - "varied": a different period each time (the range moved back a day per request),
 *   so no two requests read the same rows in the same way; the first request after
 *   start counts here.
 *
 * `--engines sqlite,postgres` (the default) runs SQLite (a file in a temporary
 * directory), then the same in a child process on a throwaway PostgreSQL cluster
 * (tests/helpers/with-pg.sh: a fresh database on it, dropped after); DATABASE_URL or
 * TEST_DATABASE_URL set: that server alone. `--orders N --requests N --connections N`. The seed's
 * time includes the sales summaries, which the database's triggers keep as the orders go in
 * (migration 2026_12_04_0001). After the seed the database is analysed (ANALYZE;
 * PostgreSQL also CHECKPOINT), as a store that has lived with its orders would be. Exits 1
 * only when the run broke (an answer other than 200).
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { issueToken } from '../../api/auth.ts';
import { loadConfig } from '../../api/env.ts';
import { describeDatabase, engineOf, openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { seedOrders } from '../../db/seed/orders.ts';
import { addDays, indiaDayOf } from '../../rules/reports.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { percentile, roundMs, sortedMs } from './percentile.ts';
import { startStore } from './servers.ts';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    orders: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '30' },
    connections: { type: 'string', default: '2' },
    engines: { type: 'string', default: 'sqlite,postgres' },
  },
});
const engines = values.engines.split(',');
const onPostgres = Boolean(process.env.DATABASE_URL?.startsWith('postgres') || process.env.TEST_DATABASE_URL);
const orders = Number(values.orders);
const requests = Number(values.requests);
const connections = Number(values.connections);
const GOAL_MS = 300;
if (!onPostgres && !engines.includes('sqlite')) {
  // PostgreSQL only: on a throwaway cluster (tests/helpers/with-pg.sh), this same file.
  process.exit(await postgresRun());
}
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

const dir = mkdtempSync(path.join(tmpdir(), 'aurum-reports-bench-'));
const fresh = process.env.DATABASE_URL ? undefined : await createTestDatabase(dir);
const env = {
  DATA_DIR: dir,
  DATABASE_URL: process.env.DATABASE_URL ?? fresh!.url,
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256!!',
  PAN_KEY: process.env.PAN_KEY ?? 'YmVuY2gtcGFuLWtleS10aGlydHktdHdvLWJ5dGVzISE=',
  ADMIN_COUNTRY_CODE: '+91',
  ADMIN_PHONE: '9000000001',
  ADMIN_PASSWORD: 'Bench@12345',
};
const config = loadConfig(env);
const db = openDatabase(config.database);
const engine = engineOf(db);
console.log(`reports benchmark: ${engine} (${describeDatabase(config.database)}), ${orders} orders, ${requests} requests per report and way, ${connections} at a time; load ${load()}`);

/** The requests of one report: the same one, or the i-th of a varied run. */
interface Report {
  name: string;
  url: (shift: number) => string;
}

const today = indiaDayOf(new Date());
const lastMonth = (() => {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
})();
const monthBack = (shift: number) => {
  const d = new Date(`${lastMonth}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - (shift % 20));
  return d.toISOString().slice(0, 7);
};
const REPORTS: Report[] = [
  { name: 'sales, 30 days by day', url: (s) => `/reports/sales?from=${addDays(today, -29 - s)}&to=${addDays(today, -s)}&group=day` },
  { name: 'sales, 12 months by month', url: (s) => `/reports/sales?from=${addDays(today, -364 - s)}&to=${addDays(today, -s)}&group=month` },
  { name: 'sales, 2 years by week', url: (s) => `/reports/sales?from=${addDays(today, -729 - s)}&to=${addDays(today, -s)}&group=week` },
  { name: 'stock', url: () => '/reports/stock' },
  { name: 'gstr1 json', url: (s) => `/reports/gstr1?month=${monthBack(s)}` },
  { name: 'gstr1 csv', url: (s) => `/reports/gstr1?month=${monthBack(s)}&format=csv` },
];

async function timed(origin: string, auth: string, urls: string[]): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      const started = performance.now();
      const res = await fetch(origin + url, { headers: { Authorization: auth } });
      await res.arrayBuffer();
      times.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return times;
}

let broke = false;
let store: Awaited<ReturnType<typeof startStore>> | undefined;
try {
  await migrateToLatest(db);
  let started = performance.now();
  await seedDemo(db, config);
  const seededDemo = (performance.now() - started) / 1000;
  started = performance.now();
  const added = await seedOrders(db, orders, { seller: config.seller });
  console.log(`seeded: demo ${seededDemo.toFixed(1)} s, ${added.orders} orders, ${added.invoices} invoices and ${added.returns} returns ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await sql`analyze`.execute(db);
  if (engine === 'postgres') await sql`checkpoint`.execute(db);
  const admin = await db.selectFrom('users').select(['u_id', 'token_key']).where('u_type', '=', '0').orderBy('u_id').executeTakeFirstOrThrow();
  const auth = `Bearer ${await issueToken(config, admin)}`;
  store = await startStore(env);
  console.log(`store started (pid ${store.pid}); load ${load()}`);
  const rows: string[][] = [];
  for (const report of REPORTS) {
    for (const way of ['varied', 'same'] as const) {
      const urls = Array.from({ length: requests }, (_, i) => report.url(way === 'same' ? 0 : i));
      if (way === 'same') await timed(store.origin, auth, urls.slice(0, 3));
      const times = sortedMs(await timed(store.origin, auth, urls));
      const p99 = percentile(times, 99);
      rows.push([report.name, way, String(times.length), ...[50, 95, 99].map((p) => roundMs(percentile(times, p)).toFixed(1)), p99 < GOAL_MS ? 'PASS' : 'MISS']);
      console.log(`  ${rows[rows.length - 1].join(' | ')} (load ${load()})`);
    }
  }
  const head = ['report', 'way', 'n', 'p50 ms', 'p95 ms', 'p99 ms', `p99 < ${GOAL_MS} ms`];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${engine}, ${orders} orders:`);
  console.log(line(head));
  for (const r of rows) console.log(line(r));
  console.log(`load at the end ${load()}`);
} catch (error) {
  broke = true;
  console.error(error);
} finally {
  await store?.close();
  await db.destroy();
  await fresh?.drop();
  rmSync(dir, { recursive: true, force: true });
}
/** The same run on PostgreSQL, in a child process under tests/helpers/with-pg.sh (a throwaway cluster). */
function postgresRun(): Promise<number> {
  const args = ['node', fileURLToPath(import.meta.url), '--orders', String(orders), '--requests', String(requests), '--connections', String(connections), '--engines', 'postgres'];
  const child = spawn(path.join(path.dirname(fileURLToPath(import.meta.url)), '../helpers/with-pg.sh'), args, { stdio: 'inherit', env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` } });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

if (!broke && !onPostgres && engines.includes('postgres')) broke = (await postgresRun()) !== 0;
process.exit(broke ? 1 : 0);
