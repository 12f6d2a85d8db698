/**
 * The buyer's PAN at rest and on screen (issue 34): sealed with AES-256-GCM under PAN_KEY in
 * orders.pan and in an online payment's kept checkout, never in the clear; shown whole only to
 * staff holding `pan.view` (owner, accounts) in an order's detail, each such answer recorded in
 * the audit trail; masked (XXXXXX234F) everywhere else. PANs stored in the clear before are
 * sealed at start; a store on PostgreSQL does not start without PAN_KEY, nor any store with a
 * key that does not open its PANs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/env.ts';
import { openStore, StartRefused } from '../../api/open-store.ts';
import { openDatabase } from '../../db/connection.ts';
import { openPan, sealPan } from '../../db/queries/pan.ts';
import { newSecretKey, openSecret, sealSecret, secretKeyFrom } from '../../db/secrets.ts';
import type { InvoiceDocument } from '../../rules/invoice.ts';
import type { Role } from '../../rules/permissions.ts';
import { createOrder } from '../helpers/admin.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { contractCaller } from '../helpers/contract.ts';
import { addressOf, advanceOrder } from '../helpers/orders.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAN = 'ABCPE1234F';
const MASKED = 'XXXXXX234F';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore({ PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => store.close());

const api = contractCaller(() => store);

/** A member of staff with `role` (the owner's role when staff have none). */
async function staff(role: Role) {
  const member = await createUser(store, { u_type: '0' });
  await store.db.updateTable('users').set({ role }).where('u_id', '=', member.u_id).execute();
  return member;
}

/** An order of ₹2,50,000 with the buyer's PAN, sealed as the store keeps it. */
const orderWithPan = () => createOrder(store, { fields: { pan: sealPan(store.config.panKey, PAN), subtotal: 2_50_000_00, total: 2_50_000_00 } });

const panViews = (o_id: number) =>
  store.db.selectFrom('audit_log').select(['actor_u_id', 'role', 'action', 'entity', 'entity_id', 'before', 'after']).where('action', '=', 'pan.view').where('entity_id', '=', String(o_id)).orderBy('id').execute();

describe('sealing (db/secrets.ts)', () => {
  it('seals with a fresh IV each time, opens only with the same key and purpose, and refuses any change', () => {
    const key = secretKeyFrom(newSecretKey());
    const [one, two] = [sealSecret(key, PAN, 'pan'), sealSecret(key, PAN, 'pan')];
    expect(one).toMatch(/^enc:v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(one).not.toBe(two);
    expect(openSecret(key, one, 'pan')).toBe(PAN);
    expect(() => openSecret(secretKeyFrom(newSecretKey()), one, 'pan')).toThrow(/does not open with this PAN_KEY/);
    expect(() => openSecret(key, one, 'totp')).toThrow(/does not open/);
    const altered = `${one.slice(0, -2)}${one.endsWith('A') ? 'B' : 'A'}${one.slice(-1)}`;
    expect(() => openSecret(key, altered, 'pan')).toThrow(/does not open/);
    // 64 hex digits or base64: 32 bytes, nothing else.
    expect(secretKeyFrom('ab'.repeat(32))).toHaveLength(32);
    expect(() => secretKeyFrom('too-short')).toThrow('PAN_KEY must be 32 random bytes written as 64 hex digits or in base64 (e.g. openssl rand -base64 32)');
  });
});

describe('a PAN at rest', () => {
  it('is sealed in the payment\'s kept checkout and in the order an online payment places: no plaintext in either row', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store, { carats: [{ inr_price: 2_50_000_00, usd_price: 2_94_118 }] });
    const started = await api(
      'POST',
      '/payment',
      { order_amount: 250000, customer_name: 'Asha Patel', customer_email: 'asha@example.com', customer_phone: addressOf(shopper).phone_number, checkout: addressOf(shopper), cartItems: [{ ...product.selection, quantity: 1 }], pan: 'abcpe 1234f' },
      shopper.auth,
    );
    expect(started.status, started.body.description).toBe(200);
    const { order_id, payment_session_id } = started.body.data;
    const payment = await store.db.selectFrom('payments').select('checkout').where('provider_order_id', '=', order_id).executeTakeFirstOrThrow();
    expect(payment.checkout).not.toMatch(/ABCPE|1234F/i);
    expect(JSON.parse(payment.checkout!).pan).toMatch(/^enc:v1:/);

    // The sandbox page's Pay settles the payment: its order is placed from the kept checkout.
    const paid = await store.app.request(`/sandbox/pay/${payment_session_id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ return_url: 'http://shop.test/orderconfirm' }).toString(),
    });
    expect(paid.status).toBe(303);
    const order = await store.db.selectFrom('orders').selectAll().where('provider_order_id', '=', order_id).executeTakeFirstOrThrow();
    expect(order.pan).toMatch(/^enc:v1:/);
    expect(JSON.stringify(order)).not.toMatch(/ABCPE|1234F/i);
    expect(openPan(store.config.panKey, order.pan)).toBe(PAN);
    // The shopper's own answer: masked.
    const mine = (await api('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth)).body.data.find((o: { o_id: number }) => o.o_id === order.o_id);
    expect(mine.pan).toBe(MASKED);
  });

  it('kept in the clear before sealing began is sealed at start, once, in orders and payments; a key that does not open the sealed ones stops start', async () => {
    const old = await createTestStore();
    try {
      const plain = await createOrder(old, { fields: { pan: PAN } });
      const sealed = await createOrder(old, { fields: { pan: sealPan(old.config.panKey, 'ZZZPZ9999Z') } });
      await old.db
        .insertInto('payments')
        .values({ provider: 'sandbox', provider_order_id: 'order_plain_pan', payment_session_id: 's', u_id: null, currency: 'INR', amount: 1, status: 'created', checkout: JSON.stringify({ lines: { source: 'cart' }, pan: PAN }) })
        .execute();

      // Started as `npm start` starts it (migrations, then the sealing), on a database of its own connections.
      const opened = await openStore(old.config);
      try {
        const rows = await opened.db.selectFrom('orders').select(['o_id', 'pan']).where('o_id', 'in', [plain.o_id, sealed.o_id]).orderBy('o_id').execute();
        expect(rows.map((r) => r.pan)).toEqual([expect.stringMatching(/^enc:v1:/), expect.stringMatching(/^enc:v1:/)]);
        expect(rows.map((r) => openPan(old.config.panKey, r.pan))).toEqual([PAN, 'ZZZPZ9999Z']);
        const payment = await opened.db.selectFrom('payments').select('checkout').where('provider_order_id', '=', 'order_plain_pan').executeTakeFirstOrThrow();
        expect(payment.checkout).not.toContain(PAN);
        expect(openPan(old.config.panKey, JSON.parse(payment.checkout!).pan)).toBe(PAN);
        expect(JSON.parse(payment.checkout!).lines).toEqual({ source: 'cart' });
      } finally {
        await opened.db.destroy();
      }
      // Again: nothing left to seal, the sealed values untouched.
      const before = await readPans(old);
      const again = await openStore(old.config);
      await again.db.destroy();
      expect(await readPans(old)).toEqual(before);

      const otherKey = { ...old.config, panKey: secretKeyFrom(newSecretKey()) };
      const refused = openStore(otherKey);
      await expect(refused).rejects.toBeInstanceOf(StartRefused);
      await expect(refused).rejects.toThrow(/A stored PAN does not open with this PAN_KEY: the key was changed, or the value was altered\. Start with the PAN_KEY this store's PANs were sealed with/);
    } finally {
      await old.close();
    }
  });
});

/** Every order's and payment's stored PAN, as read from the database. */
async function readPans(target: TestStore) {
  const db = openDatabase(target.config.database);
  try {
    return {
      orders: await db.selectFrom('orders').select(['o_id', 'pan']).orderBy('o_id').execute(),
      payments: await db.selectFrom('payments').select(['pay_id', 'checkout']).orderBy('pay_id').execute(),
    };
  } finally {
    await db.destroy();
  }
}

describe('a PAN on screen', () => {
  it('is masked to the order desk and the manager, in the detail and every list, and no view is recorded', async () => {
    const { o_id } = await orderWithPan();
    for (const role of ['orders', 'manager'] as const) {
      const member = await staff(role);
      const detail = await api('GET', `/getorderdetail/${o_id}`, undefined, member.auth);
      expect(detail.status).toBe(200);
      expect(detail.body.data.pan).toBe(MASKED);
      const list = await api('GET', '/getorderlist?search=' + o_id, undefined, member.auth);
      expect(list.body.data.orderData.find((o: { o_id: number }) => o.o_id === o_id).pan).toBe(MASKED);
    }
    expect(await panViews(o_id)).toEqual([]);
  });

  it('is whole to the owner and accounts in the order\'s detail, one audit entry per answer, never the PAN itself; lists stay masked', async () => {
    const { o_id } = await orderWithPan();
    const owner = await staff('owner');
    const accounts = await staff('accounts');
    for (const member of [owner, accounts, owner]) {
      const detail = await api('GET', `/getorderdetail/${o_id}`, undefined, member.auth);
      expect(detail.status).toBe(200);
      expect(detail.body.data.pan).toBe(PAN);
    }
    const views = await panViews(o_id);
    expect(views).toEqual([
      { actor_u_id: owner.u_id, role: 'owner', action: 'pan.view', entity: 'order', entity_id: String(o_id), before: null, after: null },
      { actor_u_id: accounts.u_id, role: 'accounts', action: 'pan.view', entity: 'order', entity_id: String(o_id), before: null, after: null },
      { actor_u_id: owner.u_id, role: 'owner', action: 'pan.view', entity: 'order', entity_id: String(o_id), before: null, after: null },
    ]);
    const everything = await store.db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(everything)).not.toContain('1234F');

    // Lists and the whole export show no PAN whole, to anyone: no view to record.
    const all = await api('GET', '/getallorders', undefined, owner.auth);
    expect(all.body.data.find((o: { o_id: number }) => o.o_id === o_id).pan).toBe(MASKED);
    const page = await api('GET', `/getorderlist?search=${o_id}`, undefined, accounts.auth);
    expect(page.body.data.orderData[0].pan).toBe(MASKED);
    expect(await panViews(o_id)).toHaveLength(3);

    // An order without a PAN records no view.
    const { o_id: none } = await createOrder(store);
    expect((await api('GET', `/getorderdetail/${none}`, undefined, owner.auth)).body.data.pan).toBeNull();
    expect(await panViews(none)).toEqual([]);
  });

  it('is masked on the GST tax invoice, as the law has it printed', async () => {
    const { o_id } = await orderWithPan();
    const owner = await staff('owner');
    await advanceOrder(store, owner, o_id, 3);
    const invoice = await store.db.selectFrom('invoices').select('document').where('o_id', '=', o_id).executeTakeFirstOrThrow();
    expect((JSON.parse(invoice.document) as InvoiceDocument).buyer.pan).toBe(MASKED);
    expect(invoice.document).not.toContain(PAN);
  });
});

describe('PAN_KEY', () => {
  it('is generated once into DATA_DIR/pan-key on SQLite (owner-only), and read back the same', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'aurum-pan-key-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      const file = path.join(dir, 'pan-key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(secretKeyFrom(readFileSync(file, 'utf8'))).toEqual(first.panKey);
      expect(loadConfig({ DATA_DIR: dir }).panKey).toEqual(first.panKey);
      // Given, it wins; a key of the wrong shape is refused by name.
      expect(loadConfig({ DATA_DIR: dir, PAN_KEY: 'cd'.repeat(32) }).panKey).toEqual(secretKeyFrom('cd'.repeat(32)));
      expect(() => loadConfig({ DATA_DIR: dir, PAN_KEY: 'not-a-key' })).toThrow('Invalid environment: PAN_KEY: PAN_KEY must be 32 random bytes written as 64 hex digits or in base64');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is required on PostgreSQL: the store does not start without it, and says so in one line', { timeout: 30_000 }, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'aurum-pan-key-'));
    try {
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dir, DATABASE_URL: 'postgres://aurum@127.0.0.1:1/aurum', JWT_SECRET: 'a-shared-secret-of-at-least-32-characters!', LOG_LEVEL: 'info' };
      const run = spawnSync(process.execPath, ['api/server.ts'], { cwd: ROOT, env, encoding: 'utf8', timeout: 25_000 });
      expect(run.status).toBe(1);
      expect(run.stdout + run.stderr).toMatch(/PAN_KEY is required with a PostgreSQL DATABASE_URL/);
      expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: env.DATABASE_URL, JWT_SECRET: env.JWT_SECRET })).toThrow(
        'Invalid environment: PAN_KEY is required with a PostgreSQL DATABASE_URL (every instance must read the PANs and TOTP secrets the others sealed; a generated key is for a single SQLite store only): set PAN_KEY to the same 32 random bytes on every instance (openssl rand -base64 32), and keep it with your backups',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
