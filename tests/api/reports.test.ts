/**
 * The reports (issue 37) with worked figures: a hand-made month of orders and
 * invoices, each expected figure added up here from the rows the test wrote (the
 * tax by rules/tax.ts splitInclusive, the rule the invoices use), never from the
 * report's own queries. Runs on both engines: tests/helpers/with-pg.sh npx vitest run tests/api/reports.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvoice } from '../../db/invoices.ts';
import { seedOrders } from '../../db/seed/orders.ts';
import { findOrder } from '../../db/queries/orders.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { addDays, indiaDayOf, indiaDayStart as indiaDayStartOf } from '../../rules/reports.ts';
import { splitInclusive, type SupplyKind } from '../../rules/tax.ts';
import { type Callers, expectRefused, storeWithCallers } from '../helpers/admin.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let admin: Callers['admin'];
let refused: Callers['refused'];

beforeAll(async () => ({ store, admin, refused } = await storeWithCallers()));
afterAll(() => store.close());

interface Line {
  p_id?: number | null;
  category?: string;
  carat: string;
  quantity: number;
  price: number;
  mg?: number;
  metal?: number;
  making?: number;
  stones?: number;
  made_to_order?: boolean;
}

interface OrderInput {
  u_id: number | null;
  at: string;
  status?: number;
  currency?: 'INR' | 'USD';
  usd_inr?: number;
  country?: string;
  state?: string;
  payment?: 'cod' | 'online' | 'store_credit';
  payment_status?: 'unpaid' | 'paid' | 'refund_pending' | 'refunded';
  refund?: number;
  discount?: number;
  shipping?: number;
  lines: Line[];
}

const PLACE: Record<string, { city: string; zip: string }> = {
  Gujarat: { city: 'Surat', zip: '395003' },
  Maharashtra: { city: 'Mumbai', zip: '400001' },
  Karnataka: { city: 'Bengaluru', zip: '560001' },
  Telangana: { city: 'Hyderabad', zip: '500001' },
  'New York': { city: 'New York', zip: '10001' },
};

/** An order written as checkout writes one (amounts in minor units of its currency). */
async function placeOrder(o: OrderInput) {
  const subtotal = o.lines.reduce((t, l) => t + l.price * l.quantity, 0);
  const discount = o.discount ?? 0;
  const shipping = o.shipping ?? 0;
  const total = subtotal - discount + shipping;
  const state = o.state ?? 'Gujarat';
  return writeTransaction(store.db, async (trx) => {
    const { o_id } = await trx
      .insertInto('orders')
      .values({
        u_id: o.u_id, status: o.status ?? 4, currency: o.currency ?? 'INR', subtotal, discount, shipping, total, usd_inr: o.usd_inr ?? 8350,
        first_name: 'Asha', last_name: 'Patel', email: 'asha@example.com', phone_number: '+919876543210', address: '12 Ring Road', apartment: '',
        city: PLACE[state].city, state, zip_code: PLACE[state].zip, country: o.country ?? 'IN',
        payment_method: o.payment ?? 'online', payment_status: o.payment_status ?? 'paid', refund_amount: o.refund ?? null,
        created_at: o.at, updated_at: o.at,
      })
      .returning('o_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_items')
      .values(o.lines.map((l) => ({
        o_id, p_id: l.p_id ?? null, product_name: 'Piece', category_name: l.category ?? 'Rings', carat_name: l.carat, quantity: l.quantity, price: l.price,
        line_total: l.price * l.quantity, net_weight_mg: l.mg ?? null, metal_inr: l.metal ?? null, making_inr: l.making ?? null, stones_inr: l.stones ?? null,
        pricing: l.metal === undefined ? 'fixed' as const : 'rate' as const, lead_time_days: l.made_to_order ? 10 : null,
      })))
      .execute();
    return { o_id, total };
  });
}

/** The GST in an order's rupee total as its supply is taxed (what an invoice of the whole order would state). */
const gstOf = (paise: number, supply: SupplyKind) => {
  const s = splitInclusive(paise, supply);
  return s.cgst + s.sgst + s.igst;
};
const rupees = (paise: number) => Math.round(paise) / 100;

describe('GET /reports/sales', () => {
  it('adds up a month of orders: revenue, GST, COD/online, India/abroad, cancellations and refunds apart, customers, grams; by day, week and month, with the month before', async () => {
    const [u1, u2, u3] = [await createUser(store), await createUser(store), await createUser(store)];
    const ring = await createProduct(store, { name: 'Lotus Ring' });
    const chain = await createProduct(store, { name: 'Rope Chain' });
    // u2's earlier order: in the period before (October), so u2 returns in November.
    const g = await placeOrder({ u_id: u2.u_id, at: '2026-10-15 06:00:00', state: 'Maharashtra', lines: [{ p_id: chain.p_id, carat: '22K', quantity: 1, price: 5_150_000, mg: 5000 }] });
    // A: the shop's own state, cash on delivery, 2 Nov.
    const a = await placeOrder({
      u_id: u1.u_id, at: '2026-11-02 10:00:00', payment: 'cod', lines: [{ p_id: ring.p_id, carat: '22K', quantity: 1, price: 10_300_000, mg: 10_000, metal: 8_000_000, making: 1_500_000, stones: 500_000 }],
    });
    // B: another state, online, a coupon; 19:00 UTC on 31 Oct is 00:30 on 1 Nov in India.
    const b = await placeOrder({
      u_id: u2.u_id, at: '2026-10-31 19:00:00', state: 'Maharashtra', discount: 1_030_000,
      lines: [{ p_id: chain.p_id, category: 'Chains', carat: '18K', quantity: 2, price: 10_300_000, mg: 8_000, metal: 6_000_000, making: 900_000, stones: 0 }],
    });
    // C: an export in dollars ($1,200 + $40 shipping) at ₹83.50.
    const c = await placeOrder({
      u_id: u3.u_id, at: '2026-11-15 12:00:00', currency: 'USD', usd_inr: 8350, country: 'US', state: 'New York', shipping: 4_000,
      lines: [{ p_id: ring.p_id, carat: '22K', quantity: 1, price: 120_000, mg: 12_500, metal: 9_000_000, making: 600_000, stones: 0 }],
    });
    // D: cancelled before payment (cash on delivery); E: paid online, cancelled and refunded.
    const d = await placeOrder({ u_id: u1.u_id, at: '2026-11-05 08:00:00', status: 5, payment: 'cod', payment_status: 'unpaid', lines: [{ carat: '22K', quantity: 1, price: 5_000_000, mg: 4_000 }] });
    const e = await placeOrder({
      u_id: u3.u_id, at: '2026-11-20 08:00:00', status: 5, state: 'Karnataka', payment_status: 'refunded', refund: 3_000_000, lines: [{ carat: '18K', quantity: 1, price: 3_000_000 }],
    });
    // F: 18:30 UTC on 30 Nov is midnight on 1 Dec in India: outside November.
    await placeOrder({ u_id: u1.u_id, at: '2026-11-30 18:30:00', lines: [{ carat: '22K', quantity: 1, price: 1_000_000 }] });

    const cInr = (c.total * 8350) / 100; // 1,240.00 dollars at ₹83.50: ₹1,03,540.00
    const live = [
      { o: a, inr: a.total, supply: 'intra_state' as const, cod: true, india: true },
      { o: b, inr: b.total, supply: 'inter_state' as const, cod: false, india: true },
      { o: c, inr: cInr, supply: 'export' as const, cod: false, india: false },
    ];
    const revenue = live.reduce((t, x) => t + x.inr, 0);
    const gst = live.reduce((t, x) => t + gstOf(x.inr, x.supply), 0);
    // Worked: ₹1,03,000 + ₹1,95,700 + ₹1,03,540 = ₹4,02,240; GST ₹3,000 (CGST+SGST) + ₹5,700 (IGST) + 0 (export) = ₹8,700.
    expect([revenue, gst]).toEqual([40_224_000, 870_000]);

    const res = await call(store, 'GET', '/reports/sales?from=2026-11-01&to=2026-11-30&group=week', undefined, admin.auth);
    expect(res.status).toBe(200);
    expectMatchesContract('GET', '/reports/sales', res);
    const { totals, series, previous } = res.body.data;
    expect(totals).toMatchObject({
      orders: 3,
      revenue: rupees(revenue),
      gst: rupees(gst),
      revenue_ex_gst: rupees(revenue - gst),
      average_order_value: 134_080,
      discounts: 10_300,
      shipping: 3_340,
      payment: { cod: { orders: 1, revenue: rupees(a.total) }, online: { orders: 2, revenue: rupees(b.total + cInr) } },
      destination: { india: { orders: 2, revenue: rupees(a.total + b.total) }, abroad: { orders: 1, revenue: rupees(cInr) } },
      cancelled: { orders: 2, value: rupees(d.total + e.total) },
      refunds: { orders: 1, value: 30_000 },
      customers: { new: 2, returning: 1 },
      value: { metal: rupees(8_000_000 + 2 * 6_000_000 + 9_000_000), making: rupees(1_500_000 + 2 * 900_000 + 600_000), stones: 5_000 },
      grams_by_carat: [{ carat: '22K', grams: 22.5, pieces: 2 }, { carat: '18K', grams: 16, pieces: 2 }],
    });
    expect(totals.top_pieces).toEqual([
      { p_id: chain.p_id, name: 'Piece', pieces: 2, revenue: 206_000 },
      { p_id: ring.p_id, name: 'Piece', pieces: 2, revenue: 103_000 + 100_200 },
    ]);
    expect(totals.top_categories).toEqual([{ category: 'Rings', pieces: 2, revenue: 203_200 }, { category: 'Chains', pieces: 2, revenue: 206_000 }].sort((x, y) => y.revenue - x.revenue));
    // Weeks by their Monday: 1 Nov (a Sunday) is in the week of 26 Oct; 30 Nov opens a week of one day.
    expect(series.map((s: any) => [s.period, s.orders, s.revenue, s.cancelled.orders])).toEqual([
      ['2026-10-26', 1, rupees(b.total), 0],
      ['2026-11-02', 1, rupees(a.total), 1],
      ['2026-11-09', 1, rupees(cInr), 0],
      ['2026-11-16', 0, 0, 1],
      ['2026-11-23', 0, 0, 0],
      ['2026-11-30', 0, 0, 0],
    ]);
    // The series adds up to the totals.
    expect(rupees(series.reduce((t: number, s: any) => t + Math.round(s.gst * 100), 0))).toBe(totals.gst);
    expect(series.reduce((t: number, s: any) => t + s.customers.new + s.customers.returning, 0)).toBe(3);
    // The 30 days before: 2 Oct to 31 Oct, u2's October order (31 Oct 19:00 UTC is already November in India).
    expect(previous).toMatchObject({ from: '2026-10-02', to: '2026-10-31', totals: { orders: 1, revenue: rupees(g.total), customers: { new: 1, returning: 0 } } });

    const byDay = await call(store, 'GET', '/reports/sales?from=2026-11-01&to=2026-11-30', undefined, admin.auth);
    expect(byDay.body.data.series).toHaveLength(30);
    expect(byDay.body.data.series[0]).toMatchObject({ period: '2026-11-01', orders: 1, customers: { new: 0, returning: 1 } });
    expect(byDay.body.data.series[14]).toMatchObject({ period: '2026-11-15', orders: 1, destination: { abroad: { orders: 1, revenue: rupees(cInr) } } });
    const byMonth = await call(store, 'GET', '/reports/sales?from=2026-10-01&to=2026-11-30&group=month', undefined, admin.auth);
    expect(byMonth.body.data.series.map((s: any) => [s.period, s.orders, s.customers])).toEqual([
      ['2026-10', 1, { new: 1, returning: 0 }],
      ['2026-11', 3, { new: 2, returning: 1 }],
    ]);
  });

  it('counts an order paid wholly by store credit as neither cash nor online (issue 36)', async () => {
    const u = await createUser(store);
    // August 2026, a month no other test writes: ₹10,300 by store credit, ₹20,600 cash on delivery, ₹5,150 online.
    await placeOrder({ u_id: u.u_id, at: '2026-08-10 06:00:00', payment: 'store_credit', lines: [{ carat: '22K', quantity: 1, price: 1_030_000 }] });
    await placeOrder({ u_id: u.u_id, at: '2026-08-11 06:00:00', payment: 'cod', payment_status: 'unpaid', lines: [{ carat: '22K', quantity: 2, price: 1_030_000 }] });
    await placeOrder({ u_id: u.u_id, at: '2026-08-12 06:00:00', lines: [{ carat: '18K', quantity: 1, price: 515_000 }] });
    const res = await call(store, 'GET', '/reports/sales?from=2026-08-01&to=2026-08-31&group=month', undefined, admin.auth);
    expect(res.status).toBe(200);
    expectMatchesContract('GET', '/reports/sales', res);
    expect(res.body.data.totals).toMatchObject({
      orders: 3,
      revenue: 36_050,
      payment: { cod: { orders: 1, revenue: 20_600 }, online: { orders: 1, revenue: 5_150 }, store_credit: { orders: 1, revenue: 10_300 } },
    });
  });

  it('counts returns on the day their money or credit was given: refunded, exchanged, bought back (issue 36)', async () => {
    const u = await createUser(store);
    const order = await placeOrder({ u_id: u.u_id, at: '2026-06-01 06:00:00', lines: [{ carat: '22K', quantity: 4, price: 1_000_000 }] });
    const dollars = await placeOrder({ u_id: u.u_id, at: '2026-06-02 06:00:00', currency: 'USD', usd_inr: 8350, country: 'US', state: 'New York', lines: [{ carat: '18K', quantity: 1, price: 20_000 }] });
    /** A return taken to `status` at `at` (UTC), giving back `amount` (minor units of its currency). */
    const returned = async (o_id: number, kind: 'refund' | 'exchange' | 'buyback', status: string, at: string, amount: number | null, currency: 'INR' | 'USD' = 'INR', providerAt?: string) =>
      writeTransaction(store.db, async (trx) => {
        const { r_id } = await trx
          .insertInto('returns')
          .values({ o_id, u_id: u.u_id, kind, status, reason: 'changed_mind', currency, refund_amount: amount, created_at: '2026-06-20 06:00:00', updated_at: at })
          .returning('r_id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('return_events').values([
          { r_id, status: 'requested', actor: 'shopper', u_id: u.u_id, created_at: '2026-06-20 06:00:00' },
          { r_id, status, actor: 'shop', u_id: null, created_at: at },
          // An online refund: the payment provider's acceptance is a later 'refunded' step of its own.
          ...(providerAt ? [{ r_id, status, actor: 'system' as const, u_id: null, created_at: providerAt }] : []),
        ]).execute();
      });
    // July 2026: ₹5,000 refunded (online: the provider accepted it two days later, counted once), $100 refunded at ₹83.50 (₹8,350),
    // ₹3,000 exchanged for credit; one only inspected (not given back yet).
    await returned(order.o_id, 'refund', 'refunded', '2026-07-10 10:00:00', 500_000, 'INR', '2026-07-12 10:00:00');
    await returned(dollars.o_id, 'refund', 'refunded', '2026-07-11 10:00:00', 10_000, 'USD');
    await returned(order.o_id, 'exchange', 'credited', '2026-07-20 10:00:00', 300_000);
    await returned(order.o_id, 'refund', 'inspected', '2026-07-21 10:00:00', null);
    // 19:00 UTC on 31 July is 00:30 on 1 August in India: the buy-back's ₹2,000 counts in August.
    await returned(order.o_id, 'buyback', 'refunded', '2026-07-31 19:00:00', 200_000);

    const july = await call(store, 'GET', '/reports/sales?from=2026-07-01&to=2026-07-31&group=week', undefined, admin.auth);
    expect(july.status).toBe(200);
    expectMatchesContract('GET', '/reports/sales', july);
    expect(july.body.data.totals.returns).toEqual({ refunded: { returns: 2, value: 13_350 }, exchanged: { returns: 1, value: 3_000 }, bought_back: { returns: 0, value: 0 } });
    // By week: 6-12 July has both refunds, 20-26 July the exchange.
    const weeks = Object.fromEntries(july.body.data.series.map((p: { period: string; returns: unknown }) => [p.period, p.returns]));
    expect(weeks['2026-07-06']).toMatchObject({ refunded: { returns: 2, value: 13_350 } });
    expect(weeks['2026-07-20']).toMatchObject({ exchanged: { returns: 1, value: 3_000 } });
    const august = await call(store, 'GET', '/reports/sales?from=2026-08-01&to=2026-08-31&group=month', undefined, admin.auth);
    expect(august.body.data.totals.returns.bought_back).toEqual({ returns: 1, value: 2_000 });
    // The month before August is July: its returns as the comparison.
    expect(august.body.data.previous.totals.returns.refunded).toEqual({ returns: 2, value: 13_350 });
  });

  it('refuses bad periods with a sentence, and callers without reports.view', async () => {
    const cases: [string, string][] = [
      ['/reports/sales?from=2026-11-31&to=2026-12-01', 'from must be a day written YYYY-MM-DD.'],
      ['/reports/sales?from=2026-12-01&to=2026-11-01', 'from must not be after to.'],
      ['/reports/sales?from=2020-01-01&to=2026-11-01', 'A report covers at most 1100 days; choose a shorter period.'],
      ['/reports/sales?from=2026-11-01&to=2026-11-30&group=year', 'group must be day, week or month.'],
      ['/reports/sales?to=2026-11-30', 'from must be a day written YYYY-MM-DD.'],
      ['/reports/gstr1?month=2026-13', 'month must be written YYYY-MM.'],
      ['/reports/gstr1?month=2026-11&format=xml', 'format must be json or csv.'],
    ];
    for (const [url, message] of cases) {
      const res = await call(store, 'GET', url, undefined, admin.auth);
      expect([url, res.status, res.body.description]).toEqual([url, 400, message]);
    }
    await expectRefused(store, refused, [['GET', '/reports/sales?from=2026-11-01&to=2026-11-30'], ['GET', '/reports/stock'], ['GET', '/reports/gstr1?month=2026-11']]);
  });
});

describe('GET /reports/gstr1', () => {
  it('answers the portal layout for a hand-made month, field by field, reconciling to the invoices to the paisa', async () => {
    const seller = store.config.seller;
    const issue = async (o: OrderInput, at: string) => {
      const { o_id } = await placeOrder({ ...o, status: 3 });
      const order = (await findOrder(store.db, o_id))!;
      const invoice_no = await writeTransaction(store.db, (trx) => issueInvoice(trx, order, seller, new Date(`${at.replace(' ', 'T')}Z`)));
      return { o_id, invoice_no };
    };
    // Issued 18:30 UTC on 31 Oct: 1 Dec... no, midnight of 1 Nov in India: a November invoice. Intra-state ₹1,03,000.
    const i1 = await issue({ u_id: null, at: '2026-10-31 10:00:00', lines: [{ carat: '22K', quantity: 1, price: 10_300_000 }] }, '2026-10-31 18:30:00');
    // Inter-state, small: ₹51,500 to Maharashtra.
    const i2 = await issue({ u_id: null, at: '2026-11-03 10:00:00', state: 'Maharashtra', lines: [{ carat: '18K', quantity: 1, price: 5_150_000 }] }, '2026-11-04 06:00:00');
    // Inter-state, large: 2 x ₹1,03,000 to Karnataka.
    const i3 = await issue({ u_id: null, at: '2026-11-05 10:00:00', state: 'Karnataka', lines: [{ carat: '22K', quantity: 2, price: 10_300_000 }] }, '2026-11-06 06:00:00');
    // An export: $1,000 at ₹83.50.
    const i4 = await issue({ u_id: null, at: '2026-11-07 10:00:00', currency: 'USD', usd_inr: 8350, country: 'US', state: 'New York', lines: [{ carat: '18K', quantity: 1, price: 100_000 }] }, '2026-11-08 06:00:00');
    // Inter-state at exactly ₹1,00,000: not above the threshold, so B2C small.
    const i5 = await issue({ u_id: null, at: '2026-11-09 10:00:00', state: 'Telangana', lines: [{ carat: '22K', quantity: 1, price: 10_000_000 }] }, '2026-11-10 06:00:00');
    // Midnight of 1 Dec in India: December's.
    await issue({ u_id: null, at: '2026-11-29 10:00:00', lines: [{ carat: '22K', quantity: 1, price: 1_000_000 }] }, '2026-11-30 18:30:00');
    // A credit note for one of i3's two pieces (returns36's table), issued 20 Nov.
    const { r_id } = await store.db.insertInto('returns').values({ o_id: i3.o_id, u_id: null, kind: 'refund', reason: 'changed_mind', note: null, currency: 'INR', status: 'refunded' }).returning('r_id').executeTakeFirstOrThrow();
    const item = await store.db.selectFrom('order_items').select('oi_id').where('o_id', '=', i3.o_id).executeTakeFirstOrThrow();
    await store.db.insertInto('return_items').values({ r_id, oi_id: item.oi_id, piece: 1 }).execute();
    await store.db.insertInto('credit_notes').values({
      credit_note_no: 'CN/26-27/000001', r_id, o_id: i3.o_id, invoice_no: i3.invoice_no, financial_year: 2026, sequence: 1, issued_at: '2026-11-20 06:00:00',
      currency: 'INR', supply: 'inter_state', place_of_supply: '29', gross: 10_300_000, taxable: 10_000_000, cgst: 0, sgst: 0, igst: 300_000, document: '{}',
    }).execute();

    const res = await call(store, 'GET', '/reports/gstr1?month=2026-11', undefined, admin.auth);
    expect(res.status).toBe(200);
    expectMatchesContract('GET', '/reports/gstr1', res);
    const r = res.body.data;
    expect([r.gstin, r.fp]).toEqual([seller.gstin, '112026']);
    expect([i1, i2, i3, i4, i5].map((i) => i.invoice_no)).toEqual(['AJ/26-27/000001', 'AJ/26-27/000002', 'AJ/26-27/000003', 'AJ/26-27/000004', 'AJ/26-27/000005']);
    // B2C large: i3 alone, ₹2,06,000 = ₹2,00,000 + IGST ₹6,000.
    expect(r.b2cl).toEqual([{ pos: '29', inv: [{ inum: i3.invoice_no, idt: '06-11-2026', val: 206_000, itms: [{ num: 1, itm_det: { rt: 3, txval: 200_000, iamt: 6_000, csamt: 0 } }] }] }]);
    // B2C small by place of supply: i1 in Gujarat (CGST + SGST ₹1,500 each), i2 Maharashtra, i5 Telangana (₹1,00,000: IGST ₹2,912.62).
    const i5igst = Math.round((10_000_000 * 300) / 10_300);
    expect(r.b2cs).toEqual([
      { sply_ty: 'INTER', pos: '27', typ: 'OE', rt: 3, txval: 50_000, iamt: 1_500, camt: 0, samt: 0, csamt: 0 },
      { sply_ty: 'INTER', pos: '36', typ: 'OE', rt: 3, txval: rupees(10_000_000 - i5igst), iamt: rupees(i5igst), camt: 0, samt: 0, csamt: 0 },
      { sply_ty: 'INTRA', pos: '24', typ: 'OE', rt: 3, txval: 100_000, iamt: 0, camt: 1_500, samt: 1_500, csamt: 0 },
    ]);
    expect(r.b2cs[1]).toMatchObject({ txval: 97_087.38, iamt: 2_912.62 });
    // The export in rupees at the order's rate: $1,000 x 83.50.
    expect(r.exp).toEqual([{ exp_typ: 'WOPAY', inv: [{ inum: i4.invoice_no, idt: '08-11-2026', val: 83_500, itms: [{ rt: 0, txval: 83_500, iamt: 0, csamt: 0 }] }] }]);
    expect(r.cdnur).toEqual([{ typ: 'B2CL', ntty: 'C', nt_num: 'CN/26-27/000001', nt_dt: '20-11-2026', val: 103_000, pos: '29', itms: [{ num: 1, itm_det: { rt: 3, txval: 100_000, iamt: 3_000, csamt: 0 } }] }]);
    // HSN 7113: pieces and values of the invoices at 3% less the credit note; the export at 0%.
    const taxable3 = 10_000_000 + 5_000_000 + 20_000_000 + (10_000_000 - i5igst) - 10_000_000;
    expect(r.hsn.hsn_b2c).toEqual([
      { num: 1, hsn_sc: '7113', desc: 'Articles of jewellery of precious metal', uqc: 'NOS', qty: 1 + 1 + 2 + 1 - 1, rt: 3, txval: rupees(taxable3), iamt: rupees(150_000 + 600_000 + i5igst - 300_000), camt: 1_500, samt: 1_500, csamt: 0 },
      { num: 2, hsn_sc: '7113', desc: 'Articles of jewellery of precious metal', uqc: 'NOS', qty: 1, rt: 0, txval: 83_500, iamt: 0, camt: 0, samt: 0, csamt: 0 },
    ]);
    expect(r.doc_issue.doc_det).toEqual([
      { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [{ num: 1, from: 'AJ/26-27/000001', to: 'AJ/26-27/000005', totnum: 5, cancel: 0, net_issue: 5 }] },
      { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'CN/26-27/000001', to: 'CN/26-27/000001', totnum: 1, cancel: 0, net_issue: 1 }] },
    ]);
    // Reconciled to the paisa: the sections' values and taxes are the invoices' own, less the credit note.
    const documents = await store.db.selectFrom('invoices').select(['invoice_no', 'document']).where('invoice_no', 'in', [i1, i2, i3, i5].map((i) => i.invoice_no)).execute();
    const invoiceTax = documents.reduce((t, d) => {
      const f = JSON.parse(d.document).figures.totals;
      return t + f.cgst + f.sgst + f.igst;
    }, 0);
    const sectionTax = [...r.b2cs, ...r.b2cl.flatMap((g: any) => g.inv.map((i: any) => ({ iamt: i.itms[0].itm_det.iamt, camt: 0, samt: 0 })))].reduce((t: number, s: any) => t + Math.round((s.iamt + s.camt + s.samt) * 100), 0);
    expect(sectionTax).toBe(invoiceTax);

    const csv = await call(store, 'GET', '/reports/gstr1?month=2026-11&format=csv', undefined, admin.auth);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = String(csv.body).trim().split('\n');
    expect(lines[0]).toBe('section,number,date,supply_type,place_of_supply,rate,value,taxable_value,igst,cgst,sgst,cess,hsn,quantity,from,to,total,cancelled');
    expect(lines).toContain(`b2cl,${i3.invoice_no},06-11-2026,INTER,29,3,206000.00,200000.00,6000.00,0.00,0.00,0.00,,,,,,`);
    expect(lines).toContain('b2cs,,,INTRA,24,3,,100000.00,0.00,1500.00,1500.00,0.00,,,,,,');
    expect(lines).toContain('doc_issue,,,Invoices for outward supply,,,,,,,,,,5,AJ/26-27/000001,AJ/26-27/000005,5,0');
    expect(lines).toHaveLength(1 + 1 + 3 + 1 + 1 + 2 + 2);
  });
});

describe('GET /reports/stock', () => {
  it('values the pieces in stock at today\'s rate, and lists the made-to-order backlog and low stock', async () => {
    const k22 = (await store.db.insertInto('carats').values({ name: '22K' }).returning('carat_id').executeTakeFirstOrThrow()).carat_id;
    const k18 = (await store.db.insertInto('carats').values({ name: '18K' }).returning('carat_id').executeTakeFirstOrThrow()).carat_id;
    const { rc_id } = await store.db.insertInto('metal_rate_changes').values({ usd_inr: 8350 }).returning('rc_id').executeTakeFirstOrThrow();
    // Today's rates: ₹7,000.00 a gram of 22K, ₹5,700.00 of 18K.
    await store.db.insertInto('metal_rates').values([{ rc_id, carat_id: k22, inr_per_gram: 700_000 }, { rc_id, carat_id: k18, inr_per_gram: 570_000 }]).execute();
    const bangle = await createProduct(store, { name: 'Bangle', carats: [{ carat_id: k22 }, { carat_id: k18, inr_price: 5_000_000 }] });
    const stud = await createProduct(store, { name: 'Stud', carats: [{ carat_id: k18 }] });
    const [rate22, fixed18] = bangle.carats;
    // 10 g of 22K, making 12%, stones ₹5,000, 3 in stock (priced at an older rate: the report prices it again).
    await store.db.updateTable('product_carats').set({ pricing: 'rate', net_weight_mg: 10_000, making_type: 'percent', making_value: 1200, stone_value: 500_000, stock: 3, inr_price: 1 }).where('pc_id', '=', rate22.pc_id).execute();
    // A fixed price of ₹50,000 (4 g), 2 in stock; a rate row of 18K, 2 g, ₹300 a gram making, 1 in stock.
    await store.db.updateTable('product_carats').set({ pricing: 'fixed', net_weight_mg: 4_000, stock: 2 }).where('pc_id', '=', fixed18.pc_id).execute();
    await store.db.updateTable('product_carats').set({ pricing: 'rate', net_weight_mg: 2_000, making_type: 'per_gram', making_value: 30_000, stone_value: 0, stock: 1 }).where('pc_id', '=', stud.carats[0].pc_id).execute();
    // A made-to-order line waiting: 2 pieces of 6 g, ordered 1 Nov.
    await placeOrder({ u_id: null, at: '2026-11-01 06:00:00', status: 2, lines: [{ carat: '22K', quantity: 2, price: 4_000_000, mg: 6_000, made_to_order: true }] });

    const res = await call(store, 'GET', '/reports/stock', undefined, admin.auth);
    expect(res.status).toBe(200);
    expectMatchesContract('GET', '/reports/stock', res);
    const r = res.body.data;
    // 22K: metal 10 g x ₹7,000 = ₹70,000; making 12% = ₹8,400; stones ₹5,000; GST 3% of ₹83,400 = ₹2,502: ₹85,902 a piece.
    // 18K: the stud's metal 2 g x ₹5,700 = ₹11,400, making 2 x ₹300 = ₹600, GST ₹360: ₹12,360; the fixed row at its ₹50,000 x 2.
    expect(r.by_carat).toEqual([
      { carat: '22K', rows: 1, pieces: 3, grams: 30, fixed_price_pieces: 0, metal: 210_000, making: 25_200, stones: 15_000, value: 257_706 },
      { carat: '18K', rows: 2, pieces: 3, grams: 10, fixed_price_pieces: 2, metal: 11_400, making: 600, stones: 0, value: 112_360 },
    ]);
    expect(r.totals).toEqual({ pieces: 6, grams: 40, metal: 221_400, making: 25_800, stones: 15_000, value: 370_066 });
    expect(r.rates).toEqual(expect.arrayContaining([expect.objectContaining({ carat: '22K', inr_per_gram: 7_000 }), expect.objectContaining({ carat: '18K', inr_per_gram: 5_700 })]));
    expect(r.made_to_order).toEqual({ orders: 1, pieces: 2, grams: 12, value: 80_000, oldest_placed_at: '2026-11-01T06:00:00Z' });
    expect(r.low_stock.map((l: any) => [l.name, l.carat, l.stock])).toEqual([['Stud', '18K', 1], ['Bangle', '18K', 2]]);
  });
});

describe('the seeded orders (npm run seed -- --orders N)', () => {
  it('report totals over two years equal the orders added up here, refunds, cancellations and returns included', async () => {
    const own = await storeWithCallers();
    try {
      const k22 = (await own.store.db.insertInto('carats').values({ name: '22K' }).returning('carat_id').executeTakeFirstOrThrow()).carat_id;
      // One plain piece, one of the partial-refund collection, one engraved (non-returnable).
      const terms = [{ partial_refund: 0, non_returnable: null }, { partial_refund: 1, non_returnable: null }, { partial_refund: 0, non_returnable: 'engraved' as const }];
      for (const [k, price] of [7_500_000, 21_000_000, 12_345_600].entries()) {
        const p = await createProduct(own.store, { carats: [{ carat_id: k22, inr_price: price, usd_price: Math.round(price / 86) }] });
        await own.store.db.updateTable('product_carats').set({ net_weight_mg: 9_500, stock: 100 }).where('p_id', '=', p.p_id).execute();
        await own.store.db.updateTable('products').set(terms[k]).where('p_id', '=', p.p_id).execute();
      }
      // Today's 22K rate, so the seed values its buy-backs (db/seed/order-returns.ts).
      const rates = await call(own.store, 'POST', '/setmetalrates', { rates: [{ carat_id: k22, inr_per_gram: 7250 }], usd_inr: 84.5, confirm: true }, own.admin.auth);
      expect(rates.status, JSON.stringify(rates.body)).toBe(200);
      const now = new Date('2026-11-28T10:00:00Z');
      const added = await seedOrders(own.store.db, 400, { seller: own.store.config.seller, now });
      expect(added.orders).toBe(400);
      const to = indiaDayOf(now);
      const from = addDays(to, -729);
      const orders = await own.store.db.selectFrom('orders').selectAll().execute();
      const inPeriod = orders.filter((o) => {
        const day = indiaDayOf(new Date(`${o.created_at.replace(' ', 'T')}Z`));
        return day >= from && day <= to;
      });
      const inr = (o: (typeof orders)[number], amount: number) => (o.currency === 'USD' ? Math.floor((amount * Number(o.usd_inr) * 2 + 100) / 200) : amount);
      const live = inPeriod.filter((o) => o.status !== 5);
      const cancelled = inPeriod.filter((o) => o.status === 5);
      const refunded = inPeriod.filter((o) => o.refund_amount !== null && (o.payment_status === 'refunded' || o.payment_status === 'refund_pending'));
      const supply = (o: (typeof orders)[number]): SupplyKind => (o.country !== 'IN' ? 'export' : o.state === 'Gujarat' ? 'intra_state' : 'inter_state');
      const sum = (list: typeof orders, f: (o: (typeof orders)[number]) => number) => list.reduce((t, o) => t + f(o), 0);
      const firstLive = new Map<number, string>();
      for (const o of [...orders].filter((x) => x.status !== 5).sort((a, b) => a.created_at.localeCompare(b.created_at))) if (!firstLive.has(o.u_id!)) firstLive.set(o.u_id!, o.created_at);
      const customers = new Set(live.map((o) => o.u_id!));
      const startAt = indiaDayStartOf(from);
      const newOnes = [...customers].filter((u) => firstLive.get(u)! >= startAt).length;
      // Returns (db/seed/order-returns.ts): each one given back counts once, however many steps its timeline has.
      const returns = await own.store.db.selectFrom('returns').select(['o_id', 'kind', 'status', 'refund_amount']).execute();
      const orderOf = new Map(orders.map((o) => [o.o_id, o]));
      const given = (kind: string) => returns.filter((r) => r.kind === kind && (r.status === 'refunded' || r.status === 'credited'));
      const returnFigures = (kind: string) => ({ returns: given(kind).length, value: rupees(sum(given(kind) as never, (r: any) => inr(orderOf.get(r.o_id)!, Number(r.refund_amount)))) });
      const twice = await own.store.db.selectFrom('return_events').select('r_id').where('status', '=', 'refunded').groupBy('r_id').having((eb) => eb.fn.countAll(), '>', 1).execute();
      expect(cancelled.length).toBeGreaterThan(0);
      expect(refunded.length).toBeGreaterThan(0);
      expect(given('refund').length * given('exchange').length).toBeGreaterThan(0);
      expect(twice.length).toBeGreaterThan(0);
      // Each line carries its product's return terms, as a live sale does; the seeded returns keep to them:
      // an engraved piece only for a fault of the shop's, a partial-refund piece refunded at the policy's 50%.
      const lines = await own.store.db.selectFrom('order_items as i').innerJoin('products as p', 'p.p_id', 'i.p_id').select(['i.partial_refund', 'i.non_returnable', 'p.partial_refund as product_partial', 'p.non_returnable as product_kind']).execute();
      expect(lines.every((l) => l.partial_refund === l.product_partial && l.non_returnable === l.product_kind)).toBe(true);
      const pieces = await own.store.db
        .selectFrom('return_items as ri').innerJoin('returns as r', 'r.r_id', 'ri.r_id').innerJoin('order_items as i', 'i.oi_id', 'ri.oi_id')
        .select(['r.r_id', 'r.kind', 'r.reason', 'r.status', 'r.currency', 'r.refund_amount', 'i.quantity as sold', 'i.line_total', 'i.partial_refund', 'i.non_returnable'])
        .execute();
      const backs = [...new Map(pieces.map((p) => [p.r_id, { ...p, returned: pieces.filter((x) => x.r_id === p.r_id).length }])).values()];
      for (const b of backs.filter((x) => x.kind !== 'buyback' && x.non_returnable !== null)) expect(['defective', 'damaged_in_transit', 'wrong_item']).toContain(b.reason);
      const halves = backs.filter((b) => b.partial_refund === 1 && b.kind === 'refund' && b.status === 'refunded');
      expect(halves.length).toBeGreaterThan(0);
      // Half of what the pieces were sold for, less its share of a coupon and any return shipping: never more than half.
      for (const b of halves) expect(Number(b.refund_amount)).toBeLessThanOrEqual(Math.ceil((Number(b.line_total) * b.returned) / b.sold / 2));
      expect(halves.some((b) => Number(b.refund_amount) >= Math.floor((Number(b.line_total) * b.returned) / b.sold / 2) - 100)).toBe(true);
      // A seeded buy-back's request says what it was quoted in a live request's words (rules/buyback.ts).
      const asked = await own.store.db.selectFrom('return_events as e').innerJoin('returns as r', 'r.r_id', 'e.r_id').select('e.note').where('r.kind', '=', 'buyback').where('e.status', '=', 'requested').execute();
      expect(asked.length).toBeGreaterThan(0);
      for (const e of asked) expect(e.note).toMatch(/^Quoted at today's rate: .+ × [12]: (9\.500|19\.000) g of 22K at ₹[\d,]+\.\d\d\/g: .*buy-back value ₹[\d,]+\.\d\d\. Valid until \d+ \w{3} \d{4}, \d+:\d\d [ap]m\.$/);
      expect(live.some((o) => o.currency === 'USD') && live.some((o) => o.payment_method === 'cod')).toBe(true);

      const res = await call(own.store, 'GET', `/reports/sales?from=${from}&to=${to}&group=month`, undefined, own.admin.auth);
      expect(res.status).toBe(200);
      const t = res.body.data.totals;
      expect(t).toMatchObject({
        orders: live.length,
        revenue: rupees(sum(live, (o) => inr(o, o.total))),
        gst: rupees(sum(live, (o) => gstOf(inr(o, o.total), supply(o)))),
        discounts: rupees(sum(live, (o) => inr(o, o.discount))),
        shipping: rupees(sum(live, (o) => inr(o, o.shipping))),
        payment: { cod: { orders: live.filter((o) => o.payment_method === 'cod').length } },
        destination: { india: { orders: live.filter((o) => o.country === 'IN').length, revenue: rupees(sum(live.filter((o) => o.country === 'IN'), (o) => o.total)) } },
        cancelled: { orders: cancelled.length, value: rupees(sum(cancelled, (o) => inr(o, o.total))) },
        refunds: { orders: refunded.length, value: rupees(sum(refunded, (o) => inr(o, Number(o.refund_amount)))) },
        customers: { new: newOnes, returning: customers.size - newOnes },
        returns: { refunded: returnFigures('refund'), exchanged: returnFigures('exchange'), bought_back: returnFigures('buyback') },
      });
      const items = await own.store.db.selectFrom('order_items').select(['o_id', 'quantity', 'net_weight_mg']).where('o_id', 'in', live.map((o) => o.o_id)).execute();
      expect(t.grams_by_carat).toEqual([{ carat: '22K', grams: sum(items as never, (i: any) => i.quantity * i.net_weight_mg) / 1000, pieces: sum(items as never, (i: any) => i.quantity) }]);
      // The months add up to the totals, and every shipped order has its invoice.
      expect(res.body.data.series.reduce((n: number, s: any) => n + s.orders, 0)).toBe(live.length);
      const shipped = orders.filter((o) => o.status === 3 || o.status === 4).length;
      expect(added.invoices).toBe(shipped);
    } finally {
      await own.store.close();
    }
  });
});
