/**
 * `npm run seed`: migrates the database and seeds the demo store when it is
 * empty. `npm run seed -- --products 10000` also adds that many products to
 * try the store at scale; `--orders 100000` that many orders over two years
 * (db/seed/orders.ts), for the reports. Reads the same environment as the server (DATA_DIR,
 * DATABASE_URL, ADMIN_*).
 */
import { parseArgs } from 'node:util';
import { describeDatabase, openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { countProducts } from '../../db/queries/admin-products.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { seedLargeCatalogue } from '../../db/seed/large.ts';
import { seedOrders } from '../../db/seed/orders.ts';
import { loadConfig } from '../env.ts';

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

function parseCounts(argv: string[]): { products: number; orders: number } {
  const { values } = parseArgs({ args: argv, options: { products: { type: 'string' }, orders: { type: 'string' } } });
  const count = (flag: 'products' | 'orders') => {
    const text = values[flag];
    if (text === undefined) return 0;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${flag} takes a whole number, not "${text}"`);
    return n;
  };
  return { products: count('products'), orders: count('orders') };
}

const { products, orders } = parseCounts(process.argv.slice(2));
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
  if (orders > 0) {
    started = performance.now();
    const added = await seedOrders(db, orders, { seller: config.seller });
    console.log(`orders: ${added.orders} orders, ${added.invoices} invoices and ${added.returns} returns added over two years in ${seconds(started)}`);
  }
  console.log(`${describeDatabase(config.database)} now holds ${await countProducts(db)} products`);
} finally {
  await db.destroy();
}
