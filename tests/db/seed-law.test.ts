/**
 * Issue 33: the demo obeys the store's own rules. Every seeded order could have been
 * placed by the checkout the day it is dated: cash on delivery only in India, below the
 * cap per order and, with the buyer's other orders of that Indian day (an account, and
 * apart its delivery phone), below ₹2,00,000 (s.269ST: rules/compliance.ts
 * dailyCashRefusal); the buyer's PAN kept wherever the day's purchases reach ₹2,00,000
 * (r.114B: dailyPanRequired). Read from the seeded database, as a new `npm start` has it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../api/env.ts';
import { type DB, openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { timestampMs } from '../../db/time.ts';
import { codRefusal, dailyCashRefusal, dailyPanRequired, effectiveCodCap, indianDay, normalisePan, phoneBuyer } from '../../rules/compliance.ts';
import { couponDiscount } from '../../rules/money.ts';
import { ORDER_STATUS } from '../../rules/orders.ts';
import { supplyPrice } from '../../rules/pricing.ts';
import { openPan } from '../../db/queries/pan.ts';

let dir: string;
let config: Config;
let db: DB;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'aurum-seed-law-'));
  config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'seed-law-test-secret-long-enough!!' });
  db = openDatabase(config.database);
  await migrateToLatest(db);
  expect(await seedDemo(db, config)).toBe(true);
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

interface SeededOrder {
  o_id: number;
  u_id: number;
  country: string;
  payment_method: string;
  status: number;
  pan: string | null;
  phone: string | null;
  placed: number;
  /** What the law judges: the lines at their rupee prices for the destination, less the coupon (api/orders/checkout-law.ts rupeeValue). */
  rupees: number;
}

async function seededOrders(): Promise<SeededOrder[]> {
  const orders = await db.selectFrom('orders').selectAll().orderBy('created_at').orderBy('o_id').execute();
  const result: SeededOrder[] = [];
  for (const order of orders) {
    const lines = await db
      .selectFrom('order_items as oi')
      .innerJoin('product_carats as pc', 'pc.pc_id', 'oi.pc_id')
      .select(['oi.quantity', 'pc.inr_price'])
      .where('oi.o_id', '=', order.o_id)
      .execute();
    const subtotal = lines.reduce((sum, l) => sum + supplyPrice(Number(l.inr_price), 'INR', order.country) * l.quantity, 0);
    const rupees = subtotal - (order.coupon_discount_bp === null ? 0 : couponDiscount(subtotal, order.coupon_discount_bp));
    result.push({
      o_id: order.o_id,
      u_id: order.u_id as number,
      country: order.country,
      payment_method: order.payment_method,
      status: order.status,
      pan: openPan(config.panKey, order.pan),
      phone: phoneBuyer(order.phone_number),
      placed: timestampMs(order.created_at),
      rupees,
    });
  }
  return result;
}


it('takes cash on delivery only where the checkout would: in India, below the cap, order by order', async () => {
  const cap = effectiveCodCap(null);
  const cod = (await seededOrders()).filter((o) => o.payment_method === 'cod');
  expect(cod.length).toBeGreaterThan(0);
  for (const order of cod) expect(codRefusal({ country: order.country, rupeeValue: order.rupees }, cap), `order ${order.o_id}: ₹${order.rupees / 100}`).toBeNull();
});

it('keeps each buyer\'s day lawful: cash below ₹2,00,000 and the PAN kept from ₹2,00,000, by account and by delivery phone', async () => {
  const orders = await seededOrders();
  // Each order as the checkout met it: the buyer's earlier orders of the same Indian day that were not cancelled by then (none of the demo's are cancelled the same day).
  for (const order of orders.filter((o) => o.country === 'IN')) {
    const day = indianDay(new Date(order.placed)).day;
    const sameBuyer = (other: SeededOrder) => other.u_id === order.u_id || (order.phone !== null && other.phone === order.phone);
    const before = orders.filter(
      (other) => other.o_id !== order.o_id && other.country === 'IN' && sameBuyer(other) && indianDay(new Date(other.placed)).day === day && other.placed <= order.placed,
    );
    const counted = before.filter((other) => other.status !== ORDER_STATUS.cancelled);
    const codToday = counted.filter((other) => other.payment_method === 'cod').reduce((sum, other) => sum + other.rupees, 0);
    const spentToday = counted.reduce((sum, other) => sum + other.rupees, 0);
    if (order.payment_method === 'cod') expect(dailyCashRefusal(codToday, order.rupees), `order ${order.o_id}`).toBeNull();
    if (dailyPanRequired(spentToday, order.rupees, order.country)) {
      expect(order.pan && normalisePan(order.pan), `order ${order.o_id} (₹${order.rupees / 100}, ₹${spentToday / 100} earlier that day) needs the buyer's PAN`).toBe(order.pan);
    }
  }
});

it('shows both rules at work: cash on delivery in India, and a day of ₹2,00,000 or more with its PAN, kept whole and canonical', async () => {
  const orders = await seededOrders();
  expect(orders.some((o) => o.country === 'IN' && o.payment_method === 'cod')).toBe(true);
  const withPan = orders.filter((o) => o.pan !== null);
  expect(withPan.length).toBeGreaterThan(0);
  for (const order of withPan) {
    expect(normalisePan(order.pan as string)).toBe(order.pan);
    expect(order.country).toBe('IN');
    expect(order.rupees).toBeGreaterThanOrEqual(2_00_000_00);
  }
});
