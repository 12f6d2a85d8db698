/**
 * The PostgreSQL statements of each checkout call, as the benchmark's shoppers make them:
 * every statement pg's clients send, with its connection and when it was sent and answered,
 * and how many of them are in sequence (each sent after the one before it was answered),
 * for add to cart (a new line, the same line again, past 99), the cart read and a cart
 * order with a coupon and an Idempotency-Key (and its replay), each once warm. On a
 * saturated machine every statement in sequence waits to be scheduled twice (the server's
 * backend, then the thread reading its answer): these counts are what the checkout's tail
 * latency is made of.
 *   npm run bench:trips   (a throwaway PostgreSQL cluster: tests/helpers/with-pg.sh)
 */
import pg from 'pg';
import { createTestStore, createUser, call } from '../helpers/store.ts';
import { createProduct, createCoupon } from '../helpers/catalogue.ts';
import { checkoutAddress } from '../helpers/orders.ts';

type Sent = { pid: number; text: string; start: number; end: number };
let log: Sent[] | null = null;
const original = pg.Client.prototype.query as any;
(pg.Client.prototype as any).query = function (this: pg.Client & { processID: number }, ...args: any[]) {
  const result = original.apply(this, args);
  if (log && result && typeof result.then === 'function') {
    const entry: Sent = { pid: this.processID, text: typeof args[0] === 'string' ? args[0] : args[0]?.text, start: performance.now(), end: 0 };
    log.push(entry);
    result.then(() => (entry.end = performance.now()), () => (entry.end = performance.now()));
  }
  return result;
};

async function measure(name: string, work: () => Promise<{ status: number; body: any; headers: Headers }>) {
  log = [];
  const res = await work();
  const sent = log;
  log = null;
  // Depth: a statement's place in the longest chain of statements each sent after the one before ended.
  const level = new Map<Sent, number>();
  for (const s of sent) level.set(s, 1 + Math.max(0, ...sent.filter((o) => o.end <= s.start && o !== s).map((o) => level.get(o) ?? 0)));
  const depth = Math.max(0, ...level.values());
  const pids = new Set(sent.map((s) => s.pid));
  console.log(`\n## ${name}: HTTP ${res.status} ${res.body?.description ?? ''}\n${sent.length} statements, ${pids.size} connection(s), ${depth} in sequence`);
  const t0 = sent[0]?.start ?? 0;
  for (const s of sent) console.log(`  [${level.get(s)}] pid ${s.pid} +${(s.start - t0).toFixed(1)}..${(s.end - t0).toFixed(1)} ${s.text.replace(/\s+/g, ' ').slice(0, 260)}`);
  return res;
}

const store = await createTestStore();
try {
  const coupon = await createCoupon(store);
  const a = await createProduct(store);
  const b = await createProduct(store, { sizes: [] });
  await store.db.updateTable('product_carats').set({ stock: 50 } as any).where('pc_id', '=', b.selection.pc_id).execute();
  const shopper = await createUser(store);
  const add = (sel: object, quantity = 1) => call(store, 'POST', '/createcart', { ...sel, quantity }, shopper.auth);
  // Warm up once (prepared plans, caches), then measure a second shopper-like round.
  await add(a.selection); await add(b.selection);
  let cart = await call(store, 'GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth);
  const order = (lines: any[], key: string) => {
    const subtotal = lines.reduce((s, l) => s + Math.round(l.inr_price * 100) * l.quantity, 0);
    const discount = Math.round((subtotal * coupon.discount_bp) / 10000);
    return call(store, 'POST', '/createorder', {
      u_id: shopper.u_id, cartItems: lines.map((l) => ({ c_id: l.c_id })), shipping: 0, subtotal: subtotal / 100, discount: discount / 100,
      total: (subtotal - discount) / 100, priceType: 'inr_price', coupon_name: coupon.coupon_name, ...checkoutAddress, payment_method: 'cod',
    }, { ...shopper.auth, 'Idempotency-Key': key });
  };
  const warm = await order(cart.body.data, 'warm-key-0001');
  if (warm.status !== 201) throw new Error(JSON.stringify(warm.body));

  await measure('POST /createcart (new line)', () => add(a.selection, 2));
  await measure('POST /createcart (same line again)', () => add(a.selection, 1));
  await measure('POST /createcart (new line, no size, limited stock)', () => add(b.selection, 1));
  await measure('POST /createcart (too many)', () => add(a.selection, 99));
  cart = await measure('GET /getcart (2 lines)', () => call(store, 'GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth));
  await measure('POST /createorder (cart, coupon, key)', () => order(cart.body.data, 'measured-key-0001'));
  await measure('POST /createorder (replay of the key)', () => order(cart.body.data, 'measured-key-0001'));
} finally {
  await store.close();
}
