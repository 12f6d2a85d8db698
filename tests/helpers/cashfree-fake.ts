/**
 * A local fake of Cashfree's PG API (orders, order status, refunds) on 127.0.0.1, for tests
 * of the cashfree provider: it checks the credentials and version header as Cashfree does,
 * keeps the orders it was asked to create (ACTIVE until a test marks them PAID), and accepts
 * each refund id once. `down` makes every call answer 503.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

export interface FakeOrder {
  order_id: string;
  order_amount: number;
  order_currency: string;
  order_status: string;
  order_expiry_time?: string;
}

export interface CashfreeFake {
  /** CASHFREE_API_URL for the store. */
  url: string;
  appId: string;
  secret: string;
  orders: Map<string, FakeOrder>;
  /** Every Create Order request, with its headers. */
  received: { headers: Record<string, string>; body: any }[];
  refunds: { order_id: string; body: any }[];
  getOrderCalls(): number;
  setDown(down: boolean): void;
  /** The shopper pays on Cashfree's page: the order becomes PAID. */
  pay(order_id: string): void;
  /** The store's environment for this fake. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

export async function startCashfreeFake(appId = 'cf-app', secret = 'cf-test-secret-key'): Promise<CashfreeFake> {
  const orders = new Map<string, FakeOrder>();
  const received: CashfreeFake['received'] = [];
  const refunds: CashfreeFake['refunds'] = [];
  let getOrderCalls = 0;
  let down = false;
  const cashfree = new Hono();
  cashfree.use(async (c, next) => {
    if (down) return c.json({ message: 'unavailable' }, 503);
    if (c.req.header('x-client-id') !== appId || c.req.header('x-client-secret') !== secret || c.req.header('x-api-version') !== '2023-08-01') {
      return c.json({ message: 'authentication failed', code: 'request_failed', type: 'authentication_error' }, 401);
    }
    await next();
  });
  cashfree.post('/pg/orders', async (c) => {
    const body = await c.req.json();
    received.push({ headers: Object.fromEntries(c.req.raw.headers), body });
    const order: FakeOrder = { order_id: body.order_id, order_amount: body.order_amount, order_currency: body.order_currency, order_status: 'ACTIVE', order_expiry_time: body.order_expiry_time };
    orders.set(body.order_id, order);
    return c.json({ ...order, cf_order_id: '123', payment_session_id: `session_cf_${body.order_id}` });
  });
  cashfree.get('/pg/orders/:id', (c) => {
    getOrderCalls++;
    const order = orders.get(c.req.param('id'));
    return order ? c.json(order) : c.json({ message: 'order not found', code: 'order_not_found' }, 404);
  });
  cashfree.post('/pg/orders/:id/refunds', async (c) => {
    const order = orders.get(c.req.param('id'));
    if (!order || order.order_status !== 'PAID') return c.json({ message: 'order is not paid', code: 'refund_invalid' }, 400);
    const body = await c.req.json();
    if (refunds.some((r) => r.body.refund_id === body.refund_id)) return c.json({ message: 'refund_id already exists', code: 'refund_already_exists' }, 409);
    refunds.push({ order_id: order.order_id, body });
    return c.json({ cf_refund_id: String(refunds.length), refund_id: body.refund_id, order_id: order.order_id, refund_amount: body.refund_amount, refund_status: 'PENDING' });
  });
  const server = serve({ fetch: cashfree.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/pg`;
  return {
    url,
    appId,
    secret,
    orders,
    received,
    refunds,
    getOrderCalls: () => getOrderCalls,
    setDown: (value) => void (down = value),
    pay(order_id) {
      const order = orders.get(order_id);
      if (!order) throw new Error(`cashfree fake: no order ${order_id}`);
      order.order_status = 'PAID';
    },
    env: (extra = {}) => ({ PAYMENT_PROVIDER: 'cashfree', CASHFREE_APP_ID: appId, CASHFREE_SECRET_KEY: secret, CASHFREE_API_URL: url, ...extra }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
