/**
 * GSTR-1 reads invoice_figures (issue 37, migration 2026_12_04_0002_gstr1_speed): what
 * the return needs of each invoice, kept by the database's own triggers. These tests
 * hold that it never disagrees with the invoices and orders: every figure against the
 * invoice's document, pieces against the order's lines and the cancelled flag against
 * the order's status, each read here independently; an order cancelled after its
 * invoice turns up in doc_issue's cancelled count; the migration's backfill gives the
 * same rows the triggers did. Runs on both engines:
 * tests/helpers/with-pg.sh npx vitest run tests/api/reports-gstr1-speed.test.ts
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedOrders } from '../../db/seed/orders.ts';
import * as migration from '../../migrations/2026_12_04_0002_gstr1_speed.ts';
import { ORDER_STATUS } from '../../rules/orders.ts';
import { indiaDayOf } from '../../rules/reports.ts';
import { type Callers, storeWithCallers } from '../helpers/admin.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { call, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let admin: Callers['admin'];

beforeAll(async () => {
  ({ store, admin } = await storeWithCallers());
  const k22 = (await store.db.insertInto('carats').values({ name: '22K' }).returning('carat_id').executeTakeFirstOrThrow()).carat_id;
  for (const price of [7_500_000, 21_000_000, 12_345_600]) {
    const p = await createProduct(store, { carats: [{ carat_id: k22, inr_price: price, usd_price: Math.round(price / 86) }] });
    await store.db.updateTable('product_carats').set({ net_weight_mg: 9_500, stock: 100 }).where('p_id', '=', p.p_id).execute();
  }
  await seedOrders(store.db, 300, { seller: store.config.seller, now: new Date('2026-11-28T10:00:00Z') });
});
afterAll(() => store.close());

/** Every invoice as this test reads it: the document's own figures, the order's lines and status. */
async function expectedFigures() {
  const invoices = await store.db.selectFrom('invoices').select(['invoice_no', 'o_id', 'issued_at', 'document']).orderBy('invoice_no').execute();
  const orders = new Map((await store.db.selectFrom('orders').select(['o_id', 'status']).execute()).map((o) => [o.o_id, o.status]));
  const lines = await store.db.selectFrom('order_items').select(['o_id', 'quantity']).execute();
  return invoices.map((i) => {
    const d = JSON.parse(i.document);
    const t = d.figures.totals;
    return {
      invoice_no: i.invoice_no, o_id: i.o_id, issued_at: i.issued_at,
      currency: d.currency, supply: d.figures.supply, place_of_supply: d.buyer.state_code ?? null,
      usd_inr: d.exchange?.usd_inr ?? null, total_inr: d.exchange?.total_inr ?? null,
      gross: t.gross, taxable: t.taxable, cgst: t.cgst, sgst: t.sgst, igst: t.igst,
      pieces: lines.filter((l) => l.o_id === i.o_id).reduce((n, l) => n + l.quantity, 0),
      cancelled: orders.get(i.o_id) === ORDER_STATUS.cancelled ? 1 : 0,
    };
  });
}

async function storedFigures() {
  const rows = await store.db.selectFrom('invoice_figures').selectAll().orderBy('invoice_no').execute();
  const numeric = ['usd_inr', 'total_inr', 'gross', 'taxable', 'cgst', 'sgst', 'igst', 'pieces', 'cancelled'] as const;
  return rows.map((r) => ({ ...r, ...Object.fromEntries(numeric.map((k) => [k, r[k] === null ? null : Number(r[k])])) }));
}

it('holds every invoice\'s figures as its document states them, its pieces and its order cancelled or not', async () => {
  const expected = await expectedFigures();
  expect(expected.length).toBeGreaterThan(200);
  expect(expected.some((f) => f.currency === 'USD' && f.usd_inr !== null)).toBe(true);
  expect(await storedFigures()).toEqual(expected);
});

it('follows an order cancelled after its invoice, and back, into doc_issue\'s cancelled count', async () => {
  const invoice = await store.db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.o_id', 'i.o_id')
    .select(['i.invoice_no', 'i.o_id', 'i.issued_at', 'o.status'])
    .where('o.status', '<>', ORDER_STATUS.cancelled)
    .orderBy('i.issued_at', 'desc')
    .executeTakeFirstOrThrow();
  const month = indiaDayOf(new Date(`${invoice.issued_at.replace(' ', 'T')}Z`)).slice(0, 7);
  const cancelledIn = async () => {
    const res = await call(store, 'GET', `/reports/gstr1?month=${month}`, undefined, admin.auth);
    expect(res.status).toBe(200);
    return res.body.data.doc_issue.doc_det[0].docs.reduce((n: number, d: { cancel: number }) => n + d.cancel, 0) as number;
  };
  // The month's invoices whose orders are cancelled, counted here from the orders.
  const countedHere = async () => {
    const rows = await store.db.selectFrom('invoices as i').innerJoin('orders as o', 'o.o_id', 'i.o_id').select(['i.issued_at', 'o.status']).execute();
    return rows.filter((r) => r.status === ORDER_STATUS.cancelled && indiaDayOf(new Date(`${r.issued_at.replace(' ', 'T')}Z`)).startsWith(month)).length;
  };
  const before = await cancelledIn();
  expect(before).toBe(await countedHere());

  await store.db.updateTable('orders').set({ status: ORDER_STATUS.cancelled }).where('o_id', '=', invoice.o_id).execute();
  expect(await cancelledIn()).toBe(before + 1);
  expect(await countedHere()).toBe(before + 1);
  // Another column of the order changing leaves the flag as it is.
  await store.db.updateTable('orders').set({ internal_note: 'called the customer' }).where('o_id', '=', invoice.o_id).execute();
  expect(await cancelledIn()).toBe(before + 1);

  await store.db.updateTable('orders').set({ status: invoice.status }).where('o_id', '=', invoice.o_id).execute();
  expect(await cancelledIn()).toBe(before);
  expect(await storedFigures()).toEqual(await expectedFigures());
});

it('the migration fills the figures of invoices already issued as the triggers would have; a new, changed or deleted invoice follows', async () => {
  const kept = await storedFigures();
  await migration.down(store.db);
  await migration.up(store.db);
  expect(await storedFigures()).toEqual(kept);
  // And the triggers are back: a new invoice row gets its figures in the same statement (a copy of the first one's
  // document, for an order cancelled before any invoice: it is written cancelled).
  const order = await store.db
    .selectFrom('orders').select(['o_id', 'status'])
    .where('status', '=', ORDER_STATUS.cancelled).where('o_id', 'not in', store.db.selectFrom('invoices').select('o_id'))
    .orderBy('o_id').executeTakeFirstOrThrow();
  const first = await store.db.selectFrom('invoices').select(['invoice_no', 'document']).orderBy('invoice_no').executeTakeFirstOrThrow();
  await store.db.insertInto('invoices').values({ invoice_no: 'TEST/99-00/000001', o_id: order.o_id, financial_year: 2099, sequence: 1, issued_at: '2099-04-01 00:00:00', document: first.document }).execute();
  const figures = await storedFigures();
  const copy = figures.find((f) => f.invoice_no === 'TEST/99-00/000001');
  const { invoice_no: _, o_id: __, issued_at: ___, cancelled: ____, ...same } = figures.find((f) => f.invoice_no === first.invoice_no)!;
  expect(copy).toEqual({ ...same, invoice_no: 'TEST/99-00/000001', o_id: order.o_id, issued_at: '2099-04-01 00:00:00', cancelled: 1 });
  // A document written again (none is) is copied again.
  const last = await store.db.selectFrom('invoices').select(['invoice_no', 'document']).where('invoice_no', '<>', 'TEST/99-00/000001').orderBy('invoice_no', 'desc').executeTakeFirstOrThrow();
  await store.db.updateTable('invoices').set({ document: last.document }).where('invoice_no', '=', 'TEST/99-00/000001').execute();
  const again = (await storedFigures()).find((f) => f.invoice_no === 'TEST/99-00/000001');
  const { invoice_no: _l, o_id: _o, issued_at: _i, cancelled: _c, ...lastSame } = (await storedFigures()).find((f) => f.invoice_no === last.invoice_no)!;
  expect(again).toEqual({ ...lastSame, invoice_no: 'TEST/99-00/000001', o_id: order.o_id, issued_at: '2099-04-01 00:00:00', cancelled: 1 });
  await store.db.deleteFrom('invoices').where('invoice_no', '=', 'TEST/99-00/000001').execute();
  const left = await sql<{ n: number }>`select count(*) as n from invoice_figures where invoice_no = 'TEST/99-00/000001'`.execute(store.db);
  expect(Number(left.rows[0].n)).toBe(0);
});
