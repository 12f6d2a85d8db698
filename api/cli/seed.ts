/**
 * `npm run seed`: migrates the database and seeds the demo store when it is
 * empty. `npm run seed -- --products 10000` also adds that many products to
 * try the store at scale. Reads the same environment as the server (DATA_DIR,
 * DATABASE_URL, ADMIN_*).
 */
import { parseArgs } from 'node:util';
import { describeDatabase, openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { countProducts } from '../../db/queries/admin-products.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { seedLargeCatalogue } from '../../db/seed/large.ts';
import { loadConfig } from '../env.ts';

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

function parseProductCount(argv: string[]): number {
  const { values } = parseArgs({ args: argv, options: { products: { type: 'string' } } });
  if (values.products === undefined) return 0;
  const count = Number(values.products);
  if (!Number.isInteger(count) || count < 0) throw new Error(`--products takes a whole number, not "${values.products}"`);
  return count;
}

const products = parseProductCount(process.argv.slice(2));
const config = loadConfig();
const db = openDatabase(config.database);
try {
  await migrateToLatest(db);
  let started = performance.now();
  if (await seedDemo(db, config)) {
    console.log(`demo store seeded in ${seconds(started)}: administrator, catalogue, pictures and reels in ${config.mediaDir}`);
  } else {
    console.log('the database already has accounts or products: demo seed skipped');
  }
  if (products > 0) {
    started = performance.now();
    const added = await seedLargeCatalogue(db, config, products);
    console.log(`large catalogue: ${added} products added in ${seconds(started)}`);
  }
  console.log(`${describeDatabase(config.database)} now holds ${await countProducts(db)} products`);
} finally {
  await db.destroy();
}
