/**
 * The CSV exports (issue 37): orders with their lines, invoices, consenting customers and
 * products, each checked against the database with figures worked out here; the headers, a
 * formula kept as text, the period, the permissions; and the stream read a page at a time.
 * Runs on SQLite and PostgreSQL (tests/helpers/with-pg.sh).
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Role } from '../../rules/permissions.ts';
import { createOrder } from '../helpers/admin.ts';
import { createCarat, createProduct } from '../helpers/catalogue.ts';
import { advanceOrder } from '../helpers/orders.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let owner: Awaited<ReturnType<typeof staffMember>>;

async function staffMember(role: Role) {
  const user = await createUser(store, { u_type: '0' });
  await store.db.updateTable('users').set({ role }).where('u_id', '=', user.u_id).execute();
  return user;
}

async function download(url: string, headers = owner.auth) {
  const res = await store.app.request(url, { headers });
  expect(res.status, url).toBe(200);
  const text = await res.text();
  return { res, text, rows: parse(text, { columns: true }) as Record<string, string>[] };
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

beforeAll(async () => {
  store = await createTestStore();
  owner = await staffMember('owner');
});
afterAll(() => store.close());

describe('GET /export/orders.csv', () => {
  it('writes every line of the period\'s orders, the money in rupees, times in ISO, a formula as text', async () => {
    const inside = await createOrder(store, { created_at: '2026-03-10 06:00:00', fields: { first_name: '=HYPERLINK("http://x","y")', discount: 12345, shipping: 0, total: 5221705 } });
    await store.db
      .insertInto('order_items')
      .values({ o_id: inside.o_id, product_name: '+Bangle', quantity: 1, price: 99999, line_total: 99999, net_weight_mg: 5250, metal_inr: 80000, making_inr: 15000, stones_inr: 0, gst_inr: 4999 })
      .execute();
    const second = await createOrder(store, { created_at: '2026-03-31 18:30:00' }); // 1 April in India: outside
    const before = await createOrder(store, { created_at: '2026-03-09 18:29:59' }); // 9 March 23:59:59 in India: outside

    const { res, rows } = await download('/export/orders.csv?from=2026-03-10&to=2026-03-31');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d\d-\d\d\.csv"$/);
    expect(rows.map((r) => r.o_id)).toEqual([String(inside.o_id), String(inside.o_id)]);
    expect([second.o_id, before.o_id].map(String)).not.toContain(rows[0].o_id);

    // Worked figures: the lines as the database holds them, summed here in paise.
    const lines = await store.db.selectFrom('order_items').select(['oi_id', 'line_total', 'price']).where('o_id', '=', inside.o_id).orderBy('oi_id').execute();
    expect(rows.map((r) => r.oi_id)).toEqual(lines.map((l) => String(l.oi_id)));
    expect(rows.map((r) => r.line_total)).toEqual(['52340.50', '999.99']);
    const sum = rows.reduce((t, r) => t + Math.round(Number(r.line_total) * 100), 0);
    expect(sum).toBe(lines.reduce((t, l) => t + l.line_total, 0));
    expect(rows[0]).toMatchObject({ placed_at: '2026-03-10T06:00:00Z', status: 'Pending', currency: 'INR', subtotal: '52340.50', discount: '123.45', shipping: '0.00', total: '52217.05', quantity: '2', unit_price: '26170.25' });
    expect(rows[0].customer_name.startsWith(`'=HYPERLINK`)).toBe(true);
    expect(rows[1]).toMatchObject({ product_name: "'+Bangle", net_weight_g: '5.25', metal_inr: '800.00', making_inr: '150.00', stones_inr: '0.00', gst_inr: '49.99' });
    expect(Object.keys(rows[0])).not.toContain('pan');
  });

  it('refuses a bad period with 400 in words', async () => {
    const res = await call(store, 'GET', '/export/orders.csv?from=2026-02-30', undefined, owner.auth);
    expect(res.status).toBe(400);
    expect(res.body.description).toContain('from must be a date (YYYY-MM-DD)');
    const reversed = await call(store, 'GET', '/export/orders.csv?from=2026-03-02&to=2026-03-01', undefined, owner.auth);
    expect(reversed.status).toBe(400);
    expect(reversed.body.description).toContain('from must not be after to.');
  });

  it('is read a page at a time as the client takes it: an order placed while the file downloads is in it', async () => {
    const orders = Array.from({ length: 3000 }, (_, i) => ({
      status: 1, currency: 'INR' as const, subtotal: 100 + i, total: 100 + i, payment_method: 'cod' as const, payment_status: 'unpaid' as const,
      first_name: 'Page', last_name: `Buyer ${i}`, email: 'p@example.com', phone_number: '9000000000', address: 'A', city: 'Pune', state: 'Maharashtra', zip_code: '411001',
      created_at: `2027-01-01 00:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
    }));
    for (let i = 0; i < orders.length; i += 500) await store.db.insertInto('orders').values(orders.slice(i, i + 500)).execute();
    const res = await store.app.request('/export/orders.csv?from=2027-01-01&to=2027-01-01', { headers: owner.auth });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // Placed after every other order of the day, so on the file's last page.
    const late = await createOrder(store, { created_at: '2027-01-01 12:00:00' });
    let text = new TextDecoder().decode(first.value);
    let chunks = 1;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += new TextDecoder().decode(value);
    }
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(3001);
    expect(rows.at(-1)!.o_id).toBe(String(late.o_id));
    expect(chunks).toBeGreaterThan(10);
  });
});

describe('GET /export/invoices.csv', () => {
  it('writes each invoice with its totals as issued', async () => {
    await createCarat(store, '22K');
    const { o_id } = await createOrder(store);
    await advanceOrder(store, owner, o_id, 3);
    const invoice = await store.db.selectFrom('invoices').select(['invoice_no', 'document']).where('o_id', '=', o_id).executeTakeFirstOrThrow();
    const doc = JSON.parse(invoice.document);
    const { rows } = await download('/export/invoices.csv');
    const row = rows.find((r) => r.o_id === String(o_id))!;
    expect(row.invoice_no).toBe(invoice.invoice_no);
    // The tax splits of the invoice, summed back: taxable + taxes = the order's total, 52340.50.
    expect(Math.round(Number(row.taxable_value) * 100) + Math.round(Number(row.cgst) * 100) + Math.round(Number(row.sgst) * 100) + Math.round(Number(row.igst) * 100)).toBe(5234050);
    expect(row).toMatchObject({ total: '52340.50', total_inr: '52340.50', currency: 'INR', taxable_value: rupees(doc.figures.totals.taxable), supply: doc.figures.supply });
  });
});

describe('GET /export/customers.csv', () => {
  it('lists only the addresses confirmed for the newsletter, with the account keeping the address', async () => {
    const shopper = await createUser(store);
    await store.db
      .insertInto('saved_addresses')
      .values({ u_id: shopper.u_id, first_name: 'Asha', last_name: 'Rao', email: 'asha@example.com', phone_number: '9876543210', address: '1 MG Road', city: 'Bengaluru', state: 'Karnataka', zip_code: '560001' })
      .execute();
    await createOrder(store, { u_id: shopper.u_id, created_at: '2026-05-01 10:00:00' });
    await store.db
      .insertInto('newsletter_subscribers')
      .values([
        { email: 'asha@example.com', status: 'confirmed', confirmed_at: '2026-04-01 09:00:00', token: 't1' },
        { email: 'pending@example.com', status: 'pending', token: 't2' },
        { email: 'gone@example.com', status: 'unsubscribed', token: 't3' },
        { email: 'walkin@example.com', status: 'confirmed', confirmed_at: '2026-04-02 09:00:00', token: 't4' },
      ])
      .execute();
    const { rows } = await download('/export/customers.csv');
    // A cell starting with + is written with a quote before it, as any formula-like cell: a spreadsheet shows +91.
    expect(rows.map((r) => r.email)).toEqual(['asha@example.com', 'walkin@example.com']);
    expect(rows[0]).toMatchObject({ u_id: String(shopper.u_id), country_code: "'+91", phone: shopper.phone, city: 'Bengaluru', orders: '1', last_order_at: '2026-05-01T10:00:00Z', subscribed_at: '2026-04-01T09:00:00Z' });
    expect(rows[1]).toMatchObject({ u_id: '', orders: '0' });
  });
});

describe('GET /export/products.csv', () => {
  it('writes one row per carat row with the product\'s columns, its return flags, updated_at and the stock as exported', async () => {
    const k22 = (await createCarat(store, '22K-p')).carat_id;
    const k18 = (await createCarat(store, '18K-p')).carat_id;
    const { p_id } = await createProduct(store, { name: 'Export Ring', carats: [{ carat_id: k22, inr_price: 5234050, usd_price: 62999 }, { carat_id: k18, inr_price: 4100000, usd_price: 49000 }], key_points: ['Hallmarked', 'Free resizing'] });
    const other = await createProduct(store, { name: 'Plain Ring', carats: [{ carat_id: k22 }] });
    // The return flags (issue 36), when it was last changed, and the stock (22K: 3 pieces; 18K made to order).
    await store.db.updateTable('products').set({ partial_refund: 1, non_returnable: 'engraved', updated_at: '2026-11-28 13:12:05' }).where('p_id', '=', p_id).execute();
    await store.db.updateTable('product_carats').set({ stock: 3 }).where('p_id', '=', p_id).where('carat_id', '=', k22).execute();
    const { rows } = await download('/export/products.csv');
    const mine = rows.filter((r) => r.p_id === String(p_id));
    expect(mine.map((r) => [r.carat, r.pricing, r.inr_price, r.usd_price, r.stock, r.stock_at_export])).toEqual([
      ['22K-p', 'fixed', '52340.50', '629.99', '3', '3'],
      ['18K-p', 'fixed', '41000.00', '490.00', '', ''],
    ]);
    expect(mine[0]).toMatchObject({ name: 'Export Ring', key_points: 'Hallmarked\nFree resizing', is_bestseller: '0', partial_refund: '1', non_returnable: 'engraved', updated_at: '2026-11-28T13:12:05Z' });
    expect(mine[1]).toMatchObject({ partial_refund: '1', non_returnable: 'engraved', updated_at: '2026-11-28T13:12:05Z' });
    const plain = rows.find((r) => r.p_id === String(other.p_id))!;
    expect([plain.partial_refund, plain.non_returnable]).toEqual(['0', '']);
  });
});

describe('who may export', () => {
  it('owner, manager and accounts (reports.view); the catalogue role has the products file for importing; others 403', async () => {
    for (const role of ['manager', 'accounts'] as const) {
      const member = await staffMember(role);
      for (const url of ['/export/orders.csv', '/export/invoices.csv', '/export/customers.csv', '/export/products.csv']) {
        expect((await store.app.request(url, { headers: member.auth })).status, `${role} ${url}`).toBe(200);
      }
    }
    for (const role of ['orders', 'catalogue'] as const) {
      const member = await staffMember(role);
      const res = await call(store, 'GET', '/export/orders.csv', undefined, member.auth);
      expect(res.status).toBe(403);
      expect(res.body.description).toBe(`You need permission to ${PERMISSIONS['reports.view']}. Ask the shop's owner if you should have it.`);
    }
    const keeper = await staffMember('catalogue');
    expect((await store.app.request('/import/products.csv', { headers: keeper.auth })).status).toBe(200);
    expect((await call(store, 'GET', '/import/products.csv', undefined, (await staffMember('accounts')).auth)).status).toBe(403);
    const shopper = await createUser(store);
    for (const headers of [shopper.auth, {}]) expect((await call(store, 'GET', '/export/customers.csv', undefined, headers)).status).toBe(403);
  });
});
