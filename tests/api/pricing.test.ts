import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Callers, expectRefused, formData, productFields, sendForm, storeWithCallers, tinyImage } from '../helpers/admin.ts';
import { createPricingCatalogue, createProduct, type FormChoices } from '../helpers/catalogue.ts';
import { contractCaller } from '../helpers/contract.ts';
import { orderCod } from '../helpers/orders.ts';
import { createUser, type TestStore } from '../helpers/store.ts';
import { type PricedStockLine, refuseShort, stockTake, takeStockQuery } from '../../db/queries/stock.ts';
import type { DB } from '../../db/connection.ts';
import { writeTransaction } from '../../db/transaction.ts';

let store: TestStore;
let admin: Callers['admin'];
let refused: Callers['refused'];
let k22: number;
let k18: number;
let choices: FormChoices;

beforeAll(async () => {
  ({ store, admin, refused } = await storeWithCallers());
  ({ k22, k18, choices } = await createPricingCatalogue(store));
});
afterAll(() => store.close());

const api = contractCaller(() => store);

async function insertProduct(caratPrices: object[], name = 'Lotus Ring') {
  const form = formData(productFields(choices, { name, caratPrices: JSON.stringify(caratPrices), images: [{ bytes: await tinyImage('jpeg'), name: 'front.jpg' }] }));
  return sendForm(store, '/insertproduct', form, admin.auth);
}

const ring = { pricing: 'rate', net_weight_g: '5.25', making_type: 'percent', making_value: 12, stone_value: 2500 };

describe('metal rates', () => {
  it('GET /getmetalrates answers every carat, null before the first setting', async () => {
    const res = await api('GET', '/getmetalrates');
    expect(res.status).toBe(200);
    expect(res.body.data.usd_inr).toBeNull();
    expect(res.body.data.rates).toEqual(expect.arrayContaining([{ carat_id: k22, name: '22K', inr_per_gram: null, updatedAt: null }]));
  });

  it('a rate-priced row is refused until its carat has a rate', async () => {
    const res = await insertProduct([{ carat_id: k22, ...ring }]);
    expect(res.status).toBe(400);
    expect(res.body.description).toBe('No rate is set for 22K yet. Set it under Metal Rates first, or give this row a fixed price.');
  });

  it('POST /setmetalrates is for administrators only and checks every field', async () => {
    await expectRefused(store, refused, [['POST', '/setmetalrates', { rates: [{ carat_id: k22, inr_per_gram: 7250 }], usd_inr: 84.5 }]]);
    const bad = await api('POST', '/setmetalrates', { rates: [{ carat_id: k22, inr_per_gram: '72.505' }], usd_inr: 0 }, admin.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.description).toMatch(/Rate per gram must be rupees above 0 with at most 2 decimals/);
    const unknown = await api('POST', '/setmetalrates', { rates: [{ carat_id: 99999, inr_per_gram: 100 }], usd_inr: 84 }, admin.auth);
    expect(unknown.status).toBe(400);
    expect((await api('GET', '/getmetalrates')).body.data.usd_inr).toBeNull();
  });

  it('sets the rates, then a rate-priced row is priced by the formula with its breakup; a fixed row stays as typed', async () => {
    const set = await api('POST', '/setmetalrates', { rates: [{ carat_id: k22, inr_per_gram: 7250 }, { carat_id: k18, inr_per_gram: '5932.40' }], usd_inr: '84.50' }, admin.auth);
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ repriced: 0, products: 0 });
    const rates = (await api('GET', '/getmetalrates')).body.data;
    expect(rates.usd_inr).toBe(84.5);
    expect(rates.rates.find((r: { carat_id: number }) => r.carat_id === k22)).toMatchObject({ inr_per_gram: 7250, updatedAt: expect.stringMatching(/Z$/) });

    const res = await insertProduct([
      { carat_id: k22, ...ring, stock: 3, lead_time_days: '' },
      { carat_id: k18, inr_price: 40000, usd_price: 480, net_weight_g: 5.1 },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [rate22, fixed18] = res.body.data.productcarats;
    // 5.25 g x 7,250 = 38,062.50; 12% making 4,567.50; stones 2,500; GST 1,353.90; 46,483.90 -> 46,484.
    // Dollars are the export price, without GST: 46,484 - 46,484 x 3/103 (1,353.90) = 45,130.10 / 84.50 = $534.08.
    expect(rate22).toMatchObject({
      carat_id: k22,
      pricing: 'rate',
      inr_price: 46484,
      usd_price: 534.08,
      net_weight_g: 5.25,
      making_type: 'percent',
      making_value: 12,
      stone_value: 2500,
      stock: 3,
      lead_time_days: null,
      breakup: { metal: 38062.5, making: 4567.5, stones: 2500, gst: 1353.9, round_off: 0.1, weight_g: 5.25, rate: 7250, rate_at: rates.updatedAt },
    });
    // A dollar shopper's breakup ends at the price without GST their dollar price is made from:
    // 38,062.50 + 4,567.50 + 2,500 = 45,130.00, + 0.10 carried from rounding 46,483.90 to 46,484 = 45,130.10 = $534.08 x 84.50.
    expect(rate22.breakup).toMatchObject({ without_gst: 45130.1, without_gst_round_off: 0.1 });
    expect(Math.round((45130.1 / 84.5) * 100) / 100).toBe(rate22.usd_price);
    expect(fixed18).toMatchObject({ pricing: 'fixed', inr_price: 40000, usd_price: 480, net_weight_g: 5.1, breakup: null, stock: null });
    const shown = await api('POST', '/getproductbyid', { p_id: res.body.data.p_id });
    expect(shown.body.data.productcarats[0]).toEqual(rate22);
  });

  it('refuses each bad field of a carat row with its own message', async () => {
    const cases: [object, string][] = [
      [{ carat_id: k22, pricing: 'rate', making_type: 'percent', making_value: 12 }, 'Net weight is required'],
      [{ carat_id: k22, ...ring, net_weight_g: '5.2555' }, 'Net weight must be grams above 0 with at most 3 decimals (e.g. 5.25).'],
      [{ carat_id: k22, ...ring, net_weight_g: 0 }, 'Net weight must be grams above 0 with at most 3 decimals (e.g. 5.25).'],
      [{ carat_id: k22, ...ring, making_type: 'flat' }, 'Making charge type must be "percent" or "per_gram".'],
      [{ carat_id: k22, ...ring, making_value: 120 }, 'Making charge must be at most 100%.'],
      [{ carat_id: k22, ...ring, making_value: undefined }, 'Making charge is required'],
      [{ carat_id: k22, ...ring, stone_value: -1 }, 'Stone value must be rupees of 0 or more with at most 2 decimals.'],
      [{ carat_id: k22, ...ring, stock: 1.5 }, 'Stock must be a whole number of 0 or more, or empty for made to order.'],
      [{ carat_id: k22, ...ring, lead_time_days: 400 }, 'Lead time must be a whole number of days from 0 to 365.'],
      [{ carat_id: k22, usd_price: 10 }, 'INR price is required'],
    ];
    for (const [row, message] of cases) {
      const res = await insertProduct([row]);
      expect(res.status, message).toBe(400);
      expect(res.body.description, message).toContain(message);
    }
  });

  it('previews a change (rows, products, largest) without saving, then saves it: every rate-priced row repriced in one go, fixed rows untouched', async () => {
    const a = (await insertProduct([{ carat_id: k22, ...ring }], 'Preview A')).body.data;
    const b = (await insertProduct([{ carat_id: k22, pricing: 'rate', net_weight_g: 40, making_type: 'per_gram', making_value: 500 }, { carat_id: k18, inr_price: 1000, usd_price: 12 }], 'Preview B')).body.data;
    const body = { rates: [{ carat_id: k22, inr_per_gram: 7500 }], usd_inr: 84.5 };
    const preview = await api('POST', '/previewmetalrates', body, admin.auth);
    expect(preview.status).toBe(200);
    const rows22 = Number(
      (await store.db.selectFrom('product_carats').select((eb) => eb.fn.countAll().as('n')).where('pricing', '=', 'rate').where('carat_id', '=', k22).executeTakeFirstOrThrow()).n,
    );
    expect(preview.body.data.repriced).toBe(rows22);
    expect(preview.body.data.totalCount).toBe(rows22);
    // B: 40 g x 7,500 = 300,000 + 20,000 making = 320,000 + 9,600 GST = 329,600 (was 40 x 7,250 = 290,000 + 20,000 + 9,300 = 319,300)
    expect(preview.body.data.largest).toMatchObject({ p_id: b.p_id, name: 'Preview B', carat: '22K', old_inr: 319300, new_inr: 329600 });
    expect(preview.body.data.changes[0]).toEqual(preview.body.data.largest);
    expect((await api('POST', '/getproductbyid', { p_id: b.p_id })).body.data.productcarats[0].inr_price).toBe(319300);

    const changes = store.catalogueChanges;
    const set = await api('POST', '/setmetalrates', body, admin.auth);
    expect(set.body.data).toMatchObject({ repriced: rows22, products: preview.body.data.products });
    expect(set.body.description).toBe(`Rates saved. ${rows22} carat rows repriced.`);
    expect(store.catalogueChanges).toBe(changes + 1);
    const after = (await api('POST', '/getproductbyid', { p_id: b.p_id })).body.data.productcarats;
    // Without GST: 3,29,600 - 9,600 = 3,20,000 / 84.50 = $3,786.98.
    expect(after[0]).toMatchObject({ inr_price: 329600, usd_price: 3786.98, breakup: { metal: 300000, making: 20000, gst: 9600, rate: 7500, rate_at: set.body.data.rates.updatedAt } });
    expect(after[1]).toMatchObject({ pricing: 'fixed', inr_price: 1000, usd_price: 12 });
    // 5.25 x 7,500 = 39,375 + 4,725 + 2,500 = 46,600 + 1,398 GST = 47,998
    expect((await api('POST', '/getproductbyid', { p_id: a.p_id })).body.data.productcarats[0].inr_price).toBe(47998);

    // A dollar rate change reprices every rate-priced row's dollars only (84.50 to 80 is -5.3%: confirmed, issue 34's guard).
    const dollar = await api('POST', '/setmetalrates', { rates: [], usd_inr: 80, confirm: true }, admin.auth);
    expect(dollar.body.data.repriced).toBeGreaterThanOrEqual(rows22);
    expect((await api('POST', '/getproductbyid', { p_id: b.p_id })).body.data.productcarats[0]).toMatchObject({ inr_price: 329600, usd_price: 4000 }); // 3,20,000 without GST / 80

    const history = await api('GET', '/getmetalratehistory', undefined, admin.auth);
    expect(history.body.data[0]).toMatchObject({ usd_inr: 80, rates: [] });
    expect(history.body.data[1]).toMatchObject({ usd_inr: 84.5, rows_repriced: rows22, rates: [{ carat_id: k22, name: '22K', inr_per_gram: 7500 }] });
    expect((await api('GET', '/getmetalratehistory', undefined, refused[1][1])).status).toBe(403);
  });

  it('a preview that changes no price says so and names no largest change (never a +₹0 row); a dollar-only change names no rupee change', async () => {
    await insertProduct([{ carat_id: k22, ...ring }], 'Unchanged A');
    const now = (await api('GET', '/getmetalrates')).body.data;
    const same = { rates: [{ carat_id: k22, inr_per_gram: now.rates.find((r: { carat_id: number }) => r.carat_id === k22).inr_per_gram }], usd_inr: now.usd_inr };
    const preview = await api('POST', '/previewmetalrates', same, admin.auth);
    expect(preview.status).toBe(200);
    expect(preview.body.description).toBe('These rates change no price.');
    expect(preview.body.data.repriced).toBeGreaterThan(0);
    expect(preview.body.data).toMatchObject({ changed: 0, products: 0, largest: null });
    const set = await api('POST', '/setmetalrates', same, admin.auth);
    expect(set.body.description).toBe(`Rates saved. ${set.body.data.repriced} carat rows repriced. No price changed.`);
    expect(set.body.data).toMatchObject({ changed: 0, products: 0, largest: null });

    const dollarOnly = await api('POST', '/previewmetalrates', { rates: [], usd_inr: now.usd_inr + 1 }, admin.auth);
    expect(dollarOnly.body.description).toBe('What these rates would reprice.');
    expect(dollarOnly.body.data.changed).toBeGreaterThan(0);
    expect(dollarOnly.body.data.largest).toBeNull();
    expect(dollarOnly.body.data.changes.every((row: { old_inr: number; new_inr: number }) => row.old_inr === row.new_inr)).toBe(true);
  });
});

describe('orders keep the breakup, stock is taken and given back', () => {
  async function pieceOf(stock: number | null) {
    const product = await createProduct(store, { carats: [{ carat_id: k22 }] });
    const pc_id = product.selection.pc_id;
    await store.db
      .updateTable('product_carats')
      .set({ pricing: 'rate', net_weight_mg: 5250, making_type: 'percent', making_value: 1200, stone_value: 250000, rate_per_gram: 725000, rate_at: '2026-11-24T08:00:00Z', inr_price: 4648400, usd_price: 55011, stock, lead_time_days: stock === null ? 21 : null })
      .where('pc_id', '=', pc_id)
      .execute();
    return product;
  }

  /** A Buy Now order of the piece at its price (46,484 a piece), through the shared order helper. */
  const order = (shopper: Awaited<ReturnType<typeof createUser>>, selection: object, quantity = 1) =>
    orderCod(store, shopper, { subtotal: 46484 * quantity }, { cartItems: [{ ...selection, quantity }] });

  it('an order item stores the breakup it was priced at, which a later rate change leaves alone', async () => {
    const product = await pieceOf(null);
    const shopper = await createUser(store);
    expect((await order(shopper, product.selection, 2)).status).toBe(201);
    expect((await api('POST', '/setmetalrates', { rates: [{ carat_id: k22, inr_per_gram: 9000 }], usd_inr: 80, confirm: true }, admin.auth)).status).toBe(200);
    const [placed] = (await api('POST', '/getuserorder', { u_id: shopper.u_id }, shopper.auth)).body.data;
    expect(placed.orderItems[0]).toMatchObject({
      quantity: 2,
      price: 46484,
      pricing: 'rate',
      net_weight_g: 5.25,
      breakup: { metal: 38062.5, making: 4567.5, stones: 2500, gst: 1353.9, round_off: 0.1, without_gst: 45130.1, without_gst_round_off: 0.1, weight_g: 5.25, rate: 7250, rate_at: '2026-11-24T08:00:00Z' },
    });
    const row = await store.db.selectFrom('order_items').selectAll().where('o_id', '=', placed.o_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ metal_inr: 3806250, making_inr: 456750, stones_inr: 250000, gst_inr: 135390, round_off_inr: 10, rate_inr_per_gram: 725000, net_weight_mg: 5250 });
    // Put the rate back for the tests below.
    expect((await api('POST', '/setmetalrates', { rates: [{ carat_id: k22, inr_per_gram: 7250 }], usd_inr: 84.5, confirm: true }, admin.auth)).status).toBe(200);
  });

  it('10 shoppers buy the last piece at once: exactly one order, the others get 409 and nothing is written', async () => {
    const product = await pieceOf(1);
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => createUser(store)));
    const results = await Promise.all(shoppers.map((s) => order(s, product.selection)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const losers = results.filter((r) => r.status !== 201);
    expect(losers).toHaveLength(9);
    for (const r of losers) {
      expect(r.status).toBe(409);
      expect(r.body.description).toMatch(/is sold out\. Please remove it from your cart/);
    }
    const stock = await store.db.selectFrom('product_carats').select('stock').where('pc_id', '=', product.selection.pc_id).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
    const placed = await store.db.selectFrom('order_items').select('o_id').where('pc_id', '=', product.selection.pc_id).execute();
    expect(placed).toHaveLength(1);
    // A refusal for stock comes after the order's own statement on PostgreSQL (insertOrder): it is rolled back with it.
    const orders = await store.db.selectFrom('orders').select('o_id').where('u_id', 'in', shoppers.map((s) => s.u_id)).execute();
    expect(orders).toEqual([{ o_id: placed[0].o_id }]);
    // Sold out: it cannot be added to a cart, and the product says so.
    const late = await createUser(store);
    const add = await api('POST', '/createcart', { ...product.selection, quantity: 1 }, late.auth);
    expect(add.status).toBe(409);
    expect((await api('POST', '/getproductbyid', { p_id: product.p_id })).body.data.productcarats[0].stock).toBe(0);
  });

  it('cancelling gives the piece back (by the shopper or by the shop); made-to-order rows are never limited', async () => {
    const product = await pieceOf(2);
    const shopper = await createUser(store);
    const first = await order(shopper, product.selection, 2);
    expect(first.status).toBe(201);
    expect((await order(shopper, product.selection)).status).toBe(409);
    const stockOf = async () => (await store.db.selectFrom('product_carats').select('stock').where('pc_id', '=', product.selection.pc_id).executeTakeFirstOrThrow()).stock;
    expect(await stockOf()).toBe(0);
    expect((await api('PUT', '/cancelorder', { o_id: first.body.data.o_id }, shopper.auth)).status).toBe(200);
    expect(await stockOf()).toBe(2);
    // Cancelling again gives nothing more back.
    expect((await api('PUT', '/cancelorder', { o_id: first.body.data.o_id }, shopper.auth)).status).toBe(409);
    expect(await stockOf()).toBe(2);

    const second = await order(shopper, product.selection, 1);
    expect(await stockOf()).toBe(1);
    expect((await api('PUT', '/updateorderstatus', { o_id: second.body.data.o_id, status: 5 }, admin.auth)).status).toBe(200);
    expect(await stockOf()).toBe(2);

    const madeToOrder = await pieceOf(null);
    const placed = await order(shopper, madeToOrder.selection, 3);
    expect(placed.status).toBe(201);
    expect((await api('POST', '/getproductbyid', { p_id: madeToOrder.p_id })).body.data.productcarats[0]).toMatchObject({ stock: null, lead_time_days: 21 });
    // The order keeps the lead time it was promised (its delivery estimate moves by it), whatever the row says later; an in-stock line has none.
    await store.db.updateTable('product_carats').set({ lead_time_days: 35 }).where('pc_id', '=', madeToOrder.selection.pc_id).execute();
    const orders = (await api('POST', '/getuserorder', { u_id: shopper.u_id }, shopper.auth)).body.data as { o_id: number; orderItems: { lead_time_days: number | null }[] }[];
    expect(orders.find((o) => o.o_id === placed.body.data.o_id)!.orderItems[0].lead_time_days).toBe(21);
    expect(orders.find((o) => o.o_id === second.body.data.o_id)!.orderItems[0].lead_time_days).toBeNull();
  });

  it('placing takes stock only from rows priced as limited: a row made to order since its pricing is not refused, one sold since is', async () => {
    // The take as order placement makes it (inside insertOrder's statement there), on its own.
    const takeStock = async (trx: DB, lines: PricedStockLine[]) => {
      const take = stockTake(lines);
      return take ? refuseShort(trx, take, await takeStockQuery(trx, take).execute()) : [];
    };
    const line = (pc_id: number, stock: number | null, quantity = 1) => ({ pc_id, quantity, product_name: 'Piece', carat_name: '22K', caratPricing: { stock } });
    const stockOf = async (pc_id: number) => (await store.db.selectFrom('product_carats').select('stock').where('pc_id', '=', pc_id).executeTakeFirstOrThrow()).stock;
    const limited = (await pieceOf(3)).selection.pc_id;
    const madeToOrder = (await pieceOf(null)).selection.pc_id;
    // Two lines of one limited row are taken together; the made-to-order row is not written.
    expect(await writeTransaction(store.db, (trx) => takeStock(trx, [line(limited, 3), line(madeToOrder, null, 5), line(limited, 3)]))).toEqual([{ pc_id: limited, p_id: expect.any(Number), stock: 1 }]);
    expect(await stockOf(limited)).toBe(1);
    expect(await stockOf(madeToOrder)).toBeNull();
    // Priced as limited, made to order before the take: nothing to take, nothing refused.
    const turned = (await pieceOf(null)).selection.pc_id;
    expect(await writeTransaction(store.db, (trx) => takeStock(trx, [line(turned, 2)]))).toEqual([{ pc_id: turned, p_id: expect.any(Number), stock: null }]);
    expect(await stockOf(turned)).toBeNull();
    // Priced with 1 left, sold before the take: refused with what is left now, nothing written.
    await expect(writeTransaction(store.db, (trx) => takeStock(trx, [line(limited, 1, 2)]))).rejects.toThrow('Sorry, only 1 of "Piece" (22K) left. Please lower the quantity.');
    expect(await stockOf(limited)).toBe(1);
  });

  it('an online payment for a sold-out piece is refused before the payment session is created', async () => {
    const product = await pieceOf(1);
    const shopper = await createUser(store);
    expect((await api('POST', '/createcart', { ...product.selection, quantity: 1 }, shopper.auth)).status).toBe(201);
    await store.db.updateTable('product_carats').set({ stock: 0 }).where('pc_id', '=', product.selection.pc_id).execute();
    const payments = async () => Number((await store.db.selectFrom('payments').select((eb) => eb.fn.countAll().as('n')).where('u_id', '=', shopper.u_id).executeTakeFirstOrThrow()).n);
    const res = await api(
      'POST',
      '/payment',
      { order_amount: 46484, customer_id: String(shopper.u_id), customer_name: 'Asha Patel', customer_email: 'asha@example.com', customer_phone: '9876543210' },
      shopper.auth,
    );
    expect(res.status).toBe(409);
    expect(res.body.description).toMatch(/sold out/);
    expect(await payments()).toBe(0);
  });
});

describe('two rate changes at once', () => {
  it('both are saved one after the other: every rate-priced row ends priced by the rate that was saved last, never a mix', async () => {
    // 40 g, making ₹500 a gram: at 7,400 a gram 2,96,000 + 20,000 = 3,16,000 + 9,480 GST = 3,25,480;
    // at 7,600 a gram 3,04,000 + 20,000 = 3,24,000 + 9,720 GST = 3,33,720.
    // A rate-priced row needs a rate to start from (this test may run alone).
    await api('POST', '/setmetalrates', { rates: [{ carat_id: k22, inr_per_gram: 7250 }], usd_inr: 84.5 }, admin.auth);
    const b = (await insertProduct([{ carat_id: k22, pricing: 'rate', net_weight_g: 40, making_type: 'per_gram', making_value: 500 }], 'Race B')).body.data;
    const answers = await Promise.all(
      [7400, 7600].map((inr_per_gram) => api('POST', '/setmetalrates', { rates: [{ carat_id: k22, inr_per_gram }], usd_inr: 84.5 }, admin.auth)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const rate = (await api('GET', '/getmetalrates')).body.data.rates.find((r: { carat_id: number }) => r.carat_id === k22).inr_per_gram;
    expect([7400, 7600]).toContain(rate);
    const price = (await api('POST', '/getproductbyid', { p_id: b.p_id })).body.data.productcarats[0];
    expect(price).toMatchObject({ inr_price: rate === 7400 ? 325480 : 333720, breakup: { rate } });
  });
});
