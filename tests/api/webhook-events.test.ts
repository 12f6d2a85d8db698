/**
 * Webhook events written with the order (issue 35): order.placed for every order placed (cash on
 * delivery and online) and order.paid for one paid online, each in the order's own statement, to
 * the active endpoints subscribed only; delivered signed to a real receiver; a replay or a refused
 * order writes nothing. An endpoint that keeps failing is disabled and the owner told by e-mail in
 * the same transaction (once, however many deliveries race to disable it); with no owner address
 * the notice fails at once, shows in the back office with what it says, and Retry sends it once an
 * owner has one. SQLite and PostgreSQL.
 */
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dispatcher, startDispatcher } from '../../api/messages/dispatcher.ts';
import { disableFailingEndpoint } from '../../db/queries/webhooks.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { codOrderBody, placeCodOrder } from '../helpers/orders.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver answering `status()` to every request. */
async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'down for maintenance');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    received,
    url,
    answer: (code: number) => (status = code),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Standard Webhooks' v1 signature, computed here from the spec (not with the code under test). */
function signed(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`).digest('base64');
  return String(r.headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

async function until<T>(label: string, what: () => Promise<T | undefined | false> | T | undefined | false, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let store: TestStore;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let dispatcher: Dispatcher;
let owner: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  receiver = await startReceiver();
  store = await createTestStore({ WEBHOOK_ALLOW_PRIVATE: '1', PUBLIC_URL: 'http://shop.test' });
  owner = await createUser(store, { u_type: '0' });
  await store.db.updateTable('users').set({ role: 'owner', full_name: 'Meera Owner' }).where('u_id', '=', owner.u_id).execute();
  dispatcher = startDispatcher({ db: store.db, config: store.config, pollMs: 25 });
});
afterAll(async () => {
  await dispatcher?.stop();
  await receiver?.stop();
  await store?.close();
});

async function addEndpoint(events: string[]) {
  const res = await call(store, 'POST', '/addwebhook', { url: receiver.url, events }, owner.auth);
  expect(res.status, res.body?.description).toBe(201);
  return res.body.data as { id: number; secret: string };
}

const turnOff = (id: number) => call(store, 'PUT', '/updatewebhook', { id, active: false }, owner.auth);

function webhookRows(o_id: number) {
  return store.db
    .selectFrom('outbox')
    .select(['event', 'recipient', 'dedupe_key', 'status', 'payload', 'message_id'])
    .where('channel', '=', 'webhook')
    .where((eb) => eb.or([eb('dedupe_key', 'like', `order.placed:${o_id}:%`), eb('dedupe_key', 'like', `order.paid:${o_id}:%`)]))
    .orderBy('id')
    .execute();
}

/** A shopper with a ₹1,000 piece in the cart. */
async function shopperWithCart() {
  const shopper = await createUser(store);
  const product = await createProduct(store, { carats: [{ inr_price: 100000, usd_price: 1200 }] });
  expect((await call(store, 'POST', '/createcart', { ...product.selection, quantity: 1 }, shopper.auth)).status).toBe(201);
  return shopper;
}

describe('order.placed and order.paid', () => {
  it('a cash-on-delivery order sends order.placed to the subscribed endpoints only, signed, written with the order', async () => {
    const placedOnly = await addEndpoint(['order.placed']);
    const paidOnly = await addEndpoint(['order.paid', 'product.updated']);
    const off = await addEndpoint(['order.placed']);
    await turnOff(off.id);
    const shopper = await shopperWithCart();
    const start = receiver.received.length;
    const o_id = await placeCodOrder(store, shopper, { subtotal: 1000 });

    const rows = await webhookRows(o_id);
    expect(rows.map((r) => [r.event, r.recipient, r.dedupe_key])).toEqual([['order.placed', String(placedOnly.id), `order.placed:${o_id}:webhook:${placedOnly.id}`]]);
    expect(rows[0].message_id).toMatch(/^msg_[0-9a-f]{32}$/);
    const got = await until('order.placed delivered', () => receiver.received.slice(start).find((r) => r.headers['webhook-id'] === rows[0].message_id));
    expect(signed(placedOnly.secret, got)).toBe(true);
    const body = JSON.parse(got.body);
    expect(body).toEqual({ type: 'order.placed', timestamp: expect.any(String), data: { o_id, placed_at: expect.any(String), currency: 'INR', total: 1000, payment_method: 'cod' } });
    expect(receiver.received.slice(start).every((r) => JSON.parse(r.body).type === 'order.placed')).toBe(true);
    await until('sent', async () => (await webhookRows(o_id)).every((r) => r.status === 'sent'));
    for (const id of [placedOnly.id, paidOnly.id]) await turnOff(id);
  });

  it('an online order sends order.placed and order.paid, once each, however often its payment is reported', async () => {
    const both = await addEndpoint(['order.placed', 'order.paid']);
    const shopper = await shopperWithCart();
    const address = { ...codOrderBody(shopper, { subtotal: 1000 }), payment_method: undefined };
    const started = await call(store, 'POST', '/payment', { order_amount: 1000, customer_id: String(shopper.u_id), customer_name: 'Asha Rao', customer_email: 'asha@example.com', customer_phone: address.phone_number, checkout: address }, shopper.auth);
    expect(started.status, started.body?.description).toBe(200);
    const { payment_session_id, order_id } = started.body.data;
    // The provider's page: Pay places the order from the stored checkout.
    const pressed = await store.app.request(`/sandbox/pay/${payment_session_id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ return_url: 'http://shop.test/orderconfirm' }).toString(),
    });
    expect(pressed.status).toBe(303);
    const order = await store.db.selectFrom('orders').select(['o_id', 'payment_status']).where('provider_order_id', '=', order_id).executeTakeFirstOrThrow();
    expect(order.payment_status).toBe('paid');
    // The shopper's return reports the same payment: the same order, nothing written again.
    const replay = await call(store, 'POST', '/createorder', { ...codOrderBody(shopper, { subtotal: 1000 }), payment_method: 'online', payment_status: 'SUCCESS', order_id }, shopper.auth);
    expect(replay.status).toBe(200);
    expect(replay.body.data.o_id).toBe(order.o_id);

    // Two writes of the order's one statement: PostgreSQL may number them either way.
    const rows = (await webhookRows(order.o_id)).sort((a, b) => b.event.localeCompare(a.event));
    expect(rows.map((r) => [r.event, r.dedupe_key])).toEqual([
      ['order.placed', `order.placed:${order.o_id}:webhook:${both.id}`],
      ['order.paid', `order.paid:${order.o_id}:webhook:${both.id}`],
    ]);
    expect(JSON.parse(rows[0].payload).data).toMatchObject({ o_id: order.o_id, currency: 'INR', total: 1000, payment_method: 'online' });
    expect(JSON.parse(rows[1].payload)).toEqual({ type: 'order.paid', timestamp: expect.any(String), data: { o_id: order.o_id, currency: 'INR', total: 1000 } });
    const paid = await until('order.paid delivered', () => receiver.received.find((r) => r.headers['webhook-id'] === rows[1].message_id));
    expect(signed(both.secret, paid)).toBe(true);
    await until('sent', async () => (await webhookRows(order.o_id)).every((r) => r.status === 'sent'));
    await turnOff(both.id);
  });

  it('a refused order writes no webhook', async () => {
    const endpoint = await addEndpoint(['order.placed']);
    const shopper = await shopperWithCart();
    const refused = await call(store, 'POST', '/createorder', codOrderBody(shopper, { subtotal: 999 }), shopper.auth);
    expectMatchesContract('POST', '/createorder', refused);
    expect(refused.status).toBe(400);
    const rows = await store.db.selectFrom('outbox').select('id').where('recipient', '=', String(endpoint.id)).execute();
    expect(rows).toEqual([]);
    await turnOff(endpoint.id);
  });
});

describe('an endpoint disabled after failing for days', () => {
  const notices = () => store.db.selectFrom('outbox').selectAll().where('event', '=', 'webhook.disabled').orderBy('id').execute();

  it('with no owner address: the notice fails at once, shows what it says, and Retry sends it once an owner has an address', async () => {
    const endpoint = await addEndpoint(['order.placed']);
    await store.db.updateTable('webhook_endpoints').set({ failing_since: Date.now() - 4 * 86_400_000 }).where('id', '=', endpoint.id).execute();
    receiver.answer(503);
    try {
      await placeCodOrder(store, await shopperWithCart(), { subtotal: 1000 });
      const [notice] = await until('the notice failed', async () => {
        const rows = await notices();
        return rows.length === 1 && rows[0].status === 'failed' && rows;
      });
      expect(notice).toMatchObject({ channel: 'email', recipient: 'owner', dedupe_key: expect.stringMatching(new RegExp(`^webhook\\.disabled:${endpoint.id}:`)) });
      expect(notice.last_error).toMatch(/No owner has an e-mail address/);
      const shown = await call(store, 'GET', '/getwebhooks', undefined, owner.auth);
      expect(shown.body.data.find((e: { id: number }) => e.id === endpoint.id)).toMatchObject({ active: false, disabled_reason: expect.stringMatching(/HTTP 503/) });

      // What it says, read in the back office.
      const read = await call(store, 'GET', `/getmessage?id=${notice.id}`, undefined, owner.auth);
      expectMatchesContract('GET', `/getmessage?id=${notice.id}`, read);
      expect(read.status, read.body?.description).toBe(200);
      expect(read.body.data.content.subject).toBe('Webhook endpoint turned off: 127.0.0.1:' + new URL(receiver.url).port);
      expect(read.body.data.content.text).toContain(receiver.url);
      expect(read.body.data.content.text).toContain('HTTP 503');
      expect(read.body.data.content.text).toMatch(/press Enable/);
      expect(read.body.data.content.html).toContain('http://shop.test/admin/webhooks');

      // The owner adds an address on My Profile; Retry sends the notice there.
      await store.db.insertInto('saved_addresses').values({ u_id: owner.u_id, email: 'meera@shop.example', first_name: 'Meera', last_name: 'Owner', phone_number: '9876500000', address: '1 Gold Lane', apartment: '', city: 'Jaipur', state: 'Rajasthan', zip_code: '302001', country: 'IN', updated_at: '2026-11-28 10:00:00' }).execute();
      const retried = await call(store, 'POST', '/retrymessage', { id: notice.id }, owner.auth);
      expect(retried.status, retried.body?.description).toBe(200);
      dispatcher.nudge();
      const sent = await until('the notice sent', async () => (await notices()).find((n) => n.status === 'sent'));
      const eml = await readFile(path.join(store.dir, 'mail', `${sent.message_id}.eml`), 'utf8');
      expect(eml).toMatch(/^To: meera@shop\.example/m);
      expect(eml).toMatch(/^Subject: Webhook endpoint turned off/m);
    } finally {
      receiver.answer(200);
    }
  });

  it('tells each owner with an address, in the transaction that disables it, once however many deliveries race to disable it', async () => {
    const endpoint = await addEndpoint(['product.updated']);
    const failing_since = Date.now() - 5 * 86_400_000;
    const before = (await notices()).length;
    const failure = { reason: 'Disabled automatically: test.', failing_since, last_error: 'HTTP 500', after_hours: 72 };
    const results = await Promise.all([1, 2, 3].map(() => disableFailingEndpoint(store.db, endpoint.id, failure)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const added = (await notices()).slice(before);
    expect(added.map((n) => [n.recipient, n.dedupe_key])).toEqual([['meera@shop.example', `webhook.disabled:${endpoint.id}:${failing_since}:email:meera@shop.example`]]);
    expect(JSON.parse(added[0].payload)).toMatchObject({ endpoint_id: endpoint.id, url: receiver.url, events: ['product.updated'], last_error: 'HTTP 500', after_hours: 72, failing_since: new Date(failing_since).toISOString() });
    // Turned on again and off again in the same failing spell: no second notice; a new spell: a new one.
    await call(store, 'PUT', '/updatewebhook', { id: endpoint.id, active: true }, owner.auth);
    expect(await disableFailingEndpoint(store.db, endpoint.id, failure)).toBe(true);
    expect((await notices()).slice(before)).toHaveLength(1);
    await call(store, 'PUT', '/updatewebhook', { id: endpoint.id, active: true }, owner.auth);
    expect(await disableFailingEndpoint(store.db, endpoint.id, { ...failure, failing_since: failing_since + 1 })).toBe(true);
    expect((await notices()).slice(before)).toHaveLength(2);
  });
});
