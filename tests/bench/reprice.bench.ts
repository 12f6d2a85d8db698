/**
 * `npm run bench:reprice`: how long a rate change takes to reprice a large
 * catalogue (issue 16's goal: 10,000 products under 2 s). Seeds the demo and
 * `--products N` more (default 10,000), then sets new 22K and 18K rates (and the
 * dollar rate) `--rounds` times (default 3) through POST /setmetalrates's own code
 * path: plan, history, one transaction of set-based updates. Prints the rows
 * repriced, the wall time and the CPU time of this process (and, on PostgreSQL on
 * this machine, of its server backend) for each round, and the
 * machine's load average (the machine is shared: a busy one gives slow figures,
 * so compare runs at similar load).
 *
 * DATABASE_URL chooses the engine, as for the store: unset, a SQLite file in a
 * temporary directory; a postgres:// URL, that database (it must be empty: the
 * run seeds it).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { sql } from 'kysely';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../api/env.ts';
import { describeDatabase, openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { currentMetalRates, setMetalRates } from '../../db/queries/metal-rates.ts';
import { seedLargeCatalogue } from '../../db/seed/large.ts';

const GOAL_MS = 2000;
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { products: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '3' } },
});
const count = Number(values.products);
const rounds = Number(values.rounds);
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const dir = mkdtempSync(path.join(tmpdir(), 'aurum-reprice-'));
const database = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {};
const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256!!', PAN_KEY: process.env.PAN_KEY ?? 'YmVuY2gtcGFuLWtleS10aGlydHktdHdvLWJ5dGVzISE=', ...database });
console.log(`database: ${config.database.engine} (${describeDatabase(config.database)})`);
// PostgreSQL: one connection, so the server's own CPU time for a round can be read from that backend's /proc entry.
if (config.database.engine === 'postgres') process.env.DATABASE_POOL_SIZE = '1';
const db = openDatabase(config.database);

/** The CPU time (ms) the PostgreSQL backend serving this process has used; null on SQLite or a server on another machine. */
async function serverCpuMs(): Promise<number | null> {
  if (config.database.engine !== 'postgres') return null;
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  try {
    const fields = readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return null;
  }
}
const times: number[] = [];
try {
  await migrateToLatest(db);
  await seedLargeCatalogue(db, config, count);
  const products = await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const now = await currentMetalRates(db);
  const rated = now.rates.filter((r) => r.inr_per_gram !== null);
  console.log(`load average before: ${load()} (1, 5, 15 min; ${(await import('node:os')).availableParallelism()} cores)`);
  for (let round = 1; round <= rounds; round++) {
    const bump = round % 2 === 1 ? 1.012 : 0.994;
    const server = await serverCpuMs();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = await setMetalRates(db, {
      rates: rated.map((r) => ({ carat_id: r.carat_id, inr_per_gram: Math.round(r.inr_per_gram! * bump) })),
      usd_inr: now.usd_inr! + round * 10,
    });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const serverUsed = server === null ? null : ((await serverCpuMs()) ?? server) - server;
    times.push(ms);
    console.log(
      `reprice round ${round}: ${result.rows.length} rate-priced carat rows of ${Number(products.n)} products (${result.products} products changed) in ${ms.toFixed(0)} ms ` +
        `(CPU: this process ${((used.user + used.system) / 1000).toFixed(0)} ms${serverUsed === null ? '' : `, its PostgreSQL backend ${serverUsed.toFixed(0)} ms`}; load ${load()}) -> ${ms < GOAL_MS ? 'PASS' : 'MISS'} (goal < ${GOAL_MS} ms)`,
    );
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`reprice ${config.database.engine}: median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms over ${rounds} rounds; load average after: ${load()}`);
} finally {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
