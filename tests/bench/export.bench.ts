/**
 * `npm run bench:export [-- --orders N]` (issue 37): N orders (100,000 by default), each with two
 * lines, written into a fresh store, then GET /export/orders.csv read to the end as a client
 * would, sampling the heap every 20 ms (garbage included) and after a full collection twice a
 * second (what is held): the rows, the bytes, the time, and how far the heap grew above where it
 * stood before the download. A streamed export grows by about a page of
 * rows (500 orders), not by the file. SQLite by default; under tests/helpers/with-pg.sh
 * (TEST_DATABASE_URL) on PostgreSQL.
 */
import { parseArgs } from 'node:util';
import { createTestStore, createUser } from '../helpers/store.ts';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '100000' } } });
const total = Number(values.orders);
const store = await createTestStore();
const owner = await createUser(store, { u_type: '0' });
await store.db.updateTable('users').set({ role: 'owner' }).where('u_id', '=', owner.u_id).execute();

const started = Date.now();
const BATCH = 500;
for (let i = 0; i < total; i += BATCH) {
  const orders = Array.from({ length: Math.min(BATCH, total - i) }, (_, k) => {
    const n = i + k;
    const at = new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    return {
      status: 1, currency: 'INR' as const, subtotal: 5234050, total: 5234050, payment_method: 'cod' as const, payment_status: 'unpaid' as const,
      first_name: 'Asha', last_name: `Buyer ${n}`, email: `buyer${n}@example.com`, phone_number: '9876543210', address: '1 MG Road', city: 'Bengaluru',
      state: 'Karnataka', zip_code: '560001', created_at: at,
    };
  });
  const ids = await store.db.insertInto('orders').values(orders).returning('o_id').execute();
  await store.db
    .insertInto('order_items')
    .values(ids.flatMap(({ o_id }) => [1, 2].map((q) => ({ o_id, product_name: 'Lotus Ring', carat_name: '22K', quantity: q, price: 2617025, line_total: 2617025 * q, net_weight_mg: 5250 }))))
    .execute();
}
console.log(`seeded ${total} orders (${2 * total} lines) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

globalThis.gc?.();
const base = process.memoryUsage().heapUsed;
let peak = base;
let livePeak = base;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
// What is really held: the heap right after a full collection, twice a second.
const live = setInterval(() => {
  globalThis.gc?.();
  livePeak = Math.max(livePeak, process.memoryUsage().heapUsed);
}, 500);
const t0 = Date.now();
const res = await store.app.request('/export/orders.csv', { headers: owner.auth });
let bytes = 0;
let newlines = 0;
for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
  bytes += chunk.byteLength;
  for (const b of chunk) if (b === 10) newlines++;
}
clearInterval(sampler);
clearInterval(live);
const seconds = (Date.now() - t0) / 1000;
console.log(
  `GET /export/orders.csv: ${res.status}, ${newlines - 1} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s; ` +
    `heap before ${(base / 1024 / 1024).toFixed(1)} MB, peak ${(peak / 1024 / 1024).toFixed(1)} MB (+${((peak - base) / 1024 / 1024).toFixed(1)} MB, garbage included), ` +
    `after each collection at most ${(livePeak / 1024 / 1024).toFixed(1)} MB (+${((livePeak - base) / 1024 / 1024).toFixed(1)} MB held)`,
);
await store.close();
