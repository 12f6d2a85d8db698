import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../rules/invoice.ts';
import { changeOrderStatus } from '../../api/orders/lifecycle.ts';
import { issueInvoice } from '../../db/invoices.ts';
import { findOrder } from '../../db/queries/orders.ts';
import { openPan } from '../../db/queries/pan.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { contractCaller } from '../helpers/contract.ts';
import { createCarat, createCoupon, createProduct } from '../helpers/catalogue.ts';
import { pdfText } from '../helpers/pdf.ts';
import { advanceOrder, checkoutAddress, codOrderBody, hallmarkOrder, placeCodOrder } from '../helpers/orders.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let admin: Shopper;
let carat22: number;

beforeAll(async () => {
  store = await createTestStore();
  admin = await createUser(store, { u_type: '0' });
  carat22 = (await createCarat(store, '22K')).carat_id;
});
afterAll(() => store.close());

type Shopper = Awaited<ReturnType<typeof createUser>>;

const api = contractCaller(() => store);


const usAddress = {
  first_name: 'Emily',
  last_name: 'Carter',
  email: 'emily@example.com',
  phone_number: '+1 415 555 0100',
  address: '1 Market Street',
  apartment: 'Suite 200',
  city: 'San Francisco',
  state: 'California',
  zip_code: '94105',
  country: 'US',
};

/** A product with one 22K row at these prices (paise, cents). */
async function gold(inr_price: number, usd_price = Math.round(inr_price / 85)) {
  return createProduct(store, { name: `Gold piece ${inr_price}`, carats: [{ carat_id: carat22, inr_price, usd_price }] });
}

async function addToCart(shopper: Shopper, selection: object, quantity = 1) {
  const res = await api('POST', '/createcart', { ...selection, quantity }, shopper.auth);
  expect(res.body.status).toBe(1);
}


/** Pays online through the sandbox: /payment, the hosted page's Pay, then /createorder as the return does. */
async function payOnline(shopper: Shopper, body: { amount: number; shipping?: number; currency: 'INR' | 'USD'; address: object; pan?: string }) {
  const shipping = body.shipping ?? 0;
  const started = await api(
    'POST',
    '/payment',
    {
      order_amount: body.amount + shipping,
      customer_name: 'Shopper',
      customer_email: 'shopper@example.com',
      customer_phone: '9876543210',
      checkout: body.address,
      ...(body.pan ? { pan: body.pan } : {}),
    },
    shopper.auth,
  );
  if (started.status !== 200) return started;
  const { payment_session_id, order_id } = started.body.data;
  const paid = await store.app.request(`/sandbox/pay/${payment_session_id}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ return_url: 'http://localhost/orderconfirm' }).toString(),
  });
  expect(paid.status).toBe(303);
  return api(
    'POST',
    '/createorder',
    {
      u_id: shopper.u_id,
      shipping,
      subtotal: body.amount,
      discount: 0,
      total: body.amount + shipping,
      priceType: body.currency === 'INR' ? 'inr_price' : 'usd_price',
      payment_method: 'online',
      order_id,
      ...body.address,
      ...(body.pan ? { pan: body.pan } : {}),
    },
    shopper.auth,
  );
}

const orderOf = async (shopper: Shopper, o_id: number) =>
  ((await api('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth)).body.data as any[]).find((o) => o.o_id === o_id);

/** Records a HUID for every piece of an order. */
const hallmark = (o_id: number) => hallmarkOrder(store, admin, o_id);

describe('addresses', () => {
  it('keeps a client that sends only the documents\' fields working: country IN', async () => {
    const shopper = await createUser(store);
    const piece = await gold(1_000_00);
    await addToCart(shopper, piece.selection);
    const res = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 1000 }), shopper.auth);
    expect(res.status).toBe(201);
    const order = await orderOf(shopper, res.body.data.o_id);
    expect(order).toMatchObject({ country: 'IN', state: 'Gujarat', zip_code: '395003', shipping: 0, pan: null, invoice_no: null });
    expect(order.orderItems[0].huid).toEqual([]);
  });

  it('takes every state and union territory (any case), and refuses what is not one or a wrong PIN', async () => {
    const shopper = await createUser(store);
    const piece = await gold(1_000_00);
    await addToCart(shopper, piece.selection);
    const wrongState = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 1000 }, { state: 'California' }), shopper.auth);
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.description).toBe('State must be a state or union territory of India.');
    const wrongPin = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 1000 }, { state: 'Goa', zip_code: '94105' }), shopper.auth);
    expect(wrongPin.body.description).toBe('PIN code must be 6 digits.');
    const unknownCountry = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 1000 }, { country: 'XX' }), shopper.auth);
    expect(unknownCountry.body.description).toBe('We do not ship to this country yet. Please contact us.');
    const res = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 1000 }, { state: 'andaman and nicobar islands', zip_code: '744101', country: 'in' }), shopper.auth);
    expect(res.status).toBe(201);
    expect(await orderOf(shopper, res.body.data.o_id)).toMatchObject({ country: 'IN', state: 'Andaman and Nicobar Islands' });
  });
});

describe('shipping abroad', () => {
  it('a +1 shopper orders to the US with their own region, postal code and shipping charge; no cash on delivery', async () => {
    const shopper = await createUser(store, { countryCode: '+1' });
    const piece = await gold(85_000_00, 1_000_00);
    await addToCart(shopper, piece.selection);
    // One piece of 10 g (no weight recorded: the default) + 150 g packaging = 160 g: North America, up to 500 g: $38.
    const quote = await api('POST', '/checkoutquote', { country: 'US' }, shopper.auth);
    expect(quote.body.data).toMatchObject({ currency: 'USD', subtotal: 1000, shipping: 38, total: 1038, weight_g: 160, zone: 'North America', cod_allowed: false, pan_required: false });
    expect(quote.body.data.cod_message).toBe('Cash on Delivery is available in India only. Please choose Online Payment.');

    const cod = await api('POST', '/createorder', { ...codOrderBody(shopper, { subtotal: 1000 }, usAddress), priceType: 'usd_price', shipping: 38, total: 1038 }, shopper.auth);
    expect(cod.status).toBe(400);
    expect(cod.body.description).toBe('Cash on Delivery is available in India only. Please choose Online Payment.');
    const free = await api('POST', '/payment', { order_amount: 1000, customer_name: 'E', customer_email: 'e@example.com', customer_phone: '14155550100', checkout: usAddress }, shopper.auth);
    expect(free.status).toBe(400); // shipping left out of the amount

    const res = await payOnline(shopper, { amount: 1000, shipping: 38, currency: 'USD', address: usAddress });
    expect(res.status).toBeLessThan(300);
    const order = await orderOf(shopper, res.body.data.o_id);
    expect(order).toMatchObject({ country: 'US', state: 'California', zip_code: '94105', city: 'San Francisco', currency: 'USD', shipping: 38, total: 1038, payment_method: 'online' });
    const stored = await findOrder(store.db, order.o_id);
    expect(stored?.shipping_weight_g).toBe(160);
  });

  it('weighs the parcel from the carat row\'s net weight: heavier pieces pay a higher band', async () => {
    const shopper = await createUser(store, { countryCode: '+1' });
    const piece = await gold(3_00_000_00, 3_600_00);
    // 420 g of gold (a heavy kada) + 150 g packaging = 570 g: North America's band up to 1,000 g, $54.
    await store.db.updateTable('product_carats').set({ net_weight_mg: 420_000 }).where('pc_id', '=', piece.selection.pc_id).execute();
    await addToCart(shopper, piece.selection);
    expect((await api('POST', '/checkoutquote', { country: 'US' }, shopper.auth)).body.data).toMatchObject({ weight_g: 570, shipping: 54, zone: 'North America' });
    await addToCart(shopper, piece.selection); // a second piece: 990 g, still the same band
    expect((await api('POST', '/checkoutquote', { country: 'CA' }, shopper.auth)).body.data).toMatchObject({ weight_g: 990, shipping: 54 });
  });

  it('checks postal codes as the country writes them', async () => {
    const shopper = await createUser(store, { countryCode: '+44' });
    const piece = await gold(50_000_00, 600_00);
    await addToCart(shopper, piece.selection);
    const bad = await api('POST', '/checkoutquote', { country: 'GB' }, shopper.auth);
    expect(bad.body.data.zone).toBe('Europe and UK');
    const res = await payOnline(shopper, { amount: 600, shipping: 35, currency: 'USD', address: { ...usAddress, country: 'GB', state: 'Greater London', zip_code: '94105' } });
    expect(res.status).toBe(400);
    expect(res.body.description).toBe('Postcode is not valid for United Kingdom.');
  });

  it('lets anyone read the rate table and only the administrator replace it, checked', async () => {
    const table = await api('GET', '/getshippingrates');
    expect(table.status).toBe(200);
    expect(table.body.data.states).toHaveLength(36);
    expect(table.body.data.countries[0]).toMatchObject({ code: 'IN', name: 'India', postal_pattern: '^[1-9][0-9]{5}$' });
    const us = table.body.data.zones.find((z: any) => z.countries.includes('US'));
    expect(us.bands[0]).toEqual({ up_to_g: 500, inr_price: 3200, usd_price: 38 });

    const shopper = await createUser(store);
    const zones = [{ name: 'Americas', countries: ['US', 'CA'], bands: [{ up_to_g: 1000, inr_price: 1500, usd_price: 20.5 }] }];
    expect((await api('POST', '/setshippingrates', { zones }, shopper.auth)).status).toBe(403);
    const india = await api('POST', '/setshippingrates', { zones: [{ ...zones[0], countries: ['IN'] }] }, admin.auth);
    expect(india.body.description).toBe('Shipping within India is free; India cannot be in a zone.');
    const down = await api('POST', '/setshippingrates', { zones: [{ ...zones[0], bands: [{ up_to_g: 500, inr_price: 1, usd_price: 1 }, { up_to_g: 400, inr_price: 1, usd_price: 1 }] }] }, admin.auth);
    expect(down.status).toBe(400);
    const saved = await api('POST', '/setshippingrates', { zones }, admin.auth);
    expect(saved.status).toBe(200);
    expect((await api('GET', '/getshippingrates')).body.data.zones).toEqual(zones);

    const buyer = await createUser(store, { countryCode: '+1' });
    const piece = await gold(10_000_00, 120_00);
    await addToCart(buyer, piece.selection);
    expect((await api('POST', '/checkoutquote', { country: 'CA' }, buyer.auth)).body.data).toMatchObject({ shipping: 20.5, zone: 'Americas', total: 140.5 });
    const nowhere = await api('POST', '/checkoutquote', { country: 'GB' }, buyer.auth);
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.description).toBe('We do not ship to this country yet. Please contact us.');
    // Back to the default table for the other tests.
    await store.db.deleteFrom('shop_settings').where('key', '=', 'shipping_rates').execute();
  });
});

describe('cash on delivery and PAN', () => {
  it('takes cash on delivery at ₹1,99,999 and refuses it at ₹2,00,000, offering online payment', async () => {
    const shopper = await createUser(store);
    const below = await gold(1_99_999_00);
    await addToCart(shopper, below.selection);
    const quoteBelow = await api('POST', '/checkoutquote', {}, shopper.auth);
    expect(quoteBelow.body.data).toMatchObject({ cod_allowed: true, cod_message: null, pan_required: false, cod_cap: 200000 });
    expect((await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 199999 }), shopper.auth)).status).toBe(201);

    const at = await gold(2_00_000_00);
    await addToCart(shopper, at.selection);
    const quoteAt = await api('POST', '/checkoutquote', {}, shopper.auth);
    expect(quoteAt.body.data).toMatchObject({ cod_allowed: false, pan_required: true });
    const refused = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 200000 }, { pan: 'ABCPE1234F' }), shopper.auth);
    expect(refused.status).toBe(400);
    expect(refused.body.description).toBe('Cash on Delivery is available for orders below ₹2,00,000. Please choose Online Payment to place this order.');
  });

  it('asks a PAN from ₹2,00,000, checks its format, keeps it (sealed), and shows it masked but in the owner\'s order detail', async () => {
    const shopper = await createUser(store);
    const piece = await gold(2_00_000_00);
    await addToCart(shopper, piece.selection);
    const none = await payOnline(shopper, { amount: 200000, currency: 'INR', address: checkoutAddress });
    expect(none.status).toBe(400);
    expect(none.body.description).toBe("Orders of ₹2,00,000 or more need the buyer's PAN (Income-tax Rules, rule 114B).");
    const bad = await payOnline(shopper, { amount: 200000, currency: 'INR', address: checkoutAddress, pan: 'ABCP1234F' });
    expect(bad.body.description).toBe('PAN must be 5 letters, 4 digits and a letter (e.g. ABCPE1234F).');
    const res = await payOnline(shopper, { amount: 200000, currency: 'INR', address: checkoutAddress, pan: 'abcpe1234f' });
    expect(res.status).toBeLessThan(300);
    const o_id = res.body.data.o_id;
    expect((await orderOf(shopper, o_id)).pan).toBe('XXXXXX234F');
    const all = (await api('GET', '/getallorders', undefined, admin.auth)).body.data as any[];
    expect(all.find((o) => o.o_id === o_id).pan).toBe('XXXXXX234F');
    expect((await api('GET', `/getorderdetail/${o_id}`, undefined, admin.auth)).body.data.pan).toBe('ABCPE1234F');
    expect(openPan(store.config.panKey, (await findOrder(store.db, o_id))?.pan)).toBe('ABCPE1234F');
  });

  it('does not keep a PAN an order below ₹2,00,000 did not need', async () => {
    const shopper = await createUser(store);
    const piece = await gold(1_000_00);
    await addToCart(shopper, piece.selection);
    const res = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 1000 }, { pan: 'ABCPE1234F' }), shopper.auth);
    expect((await orderOf(shopper, res.body.data.o_id)).pan).toBeNull();
  });

  it('lets the administrator set a lower cap, never above the law', async () => {
    const shopper = await createUser(store);
    expect((await api('POST', '/setcodlimit', { cod_cap: 50000 }, shopper.auth)).status).toBe(403);
    const above = await api('POST', '/setcodlimit', { cod_cap: 250000 }, admin.auth);
    expect(above.status).toBe(400);
    expect(above.body.description).toBe('cod_cap cannot be above ₹2,00,000: cash of that much cannot be taken (s.269ST).');
    const set = await api('POST', '/setcodlimit', { cod_cap: 50000 }, admin.auth);
    expect(set.body.data).toEqual({ legal_limit: 200000, admin_cap: 50000, cod_cap: 50000 });
    expect((await api('GET', '/getcodlimit')).body.data.cod_cap).toBe(50000);
    const piece = await gold(50_000_00);
    await addToCart(shopper, piece.selection);
    const refused = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 50000 }), shopper.auth);
    expect(refused.body.description).toBe('Cash on Delivery is available for orders below ₹50,000. Please choose Online Payment to place this order.');
    await api('POST', '/setcodlimit', { cod_cap: null }, admin.auth);
    expect((await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 50000 }), shopper.auth)).status).toBe(201);
  });
});

describe('HUIDs and the tax invoice', () => {
  async function placedOrder(shopper: Shopper, prices: number[], extra: object = {}, quantity = 1) {
    for (const p of prices) await addToCart(shopper, (await gold(p)).selection, quantity);
    const o_id = await placeCodOrder(store, shopper, { subtotal: (prices.reduce((a, b) => a + b, 0) * quantity) / 100 }, extra);
    await processing(o_id);
    return o_id;
  }

  /** Orders ship from Processing (rules/orders.ts). */
  async function processing(o_id: number) {
    expect((await api('PUT', '/updateorderstatus', { o_id, status: 2 }, admin.auth)).status).toBe(200);
  }

  it('records one HUID per piece, checked, and refuses Shipped until every piece has one', async () => {
    const shopper = await createUser(store);
    const o_id = await placedOrder(shopper, [51_500_00], {}, 2);
    const [item] = await store.db.selectFrom('order_items').select(['oi_id']).where('o_id', '=', o_id).execute();
    const early = await api('PUT', '/updateorderstatus', { o_id, status: 3 }, admin.auth);
    expect(early.status).toBe(409);
    expect(early.body.description).toBe('Record the HUID of every piece before marking the order Shipped: 0 of 2 pieces have one.');

    expect((await api('PUT', '/orderhuid', { o_id, items: [{ oi_id: item.oi_id, huid: ['AB12C'] }] }, admin.auth)).body.description).toBe('A HUID is 6 letters or digits (e.g. AB12C4). "AB12C" is not one.');
    expect((await api('PUT', '/orderhuid', { o_id, items: [{ oi_id: item.oi_id, huid: ['AB12C4', 'AB12C5', 'AB12C6'] }] }, admin.auth)).body.description).toBe(
      `Order line ${item.oi_id} has 2 pieces: give one HUID per piece.`,
    );
    expect((await api('PUT', '/orderhuid', { o_id, items: [{ oi_id: item.oi_id, huid: ['AB12C4', 'ab12c4'] }] }, admin.auth)).body.description).toBe('HUID AB12C4 is given for two pieces: each piece has its own.');
    expect((await api('PUT', '/orderhuid', { o_id, items: [{ oi_id: 999999, huid: ['AB12C4'] }] }, admin.auth)).status).toBe(400);
    expect((await api('PUT', '/orderhuid', { o_id, items: [{ oi_id: item.oi_id, huid: ['AB12C4'] }] }, shopper.auth)).status).toBe(403);

    const half = await api('PUT', '/orderhuid', { o_id, items: [{ oi_id: item.oi_id, huid: ['ab12c4'] }] }, admin.auth);
    expect(half.body.data).toEqual({ o_id, complete: false, items: [{ oi_id: item.oi_id, quantity: 2, huid: ['AB12C4'] }] });
    expect((await api('PUT', '/updateorderstatus', { o_id, status: 3 }, admin.auth)).body.description).toContain('1 of 2 pieces have one');
    const whole = await api('PUT', '/orderhuid', { o_id, items: [{ oi_id: item.oi_id, huid: ['AB12C4', 'XY98Z7'] }] }, admin.auth);
    expect(whole.body.data.complete).toBe(true);
    expect((await api('GET', `/invoice/${o_id}`, undefined, shopper.auth)).status).toBe(404);
    expect((await api('PUT', '/updateorderstatus', { o_id, status: 3 }, admin.auth)).status).toBe(200);

    const order = await orderOf(shopper, o_id);
    expect(order.orderItems[0].huid).toEqual(['AB12C4', 'XY98Z7']);
    expect(order.invoice_no).toMatch(/^AJ\/\d{2}-\d{2}\/\d{6}$/);
    const late = await api('PUT', '/orderhuid', { o_id, items: [{ oi_id: item.oi_id, huid: ['AB12C4', 'XY98Z8'] }] }, admin.auth);
    expect(late.status).toBe(409);
  });

  it('issues the invoice with CGST + SGST in the shop\'s state, figures that add up, and serves it as a PDF to its owner and the administrator', async () => {
    const shopper = await createUser(store);
    const coupon = await createCoupon(store, { discount_bp: 1000 });
    // ₹1,14,450 + ₹57,225 = ₹1,71,675; 10% = ₹17,167.50; total ₹1,54,507.50.
    await addToCart(shopper, (await gold(1_14_450_00)).selection);
    await addToCart(shopper, (await gold(57_225_00)).selection);
    const placed = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 171675 }, { discount: 17167.5, total: 154507.5, coupon_name: coupon.coupon_name }), shopper.auth);
    const o_id = placed.body.data.o_id;
    await hallmark(o_id);
    await processing(o_id);
    expect((await api('PUT', '/updateorderstatus', { o_id, status: 3 }, admin.auth)).status).toBe(200);

    const row = await store.db.selectFrom('invoices').selectAll().where('o_id', '=', o_id).executeTakeFirstOrThrow();
    const doc = JSON.parse(row.document) as InvoiceDocument;
    expect(doc.figures.supply).toBe('intra_state');
    // Discount spread 2:1: ₹11,445 and ₹5,722.50. Lines after discount ₹1,03,005 and ₹51,502.50.
    expect(doc.figures.lines.map((l) => l.discount)).toEqual([11_445_00, 5_722_50]);
    // ₹1,03,005: CGST = SGST = 1,03,00,500 x 1.5 / 103 = 1,50,007.28 -> ₹1,500.07; taxable ₹1,00,004.86.
    expect(doc.figures.lines[0]).toMatchObject({ gross: 1_03_005_00, cgst: 1_500_07, sgst: 1_500_07, igst: 0, taxable: 1_00_004_86, hsn: '7113', purity: '22K', fineness: 916 });
    // ₹51,502.50: 51,50,250 x 1.5 / 103 = 75,003.64 -> ₹750.04 each; taxable ₹50,002.42.
    expect(doc.figures.lines[1]).toMatchObject({ gross: 51_502_50, cgst: 750_04, sgst: 750_04, taxable: 50_002_42 });
    expect(doc.figures.totals).toMatchObject({ gross: 1_54_507_50, taxable: 1_50_007_28, cgst: 2_250_11, sgst: 2_250_11, igst: 0, discount: 17_167_50, before_discount: 1_71_675_00 });
    expect(doc.figures.totals.taxable + doc.figures.totals.cgst + doc.figures.totals.sgst).toBe(1_54_507_50);
    expect(doc.buyer).toMatchObject({ name: 'Asha Patel', state: 'Gujarat', state_code: '24', zip_code: '395003' });
    expect(doc.seller).toMatchObject({ gstin: '24AAHCA1234F1Z5', stateCode: '24' });
    expect(row.invoice_no.length).toBeLessThanOrEqual(16);

    const pdf = await store.app.request(`/invoice/${o_id}`, { headers: shopper.auth });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const expected of [
      'TAX INVOICE',
      row.invoice_no,
      'Aurum Jewels Private Limited',
      'GSTIN: 24AAHCA1234F1Z5',
      'Gujarat (24)',
      '7113',
      '22K / 916',
      '1,00,004.86',
      '1,500.07',
      '2,250.11',
      '1,54,507.50',
      'CGST @ 1.5%',
      'SGST @ 1.5%',
    ]) {
      expect(text).toContain(expected);
    }
    const other = await createUser(store);
    expect((await api('GET', `/invoice/${o_id}`, undefined, other.auth)).status).toBe(404);
    expect((await store.app.request(`/invoice/${o_id}`, { headers: admin.auth })).status).toBe(200);
    expect((await api('GET', `/invoice/${o_id}`)).status).toBe(403);
  });

  it('charges IGST to another state and zero-rates an export', async () => {
    const shopper = await createUser(store);
    const o_id = await placedOrder(shopper, [1_03_000_00], { state: 'Maharashtra', zip_code: '400001' });
    await hallmark(o_id);
    await api('PUT', '/updateorderstatus', { o_id, status: 3 }, admin.auth);
    const inter = JSON.parse((await store.db.selectFrom('invoices').select('document').where('o_id', '=', o_id).executeTakeFirstOrThrow()).document) as InvoiceDocument;
    expect(inter.figures.supply).toBe('inter_state');
    expect(inter.figures.totals).toMatchObject({ gross: 1_03_000_00, taxable: 1_00_000_00, igst: 3_000_00, cgst: 0, sgst: 0 });
    expect(inter.place_of_supply).toBe('Maharashtra (27)');
    expect(await pdfText(new Uint8Array(await (await store.app.request(`/invoice/${o_id}`, { headers: shopper.auth })).arrayBuffer()))).toContain('IGST @ 3%');

    const abroad = await createUser(store, { countryCode: '+1' });
    await addToCart(abroad, (await gold(85_000_00, 1_000_00)).selection);
    const res = await payOnline(abroad, { amount: 1000, shipping: 38, currency: 'USD', address: usAddress });
    const exportId = res.body.data.o_id;
    await hallmark(exportId);
    await processing(exportId);
    await api('PUT', '/updateorderstatus', { o_id: exportId, status: 3 }, admin.auth);
    const exp = JSON.parse((await store.db.selectFrom('invoices').select('document').where('o_id', '=', exportId).executeTakeFirstOrThrow()).document) as InvoiceDocument;
    expect(exp.figures.supply).toBe('export');
    expect(exp.currency).toBe('USD');
    expect(exp.figures.shipping).toMatchObject({ gross: 38_00, taxable: 38_00, igst: 0 });
    expect(exp.figures.totals).toMatchObject({ gross: 1_038_00, taxable: 1_038_00, cgst: 0, sgst: 0, igst: 0 });
    const text = await pdfText(new Uint8Array(await (await store.app.request(`/invoice/${exportId}`, { headers: abroad.auth })).arrayBuffer()));
    expect(text).toContain('zero-rated');
    expect(text).toContain('United States');
  });

  it('numbers invoices without gap or twin when 10 orders ship at once', async () => {
    const shopper = await createUser(store);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const o_id = await placedOrder(shopper, [1_000_00 + i]);
      await hallmark(o_id);
      ids.push(o_id);
    }
    const before = await store.db.selectFrom('invoices').select('sequence').execute();
    const answers = await Promise.all(ids.map((o_id) => call(store, 'PUT', '/updateorderstatus', { o_id, status: 3 }, admin.auth)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const rows = await store.db.selectFrom('invoices').select(['invoice_no', 'sequence', 'financial_year']).where('o_id', 'in', ids).execute();
    const sequences = rows.map((r) => r.sequence).sort((a, b) => a - b);
    const start = Math.max(0, ...before.map((r) => r.sequence)) + 1;
    expect(sequences).toEqual(Array.from({ length: 10 }, (_, i) => start + i));
    expect(new Set(rows.map((r) => r.invoice_no)).size).toBe(10);
    // Shipping the same order again keeps its invoice.
    const again = await call(store, 'PUT', '/updateorderstatus', { o_id: ids[0], status: 3 }, admin.auth);
    expect(again.status).toBeLessThan(500);
    expect((await store.db.selectFrom('invoices').select('invoice_no').where('o_id', '=', ids[0]).execute())).toHaveLength(1);
  });

  it('starts again at 000001 in a new financial year (1 April, IST)', async () => {
    const shopper = await createUser(store);
    const seller = store.config.seller;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const o_id = await placedOrder(shopper, [2_000_00 + i]);
      await hallmark(o_id);
      ids.push(o_id);
    }
    // Shipped through the one lifecycle (as PUT /updateorderstatus does), at a chosen time:
    // 31 March 2031, 23:59 IST is still FY 2030-31; 1 April 00:00 IST is FY 2031-32.
    const shipAt = async (o_id: number, at: string) => {
      const shipped = await changeOrderStatus(store, { o_id, to: 3, actor: 'shop', u_id: admin.u_id }, Date.parse(at));
      expect(shipped).toMatchObject({ o_id, from: 2, status: 3 });
      return (await store.db.selectFrom('invoices').select('invoice_no').where('o_id', '=', o_id).executeTakeFirstOrThrow()).invoice_no;
    };
    const numbers = [await shipAt(ids[0], '2031-03-31T18:29:00Z'), await shipAt(ids[1], '2031-03-31T18:30:00Z'), await shipAt(ids[2], '2031-04-02T10:00:00Z')];
    expect(numbers).toEqual(['AJ/30-31/000001', 'AJ/31-32/000001', 'AJ/31-32/000002']);
    // Each went through the lifecycle: shipped and recorded in the history, by the shop.
    for (const o_id of ids) {
      expect((await findOrder(store.db, o_id))?.status).toBe(3);
      const history = await store.db.selectFrom('order_status_history').selectAll().where('o_id', '=', o_id).where('to_status', '=', 3).execute();
      expect(history).toEqual([expect.objectContaining({ from_status: 2, to_status: 3, actor: 'shop', u_id: admin.u_id })]);
    }
    // Issuing again answers the same number and takes none.
    const order = await findOrder(store.db, ids[2]);
    expect(await writeTransaction(store.db, (trx) => issueInvoice(trx, order!, seller, new Date('2031-04-03T10:00:00Z')))).toBe('AJ/31-32/000002');
    expect((await store.db.selectFrom('invoice_counters').selectAll().where('financial_year', '=', 2031).executeTakeFirstOrThrow()).last_number).toBe(2);
    // Outside a transaction it issues nothing: the counter and the invoice commit together or not at all.
    await expect(issueInvoice(store.db, order!, seller)).rejects.toThrow('issueInvoice runs inside writeTransaction');
    expect((await store.db.selectFrom('invoice_counters').selectAll().where('financial_year', '=', 2031).executeTakeFirstOrThrow()).last_number).toBe(2);
  });
});

describe('exports are zero-rated: the price a shopper pays follows where it is delivered', () => {
  /** Ships through the lifecycle (Processing, then Shipped), every piece hallmarked first; answers the invoice issued. */
  async function ship(o_id: number) {
    await advanceOrder(store, admin, o_id, 3);
    const row = await store.db.selectFrom('invoices').select(['document', 'invoice_no']).where('o_id', '=', o_id).executeTakeFirstOrThrow();
    return JSON.parse(row.document) as InvoiceDocument;
  }

  it('a rupee shopper sending a piece abroad pays the price without GST; the export invoice charges no tax on it', async () => {
    const shopper = await createUser(store);
    await addToCart(shopper, (await gold(1_03_000_00, 1_200_00)).selection);
    // Listed ₹1,03,000 with GST; exported: 1,03,000 x 100/103 = ₹1,00,000. Shipping to the US in rupees: ₹3,200.
    const quote = await api('POST', '/checkoutquote', { country: 'US', priceType: 'inr_price' }, shopper.auth);
    expect(quote.body.data).toMatchObject({ currency: 'INR', subtotal: 100000, shipping: 3200, total: 103200, gst_included: false, cod_allowed: false, pan_required: false });
    const home = await api('POST', '/checkoutquote', { country: 'IN' }, shopper.auth);
    expect(home.body.data).toMatchObject({ subtotal: 103000, total: 103000, gst_included: true });
    // The GST-inclusive figures are refused for an export: the server prices it.
    const wrong = await payOnline(shopper, { amount: 103000, shipping: 3200, currency: 'INR', address: usAddress });
    expect(wrong.status).toBe(400);
    const res = await payOnline(shopper, { amount: 100000, shipping: 3200, currency: 'INR', address: usAddress });
    expect(res.status).toBeLessThan(300);
    const o_id = res.body.data.o_id;
    const order = await orderOf(shopper, o_id);
    expect(order).toMatchObject({ currency: 'INR', country: 'US', subtotal: 100000, shipping: 3200, total: 103200 });
    expect(order.orderItems[0]).toMatchObject({ price: 100000 });
    const doc = await ship(o_id);
    expect(doc.figures.supply).toBe('export');
    expect(doc.figures.totals).toMatchObject({ gross: 1_03_200_00, taxable: 1_03_200_00, cgst: 0, sgst: 0, igst: 0 });
    expect(doc.figures.lines[0]).toMatchObject({ gross: 1_00_000_00, taxable: 1_00_000_00, unit_price: 1_00_000_00 });
    expect(doc.exchange).toBeNull();
    expect(doc.notes[0]).toContain('the price charged carries no GST');
    expect(doc.notes.join(' ')).not.toContain('inclusive of GST');
  });

  it('a +1 shopper sending a piece to India pays the dollar price with 3% GST added; the invoice splits it back to the listed price', async () => {
    const shopper = await createUser(store, { countryCode: '+1' });
    // Listed $534.08 without GST; delivered in Gujarat: 534.08 + 16.0224 -> $550.10.
    await addToCart(shopper, (await gold(46_484_00, 534_08)).selection);
    const quote = await api('POST', '/checkoutquote', { country: 'IN', priceType: 'usd_price' }, shopper.auth);
    expect(quote.body.data).toMatchObject({ currency: 'USD', subtotal: 550.1, shipping: 0, total: 550.1, gst_included: true, cod_allowed: true });
    expect(quote.body.data.lines).toEqual([{ c_id: expect.any(Number), listed_price: 534.08, price: 550.1, quantity: 1, line_total: 550.1 }]);
    const abroad = await api('POST', '/checkoutquote', { country: 'US' }, shopper.auth);
    expect(abroad.body.data).toMatchObject({ subtotal: 534.08, gst_included: false });
    const doc = await ship(await placeCodOrder(store, shopper, { subtotal: 550.1 }, { priceType: 'usd_price' }));
    expect(doc.figures.supply).toBe('intra_state');
    // 55,010 cents x 1.5/103 = 801.11 -> $8.01 each of CGST and SGST; taxable 55,010 - 1,602 = 53,408: the listed price.
    expect(doc.figures.lines[0]).toMatchObject({ gross: 550_10, cgst: 8_01, sgst: 8_01, taxable: 534_08 });
  });

  it('a +1 shopper abroad pays the listed dollar price, and the export invoice shows each line\'s making and stones in dollars at the order\'s rate', async () => {
    // The day's rates: 22K at ₹7,250/g, ₹84.50 a dollar.
    expect((await api('POST', '/setmetalrates', { rates: [{ carat_id: carat22, inr_per_gram: 7250 }], usd_inr: '84.50' }, admin.auth)).status).toBe(200);
    const piece = await gold(1_000_00, 10_00);
    // A rate-priced ring: 5.250 g, 12% making (₹4,567.50), ₹2,500 of stones; ₹46,484 with GST, $534.08 without (tests/rules/pricing.test.ts).
    await store.db
      .updateTable('product_carats')
      .set({ pricing: 'rate', net_weight_mg: 5250, making_type: 'percent', making_value: 1200, stone_value: 2_500_00, rate_per_gram: 7_250_00, rate_at: '2026-11-25 09:00:00', inr_price: 46_484_00, usd_price: 534_08 })
      .where('pc_id', '=', piece.selection.pc_id)
      .execute();
    const shopper = await createUser(store, { countryCode: '+1' });
    await addToCart(shopper, piece.selection, 2);
    const quote = (await api('POST', '/checkoutquote', { country: 'US' }, shopper.auth)).body.data;
    expect(quote).toMatchObject({ currency: 'USD', subtotal: 1068.16, gst_included: false });
    const res = await payOnline(shopper, { amount: 1068.16, shipping: quote.shipping, currency: 'USD', address: usAddress });
    expect(res.status).toBeLessThan(300);
    const o_id = res.body.data.o_id;
    expect((await findOrder(store.db, o_id))?.usd_inr).toBe(84_50);
    const doc = await ship(o_id);
    expect(doc.currency).toBe('USD');
    expect(doc.exchange?.usd_inr).toBe(84_50);
    // Making ₹4,567.50 x 2 = ₹9,135.00 / 84.50 = 108.106... -> $108.11; stones ₹5,000 / 84.50 = 59.171... -> $59.17.
    expect(doc.figures.lines[0]).toMatchObject({ making: 108_11, stones: 59_17, net_weight_g: 10.5, gross: 1_068_16, taxable: 1_068_16, igst: 0 });
    const total = 1_068_16 + quote.shipping * 100;
    expect(doc.figures.totals).toMatchObject({ gross: total, taxable: total, igst: 0 });
    // The total in rupees at the same rate, to the paisa: cents x 84.50.
    expect(doc.exchange?.total_inr).toBe(Math.round(total * 84.5));
    const text = await pdfText(new Uint8Array(await (await store.app.request(`/invoice/${o_id}`, { headers: shopper.auth })).arrayBuffer()));
    for (const expected of ['108.11', '59.17', '10.500', 'Rs 84.50 per US$', 'zero-rated']) expect(text).toContain(expected);
  });
});

describe('a HUID is recorded once in the whole shop', () => {
  async function pendingOrder(shopper: Shopper, price = 2_500_00) {
    await addToCart(shopper, (await gold(price)).selection);
    const o_id = await placeCodOrder(store, shopper, { subtotal: price / 100 });
    const [item] = await store.db.selectFrom('order_items').select('oi_id').where('o_id', '=', o_id).execute();
    return { o_id, oi_id: item.oi_id };
  }

  it('refuses a HUID already on a piece of another order with 409 naming it, and takes it again once that order is cancelled', async () => {
    const shopper = await createUser(store);
    const first = await pendingOrder(shopper);
    const second = await pendingOrder(shopper);
    expect((await api('PUT', '/orderhuid', { o_id: first.o_id, items: [{ oi_id: first.oi_id, huid: ['UQ0001'] }] }, admin.auth)).status).toBe(200);
    const twice = await api('PUT', '/orderhuid', { o_id: second.o_id, items: [{ oi_id: second.oi_id, huid: ['uq0001'] }] }, admin.auth);
    expect(twice.status).toBe(409);
    expect(twice.body.description).toBe(`HUID UQ0001 is already recorded on a piece of order #${first.o_id}: a HUID identifies one hallmarked piece, so it can be recorded only once.`);
    expect(await store.db.selectFrom('order_item_huids').select('oi_id').where('huid', '=', 'UQ0001').execute()).toEqual([{ oi_id: first.oi_id }]);
    // Recording it again on its own piece is fine.
    expect((await api('PUT', '/orderhuid', { o_id: first.o_id, items: [{ oi_id: first.oi_id, huid: ['UQ0001'] }] }, admin.auth)).status).toBe(200);
    // Cancelled: the piece goes back to stock and its HUID is free for the next order.
    expect((await api('PUT', '/updateorderstatus', { o_id: first.o_id, status: 5 }, admin.auth)).status).toBe(200);
    expect(await store.db.selectFrom('order_item_huids').select('oi_id').where('huid', '=', 'UQ0001').execute()).toEqual([]);
    expect((await api('PUT', '/orderhuid', { o_id: second.o_id, items: [{ oi_id: second.oi_id, huid: ['UQ0001'] }] }, admin.auth)).status).toBe(200);
  });

  it('moves a HUID between two lines of one order in one call', async () => {
    const shopper = await createUser(store);
    await addToCart(shopper, (await gold(1_100_00)).selection);
    await addToCart(shopper, (await gold(1_200_00)).selection);
    const o_id = await placeCodOrder(store, shopper, { subtotal: 2300 });
    const [a, b] = await store.db.selectFrom('order_items').select('oi_id').where('o_id', '=', o_id).orderBy('oi_id').execute();
    expect((await api('PUT', '/orderhuid', { o_id, items: [{ oi_id: a.oi_id, huid: ['MV0001'] }, { oi_id: b.oi_id, huid: ['MV0002'] }] }, admin.auth)).status).toBe(200);
    const swapped = await api('PUT', '/orderhuid', { o_id, items: [{ oi_id: b.oi_id, huid: ['MV0001'] }, { oi_id: a.oi_id, huid: ['MV0002'] }] }, admin.auth);
    expect(swapped.status).toBe(200);
    expect(swapped.body.data.items).toEqual([
      { oi_id: a.oi_id, quantity: 1, huid: ['MV0002'] },
      { oi_id: b.oi_id, quantity: 1, huid: ['MV0001'] },
    ]);
  });

  it('the same HUID sent for two orders at once: exactly one wins, the other is told 409, never 500', async () => {
    for (let round = 0; round < 5; round++) {
      const shopper = await createUser(store);
      const orders = [await pendingOrder(shopper), await pendingOrder(shopper)];
      const huid = `RC${String(round).padStart(4, '0')}`;
      const answers = await Promise.all(orders.map((o) => call(store, 'PUT', '/orderhuid', { o_id: o.o_id, items: [{ oi_id: o.oi_id, huid: [huid] }] }, admin.auth)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const loser = answers.find((a) => a.status === 409)!;
      expect(loser.body.description).toMatch(new RegExp(`^HUID ${huid} is already recorded on a piece of order #\\d+`));
      const rows = await store.db.selectFrom('order_item_huids').select('oi_id').where('huid', '=', huid).execute();
      expect(rows).toHaveLength(1);
      const winner = orders[answers.findIndex((a) => a.status === 200)];
      expect(rows[0].oi_id).toBe(winner.oi_id);
    }
  });
});
