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

/** An order of a piece of `carat` taken to delivered, so invoiced, with its invoice. */
async function invoicedOrder(carat: string) {
  await createCarat(store, carat);
  const { o_id } = await createOrder(store);
  await advanceOrder(store, owner, o_id, 3);
  const invoice = await store.db.selectFrom('invoices').select(['invoice_no', 'issued_at', 'document']).where('o_id', '=', o_id).executeTakeFirstOrThrow();
  return { o_id, invoice };
}

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
    // The order's total once: summed over the rows of order_line 1 (the other lines repeat it); no store credit used.
    expect(rows.map((r) => [r.order_line, r.store_credit])).toEqual([['1', '0.00'], ['2', '0.00']]);
    expect(rows.filter((r) => r.order_line === '1').reduce((t, r) => t + Math.round(Number(r.total) * 100), 0)).toBe(5221705);
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
    const { o_id, invoice } = await invoicedOrder('22K');
    const doc = JSON.parse(invoice.document);
    const { rows } = await download('/export/invoices.csv');
    const row = rows.find((r) => r.o_id === String(o_id))!;
    expect(row.invoice_no).toBe(invoice.invoice_no);
    // The tax splits of the invoice, summed back: taxable + taxes = the order's total, 52340.50.
    expect(Math.round(Number(row.taxable_value) * 100) + Math.round(Number(row.cgst) * 100) + Math.round(Number(row.sgst) * 100) + Math.round(Number(row.igst) * 100)).toBe(5234050);
    expect(row).toMatchObject({ total: '52340.50', total_inr: '52340.50', currency: 'INR', taxable_value: rupees(doc.figures.totals.taxable), supply: doc.figures.supply });
  });
});

describe('GET /export/credit-notes.csv', () => {
  it('writes each credit note of the period beside its invoice, with its tax split as issued', async () => {
    const { o_id, invoice } = await invoicedOrder('22K-cn');
    const words = { reason: 'Goods returned (refund)', buyer: { name: 'Asha Rao', state: 'Gujarat', country: 'India' } };
    const note = async (no: number, issued_at: string, figures: { currency: 'INR' | 'USD'; supply: 'intra_state' | 'inter_state' | 'export'; pos: string | null; taxable: number; cgst: number; sgst: number; igst: number }, doc: object) => {
      const { r_id } = await store.db.insertInto('returns').values({ o_id, u_id: null, kind: 'refund', reason: 'changed_mind', note: null, currency: figures.currency, status: 'refunded' }).returning('r_id').executeTakeFirstOrThrow();
      const gross = figures.taxable + figures.cgst + figures.sgst + figures.igst;
      await store.db
        .insertInto('credit_notes')
        .values({
          credit_note_no: `CN/26-27/${String(no).padStart(6, '0')}`, r_id, o_id, invoice_no: invoice.invoice_no, financial_year: 2026, sequence: no, issued_at,
          currency: figures.currency, supply: figures.supply, place_of_supply: figures.pos, gross, taxable: figures.taxable, cgst: figures.cgst, sgst: figures.sgst, igst: figures.igst,
          document: JSON.stringify(doc),
        })
        .execute();
      return r_id;
    };
    // Within Gujarat: ₹50,000.00 taxable + CGST 1.5% ₹750.00 + SGST 1.5% ₹750.00 = ₹51,500.00.
    const r1 = await note(1, '2026-11-20 06:00:00', { currency: 'INR', supply: 'intra_state', pos: '24', taxable: 5_000_000, cgst: 75_000, sgst: 75_000, igst: 0 }, { ...words, place_of_supply: 'Gujarat (24)', exchange: null });
    // To Karnataka: ₹1,00,000.00 + IGST 3% ₹3,000.00 = ₹1,03,000.00.
    const r2 = await note(2, '2026-11-25 10:00:00', { currency: 'INR', supply: 'inter_state', pos: '29', taxable: 10_000_000, cgst: 0, sgst: 0, igst: 300_000 }, { ...words, place_of_supply: 'Karnataka (29)', exchange: null });
    // An export: $1,000.00 at no tax, ₹83,500.00 at the order's ₹83.50.
    const r3 = await note(3, '2026-11-28 10:00:00', { currency: 'USD', supply: 'export', pos: null, taxable: 100_000, cgst: 0, sgst: 0, igst: 0 }, { ...words, exchange: { usd_inr: 8350, total_inr: 8_350_000 } });
    // 30 November 18:30 UTC is 1 December in India: outside November (a note stored with its figures only).
    await note(4, '2026-11-30 18:30:00', { currency: 'INR', supply: 'intra_state', pos: '24', taxable: 100, cgst: 2, sgst: 2, igst: 0 }, {});

    const { res, rows } = await download('/export/credit-notes.csv?from=2026-11-01&to=2026-11-30');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="credit-notes-\d{4}-\d\d-\d\d\.csv"$/);
    const common = { financial_year: '26-27', invoice_no: invoice.invoice_no, invoice_date: `${invoice.issued_at.replace(' ', 'T')}Z`, o_id: String(o_id), reason: 'Goods returned (refund)' };
    expect(rows).toEqual([
      { ...common, credit_note_no: 'CN/26-27/000001', issued_at: '2026-11-20T06:00:00Z', r_id: String(r1), currency: 'INR', buyer_name: 'Asha Rao', buyer_state: 'Gujarat', buyer_country: 'India',
        place_of_supply: 'Gujarat (24)', supply: 'intra_state', taxable_value: '50000.00', cgst: '750.00', sgst: '750.00', igst: '0.00', total: '51500.00', total_inr: '51500.00' },
      { ...common, credit_note_no: 'CN/26-27/000002', issued_at: '2026-11-25T10:00:00Z', r_id: String(r2), currency: 'INR', buyer_name: 'Asha Rao', buyer_state: 'Gujarat', buyer_country: 'India',
        place_of_supply: 'Karnataka (29)', supply: 'inter_state', taxable_value: '100000.00', cgst: '0.00', sgst: '0.00', igst: '3000.00', total: '103000.00', total_inr: '103000.00' },
      { ...common, credit_note_no: 'CN/26-27/000003', issued_at: '2026-11-28T10:00:00Z', r_id: String(r3), currency: 'USD', buyer_name: 'Asha Rao', buyer_state: 'Gujarat', buyer_country: 'India',
        place_of_supply: '', supply: 'export', taxable_value: '1000.00', cgst: '0.00', sgst: '0.00', igst: '0.00', total: '1000.00', total_inr: '83500.00' },
    ]);
    // Each total is its taxable value and taxes, added here in paise; the month's rupee total is ₹2,38,000.00.
    const paise = (cell: string) => Math.round(Number(cell) * 100);
    for (const row of rows) expect(paise(row.taxable_value) + paise(row.cgst) + paise(row.sgst) + paise(row.igst)).toBe(paise(row.total));
    expect(rows.reduce((t, r) => t + paise(r.total_inr), 0)).toBe(5_150_000 + 10_300_000 + 8_350_000);
    const all = await download('/export/credit-notes.csv');
    expect(all.rows.map((r) => r.credit_note_no)).toEqual(['CN/26-27/000001', 'CN/26-27/000002', 'CN/26-27/000003', 'CN/26-27/000004']);
    expect(all.rows[3]).toMatchObject({ issued_at: '2026-11-30T18:30:00Z', taxable_value: '1.00', cgst: '0.02', sgst: '0.02', total: '1.04', place_of_supply: '24', buyer_name: '', reason: '' });
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
      for (const url of ['/export/orders.csv', '/export/invoices.csv', '/export/credit-notes.csv', '/export/customers.csv', '/export/products.csv']) {
        expect((await store.app.request(url, { headers: member.auth })).status, `${role} ${url}`).toBe(200);
      }
    }
    for (const role of ['orders', 'catalogue'] as const) {
      const member = await staffMember(role);
      expect((await call(store, 'GET', '/export/credit-notes.csv', undefined, member.auth)).status, `${role} credit notes`).toBe(403);
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
