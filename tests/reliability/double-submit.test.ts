/**
 * Double submits against two real server processes on one database (as behind
 * a load balancer): the same order sent three times at once with one
 * Idempotency-Key, the same key with another body, and an online payment's
 * return racing the provider's webhook (Cashfree's API played by a local fake).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../db/connection.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../api/payments/cashfree.ts';
import { type CashfreeFake, startCashfreeFake } from '../helpers/cashfree-fake.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { killAllChildren, prepareSmallStore, type Reply, startServer, storeDatabaseUrl, type StoreServer } from './harness.ts';
import { ADDRESS, checkoutBody, loadSelections, registerShoppers, type Selection, type Shopper } from './shoppers.ts';

const SECRET = 'cf-reliability-secret';
let cashfree: CashfreeFake;
let dataDir: string;
/** The two instances, on one data directory. */
let a: StoreServer, b: StoreServer;
let shoppers: Shopper[];
let selections: Selection[];

beforeAll(async () => {
  cashfree = await startCashfreeFake('cf-app', SECRET);

  dataDir = mkdtempSync(path.join(tmpdir(), 'aurum-double-'));
  await prepareSmallStore(dataDir);
  const env = cashfree.env();
  a = await startServer({ dataDir, env });
  b = await startServer({ dataDir, env });
  shoppers = await registerShoppers(a, 12, '56');
  selections = await loadSelections(b);
}, 120_000);

afterAll(async () => {
  await killAllChildren();
  await cashfree?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Reads the store's database (SQLite or PostgreSQL) straight; `?` marks each parameter. */
async function query<T>(text: string, ...params: unknown[]): Promise<T[]> {
  const db = openDatabase(await storeDatabaseUrl(dataDir), { readonly: true });
  try {
    const parts = text.split('?');
    return (await sql<T>(Object.assign([...parts], { raw: parts }) as TemplateStringsArray, ...params).execute(db)).rows;
  } finally {
    await db.destroy();
  }
}

async function api(server: StoreServer, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const reply = await server.request(method, url, body, headers);
  expectMatchesContract(method, url, reply);
  return reply;
}

/** Fills a shopper's cart with `count` pieces and answers the checkout body for all of it. */
async function fillCart(shopper: Shopper, count: number) {
  for (let i = 0; i < count; i++) {
    const added = await api(a, 'POST', '/createcart', { ...selections[i % selections.length], quantity: 1 + i }, shopper.auth);
    expect(added.status).toBe(201);
  }
  const cart = await api(b, 'GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth);
  return cart.body.data as { c_id: number; quantity: number; inr_price: number }[];
}

describe('the same order sent three times at once', () => {
  it('makes one order, and all three answers carry its o_id', async () => {
    const group = shoppers.slice(0, 4);
    const results = await Promise.all(
      group.map(async (shopper, i) => {
        const lines = await fillCart(shopper, 2);
        const body = checkoutBody(shopper, lines, null);
        const headers = { ...shopper.auth, 'Idempotency-Key': `double-submit-${shopper.u_id}-${i}` };
        // Two instances, as a load balancer would spread a triple click.
        const replies = await Promise.all([a, b, a].map((server) => api(server, 'POST', '/createorder', body, headers)));
        return { shopper, replies };
      }),
    );
    for (const { shopper, replies } of results) {
      expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 201]);
      const ids = new Set(replies.map((r) => r.body.data.o_id));
      expect(ids.size).toBe(1);
      const orders = await query<{ o_id: number }>('select o_id from orders where u_id = ?', shopper.u_id);
      expect(orders.map((o) => o.o_id)).toEqual([...ids]);
      expect(await query('select oi_id from order_items where o_id = ?', orders[0].o_id)).toHaveLength(2);
      expect(await query('select c_id from cart_items where u_id = ?', shopper.u_id)).toHaveLength(0);
    }
  });

  it('refuses the same key with a different body (409) and changes nothing', async () => {
    const shopper = shoppers[4];
    const lines = await fillCart(shopper, 2);
    const headers = { ...shopper.auth, 'Idempotency-Key': `different-body-${shopper.u_id}` };
    const first = await api(a, 'POST', '/createorder', checkoutBody(shopper, lines.slice(0, 1), null), headers);
    expect(first.status).toBe(201);
    const other = await api(b, 'POST', '/createorder', { ...checkoutBody(shopper, lines.slice(1), null) }, headers);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ status: 0, description: 'This Idempotency-Key was already used for a different order.' });
    const moved = await api(b, 'POST', '/createorder', { ...checkoutBody(shopper, lines.slice(0, 1), null), city: 'Pune' }, headers);
    expect(moved.status).toBe(409);
    expect(await query('select o_id from orders where u_id = ?', shopper.u_id)).toHaveLength(1);
    expect((await query<{ c_id: number }>('select c_id from cart_items where u_id = ?', shopper.u_id)).map((l) => l.c_id)).toEqual([lines[1].c_id]);
  });

  it('two different bodies sent at once with one key: one order, the other refused with 409', async () => {
    const group = shoppers.slice(5, 8);
    await Promise.all(
      group.map(async (shopper) => {
        const lines = await fillCart(shopper, 2);
        const headers = { ...shopper.auth, 'Idempotency-Key': `racing-bodies-${shopper.u_id}` };
        const replies = await Promise.all([
          api(a, 'POST', '/createorder', checkoutBody(shopper, lines.slice(0, 1), null), headers),
          api(b, 'POST', '/createorder', checkoutBody(shopper, lines.slice(1), null), headers),
        ]);
        expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
        const winner = replies.findIndex((r) => r.status === 201);
        const orders = await query<{ o_id: number }>('select o_id from orders where u_id = ?', shopper.u_id);
        expect(orders.map((o) => o.o_id)).toEqual([replies[winner].body.data.o_id]);
        // The refused body's line is still in the cart; the ordered one is gone.
        const left = (await query<{ c_id: number }>('select c_id from cart_items where u_id = ?', shopper.u_id)).map((l) => l.c_id);
        expect(left).toEqual([lines[1 - winner].c_id]);
      }),
    );
  });
});

describe('the payment return and the webhook arriving together', () => {
  function webhook(server: StoreServer, order_id: string, timestamp: string) {
    const raw = JSON.stringify({ data: { order: { order_id }, payment: { payment_status: 'SUCCESS' } }, type: 'PAYMENT_SUCCESS_WEBHOOK' });
    return server.request('POST', '/payment/webhook', raw, {
      'Content-Type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signWebhook(SECRET, timestamp, raw),
    });
  }

  it('finish an online order once: one order, every answer names it, the payment used once', async () => {
    const group = shoppers.slice(8, 12);
    await Promise.all(
      group.map(async (shopper) => {
        const lines = await fillCart(shopper, 2);
        const body = checkoutBody(shopper, lines, { coupon_name: 'RELIABLE12', bp: 1250 });
        const started = await api(a, 'POST', '/payment', {
          order_amount: body.total,
          customer_id: shopper.u_id,
          customer_name: 'Meera Iyer',
          customer_email: ADDRESS.email,
          customer_phone: '9876501234',
          coupon_name: 'RELIABLE12',
          priceType: 'inr_price',
          checkout: ADDRESS,
        }, shopper.auth);
        expect(started.status).toBe(200);
        const { order_id } = started.body.data;
        cashfree.orders.get(order_id)!.order_status = 'PAID';

        // Two webhook deliveries (a retry) and the shopper's return, twice (a reload), across both instances.
        const now = Date.now();
        const online = { ...body, payment_method: 'online', order_id, payment_status: 'SUCCESS' };
        const [hookA, hookB, backA, backB] = await Promise.all([
          webhook(a, order_id, String(now)),
          webhook(b, order_id, String(now + 1)),
          api(a, 'POST', '/createorder', online, shopper.auth),
          api(b, 'POST', '/createorder', online, shopper.auth),
        ]);
        for (const hook of [hookA, hookB]) {
          expectMatchesContract('POST', '/payment/webhook', hook);
          expect(hook.status, JSON.stringify(hook.body)).toBe(200);
          expect(['placed', 'already_placed']).toContain(hook.body.data.outcome);
        }
        for (const back of [backA, backB]) expect([200, 201], JSON.stringify(back.body)).toContain(back.status);
        const made = [hookA, hookB].filter((h) => h.body.data.outcome === 'placed').length + [backA, backB].filter((r) => r.status === 201).length;
        expect(made, 'orders made by the four calls').toBe(1);

        const orders = await query<{ o_id: number; provider_order_id: string; payment_status: string; total: number }>(
          'select o_id, provider_order_id, payment_status, total from orders where u_id = ?',
          shopper.u_id,
        );
        expect(orders).toHaveLength(1);
        expect(orders[0]).toMatchObject({ provider_order_id: order_id, payment_status: 'paid', total: Math.round(cashfree.orders.get(order_id)!.order_amount * 100) });
        expect(backA.body.data.o_id).toBe(orders[0].o_id);
        expect(backB.body.data.o_id).toBe(orders[0].o_id);
        expect(await query('select pay_id from payments where provider_order_id = ? and status = ? and o_id = ?', order_id, 'used', orders[0].o_id)).toHaveLength(1);
        expect(await query('select c_id from cart_items where u_id = ?', shopper.u_id)).toHaveLength(0);
      }),
    );
  });
});
