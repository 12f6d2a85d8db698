/**
 * `npm run bench:reprice`: how long a rate change takes to reprice a large
 * catalogue (issue 16's goal: 10,000 products under 2 s). Seeds the demo and
 * `--products N` more (default 10,000) in a temporary directory, then sets new
 * 22K and 18K rates twice (POST /setmetalrates's own code path: plan, history,
 * one transaction of updates) and prints the rows repriced and the time of each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../api/env.ts';
import { openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { currentMetalRates, setMetalRates } from '../../db/queries/metal-rates.ts';
import { seedLargeCatalogue } from '../../db/seed/large.ts';

const GOAL_MS = 2000;
const { values } = parseArgs({ args: process.argv.slice(2), options: { products: { type: 'string', default: '10000' } } });
const count = Number(values.products);
const dir = mkdtempSync(path.join(tmpdir(), 'aurum-reprice-'));
const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256!!' });
const db = openDatabase(config.database);
try {
  await migrateToLatest(db);
  await seedLargeCatalogue(db, config, count);
  const products = await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const now = await currentMetalRates(db);
  const rated = now.rates.filter((r) => r.inr_per_gram !== null);
  for (const [round, bump] of [[1, 1.012], [2, 0.994]] as const) {
    const started = performance.now();
    const result = await setMetalRates(db, {
      rates: rated.map((r) => ({ carat_id: r.carat_id, inr_per_gram: Math.round(r.inr_per_gram! * bump) })),
      usd_inr: now.usd_inr! + round * 10,
    });
    const ms = performance.now() - started;
    console.log(
      `reprice round ${round}: ${result.rows.length} rate-priced carat rows of ${products.n} products (${result.products} products changed) in ${ms.toFixed(0)} ms ` +
        `-> ${ms < GOAL_MS ? 'PASS' : 'MISS'} (goal < ${GOAL_MS} ms)`,
    );
  }
} finally {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
