/**
 * Webhooks for integrators (issue 35): endpoints registered by the owner, the signing secret
 * shown once (never in a list or the audit trail, sealed at rest), deliveries to a real HTTP
 * receiver started here, signed as Standard Webhooks says and checked by an implementation
 * written here from the spec with node:crypto (not the code under test); a 500 retried, then
 * delivered; an endpoint failing for days disabled; private addresses refused unless
 * WEBHOOK_ALLOW_PRIVATE=1; permissions. Runs on SQLite and PostgreSQL.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDispatcher, type Dispatcher } from '../../api/messages/dispatcher.ts';
import { enqueueWebhooks } from '../../api/messages/webhook-events.ts';
import { isPublicAddress } from '../../api/messages/webhook-url.ts';
import { writeTransaction } from '../../db/transaction.ts';
import type { Role } from '../../rules/permissions.ts';
import { createCarat } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

/** Standard Webhooks verification, from the spec: v1 = base64(HMAC-SHA256(base64decode(secret minus "whsec_"), "id.timestamp.body")). */
function verifies(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.split('_')[1], 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((part) => {
      const [version, signature] = part.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver: answers each request with the next status of `answers` (200 once they run out). */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { received, answers, url, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let store: TestStore;
let strict: TestStore;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let dispatcher: Dispatcher;
const staff: Partial<Record<Role, { auth: Record<string, string> }>> = {};

async function staffMember(on: TestStore, role: Role) {
  const user = await createUser(on, { u_type: '0' });
  await on.db.updateTable('users').set({ role, full_name: `${role} ${user.u_id}` }).where('u_id', '=', user.u_id).execute();
  return user;
}

async function until<T>(what: () => Promise<T | undefined> | T | undefined, label: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  receiver = await startReceiver();
  store = await createTestStore({ WEBHOOK_ALLOW_PRIVATE: '1' });
  strict = await createTestStore();
  for (const role of ['owner', 'manager', 'orders'] as const) staff[role] = await staffMember(store, role);
  dispatcher = startDispatcher({ db: store.db, config: store.config, pollMs: 25 });
});
afterAll(async () => {
  await dispatcher?.stop();
  await receiver?.stop();
  await store?.close();
  await strict?.close();
});

const owner = () => staff.owner!.auth;

async function addEndpoint(events: string[]) {
  const res = await call(store, 'POST', '/addwebhook', { url: receiver.url, events }, owner());
  expect(res.status, res.body?.description).toBe(201);
  expectMatchesContract('POST', '/addwebhook', res);
  return res.body.data as { id: number; secret: string; url: string };
}

async function fire(event: 'product.updated' | 'order.paid', key: string, data: Record<string, unknown>) {
  await writeTransaction(store.db, (trx) => enqueueWebhooks(trx, event, key, data));
  dispatcher.nudge();
}

/** Makes every pending webhook due now (the back-off's 30 s, skipped). */
async function dueNow() {
  await store.db.updateTable('outbox').set({ next_attempt_at: Date.now() }).where('status', '=', 'pending').where('channel', '=', 'webhook').execute();
  dispatcher.nudge();
}

describe('addresses', () => {
  it('refuses non-http(s) URLs and private, loopback and link-local hosts, by address or by name', async () => {
    const owner = await staffMember(strict, 'owner');
    for (const url of ['ftp://example.com/x', 'http://127.0.0.1/x', 'http://localhost:8080/x', 'http://10.1.2.3/x', 'http://192.168.1.5/x', 'http://172.16.0.1/', 'http://169.254.169.254/latest', 'http://[::1]/x', 'http://[fe80::1]/x', 'http://[::ffff:127.0.0.1]/x', 'http://0.0.0.0/', 'http://100.64.0.1/']) {
      const res = await call(strict, 'POST', '/addwebhook', { url, events: ['order.placed'] }, owner.auth);
      expect(res.status, url).toBe(400);
      expectMatchesContract('POST', '/addwebhook', res);
    }
    const ok = await call(strict, 'POST', '/addwebhook', { url: 'https://93.184.216.34/hooks', events: ['order.placed'] }, owner.auth);
    expect(ok.status, ok.body?.description).toBe(201);
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isPublicAddress('fc00::1')).toBe(false);
  });

  it('checks again at delivery: an endpoint now on a private address is not called', async () => {
    const owner = await staffMember(strict, 'owner');
    const added = await call(strict, 'POST', '/addwebhook', { url: 'https://93.184.216.34/hooks', events: ['product.updated'] }, owner.auth);
    // As if the name had been rebound to the shop's own network after registration.
    await strict.db.updateTable('webhook_endpoints').set({ url: receiver.url }).where('id', '=', added.body.data.id).execute();
    const before = receiver.received.length;
    await writeTransaction(strict.db, (trx) => enqueueWebhooks(trx, 'product.updated', 'rebind', { p_id: 1 }));
    const strictDispatcher = startDispatcher({ db: strict.db, config: strict.config, pollMs: 25 });
    try {
      const delivery = await until(
        () => strict.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', added.body.data.id).executeTakeFirst(),
        'the refused attempt',
      );
      expect(delivery.status_code).toBeNull();
      expect(delivery.error).toMatch(/private/);
      expect(receiver.received.length).toBe(before);
    } finally {
      await strictDispatcher.stop();
    }
  });
});

describe('the back office', () => {
  it('is refused to the order desk (403), and registering is the owner\'s', async () => {
    const requests = [
      ['POST', '/addwebhook', { url: receiver.url, events: ['order.placed'] }],
      ['GET', '/getwebhooks'],
      ['PUT', '/updatewebhook', { id: 1, active: false }],
      ['POST', '/rotatewebhooksecret', { id: 1 }],
      ['GET', '/getwebhookdeliveries?id=1'],
      ['POST', '/resendwebhook', { message_id: `msg_${'0'.repeat(32)}` }],
    ] as const;
    for (const [method, url, body] of requests) {
      const res = await call(store, method, url, body, staff.orders!.auth);
      expect(res.status, url).toBe(403);
      expectMatchesContract(method, url, res);
    }
    expect((await call(store, 'POST', '/addwebhook', { url: receiver.url, events: ['order.placed'] }, staff.manager!.auth)).status).toBe(403);
    expect((await call(store, 'GET', '/getwebhooks', undefined, staff.manager!.auth)).status).toBe(200);
  });

  it('shows the secret once: never in the list, the audit trail or the database in clear', async () => {
    const added = await addEndpoint(['order.placed']);
    expect(added.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const list = await call(store, 'GET', '/getwebhooks', undefined, owner());
    expectMatchesContract('GET', '/getwebhooks', list);
    expect(JSON.stringify(list.body)).not.toContain(added.secret.slice(6));
    expect(list.body.data.find((e: any) => e.id === added.id)).toMatchObject({ url: receiver.url, events: ['order.placed'], active: true });
    const rotated = await call(store, 'POST', '/rotatewebhooksecret', { id: added.id }, owner());
    expect(rotated.status).toBe(200);
    expectMatchesContract('POST', '/rotatewebhooksecret', rotated);
    expect(rotated.body.data.secret).not.toBe(added.secret);
    const stored = await store.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', added.id).executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^enc:v1:/);
    const trail = JSON.stringify(await store.db.selectFrom('audit_log').selectAll().where('entity', '=', 'webhook').execute());
    expect(trail).toContain('webhook.add');
    expect(trail).toContain('webhook.rotate_secret');
    for (const secret of [added.secret, rotated.body.data.secret]) {
      expect(trail).not.toContain(secret.slice(6));
      expect(stored.secret).not.toContain(secret.slice(6));
    }
    const off = await call(store, 'PUT', '/updatewebhook', { id: added.id, active: false }, owner());
    expect(off.body.data).toMatchObject({ active: false });
    expectMatchesContract('PUT', '/updatewebhook', off);
  });
});

describe('delivery', () => {
  it('signs as Standard Webhooks says, retries after a 500 with the same webhook-id, and keeps each answer', async () => {
    const endpoint = await addEndpoint(['product.updated']);
    const start = receiver.received.length;
    receiver.answers.push(500);
    await fire('product.updated', 'p7:1', { p_id: 7, name: 'Kundan choker' });
    await until(() => receiver.received.length >= start + 1, 'the first attempt');
    await until(async () => (await store.db.selectFrom('outbox').select('status').where('channel', '=', 'webhook').where('recipient', '=', String(endpoint.id)).where('last_error', 'is not', null).executeTakeFirst()), 'the retry to be scheduled');
    await dueNow();
    await until(() => receiver.received.length >= start + 2, 'the retry');
    const [first, second] = receiver.received.slice(start);
    const message = await until(() => store.db.selectFrom('outbox').selectAll().where('recipient', '=', String(endpoint.id)).where('status', '=', 'sent').executeTakeFirst(), 'sent');
    for (const attempt of [first, second]) {
      expect(attempt.headers['webhook-id']).toBe(message.message_id);
      expect(verifies(endpoint.secret, attempt.headers, attempt.body)).toBe(true);
      expect(verifies(`whsec_${Buffer.from('another key').toString('base64')}`, attempt.headers, attempt.body)).toBe(false);
      expect(verifies(endpoint.secret, attempt.headers, attempt.body.replace('choker', 'chokerX'))).toBe(false);
      expect(JSON.parse(attempt.body)).toMatchObject({ type: 'product.updated', data: { p_id: 7, name: 'Kundan choker' } });
    }
    expect(second.body).toBe(first.body);
    const deliveries = await call(store, 'GET', `/getwebhookdeliveries?id=${endpoint.id}`, undefined, owner());
    expectMatchesContract('GET', `/getwebhookdeliveries?id=${endpoint.id}`, deliveries);
    expect(deliveries.body.data.map((d: any) => [d.status_code, d.answer])).toEqual([
      [200, 'thanks'],
      [500, 'receiver is down'],
    ]);
    const endpoints = await call(store, 'GET', '/getwebhooks', undefined, owner());
    expect(endpoints.body.data.find((e: any) => e.id === endpoint.id).failing_since).toBeNull();

    // Resent: the same message, the same webhook-id, signed again.
    const resent = await call(store, 'POST', '/resendwebhook', { message_id: message.message_id }, staff.manager!.auth);
    expect(resent.status, resent.body?.description).toBe(200);
    expectMatchesContract('POST', '/resendwebhook', resent);
    await until(() => receiver.received.length >= start + 3, 'the resend');
    const third = receiver.received[start + 2];
    expect(third.headers['webhook-id']).toBe(message.message_id);
    expect(verifies(endpoint.secret, third.headers, third.body)).toBe(true);
    await store.db.updateTable('webhook_endpoints').set({ active: 0 }).where('id', '=', endpoint.id).execute();
  });

  it('disables an endpoint failing for longer than WEBHOOK_DISABLE_AFTER_HOURS and says why', async () => {
    const endpoint = await addEndpoint(['order.paid']);
    const fourDaysAgo = Date.now() - 4 * 24 * 3_600_000;
    await store.db.updateTable('webhook_endpoints').set({ failing_since: fourDaysAgo }).where('id', '=', endpoint.id).execute();
    const start = receiver.received.length;
    receiver.answers.push(503);
    await fire('order.paid', '42', { o_id: 42 });
    await until(() => receiver.received.length > start, 'the attempt');
    const message = await until(() => store.db.selectFrom('outbox').selectAll().where('recipient', '=', String(endpoint.id)).where('status', '=', 'failed').executeTakeFirst(), 'given up');
    expect(message.last_error).toMatch(/Disabled automatically/);
    const list = await call(store, 'GET', '/getwebhooks', undefined, owner());
    const shown = list.body.data.find((e: any) => e.id === endpoint.id);
    expect(shown).toMatchObject({ active: false, failing_since: new Date(fourDaysAgo).toISOString() });
    expect(shown.disabled_reason).toMatch(/failing since .* HTTP 503/);
    // Disabled: the next event enqueues nothing for it.
    await writeTransaction(store.db, (trx) => enqueueWebhooks(trx, 'order.paid', '43', { o_id: 43 }));
    expect(await store.db.selectFrom('outbox').select('id').where('recipient', '=', String(endpoint.id)).where('dedupe_key', 'like', 'order.paid:43:%').execute()).toEqual([]);
    // On again: a fresh start.
    const on = await call(store, 'PUT', '/updatewebhook', { id: endpoint.id, active: true }, owner());
    expect(on.body.data).toMatchObject({ active: true, failing_since: null, disabled_reason: null });
  });
});

describe('events', () => {
  it('metal rates set in the back office reach a subscribed endpoint, written with the change', async () => {
    const endpoint = await addEndpoint(['metal_rates.updated']);
    const carat = await createCarat(store, '22K webhook');
    const start = receiver.received.length;
    const set = await call(store, 'POST', '/setmetalrates', { rates: [{ carat_id: carat.carat_id, inr_per_gram: 7250 }], usd_inr: 84.5 }, owner());
    expect(set.status, set.body?.description).toBe(200);
    dispatcher.nudge();
    await until(() => receiver.received.slice(start).find((r) => JSON.parse(r.body).type === 'metal_rates.updated'), 'the metal_rates.updated webhook');
    const got = receiver.received.slice(start).find((r) => JSON.parse(r.body).type === 'metal_rates.updated')!;
    expect(verifies(endpoint.secret, got.headers, got.body)).toBe(true);
    expect(JSON.parse(got.body).data).toMatchObject({ rates: [{ carat_id: carat.carat_id, inr_per_gram: 7250 }], usd_inr: 84.5 });
  });
});
