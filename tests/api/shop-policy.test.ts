/**
 * The shop policy in one place (issue 36): GET /getshoppolicy (anyone), PUT /setshoppolicy
 * (the owner: policy.manage; a manager is refused), the products' return flags in the product
 * form and the product answer, and GET /buybackquote/{oi_id} (the shopper's own delivered
 * piece at today's rate). Every answer checked against openapi.yaml; both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCaller } from '../helpers/contract.ts';
import { createPricingCatalogue, createProduct } from '../helpers/catalogue.ts';
import { createWithForm, formData, productFields, sendForm, tinyImage } from '../helpers/admin.ts';
import { advanceOrder, placeCodOrder } from '../helpers/orders.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';
import { DEFAULT_SHOP_POLICY } from '../../rules/shop-policy.ts';

let store: TestStore;
let owner: Awaited<ReturnType<typeof createUser>>;
let manager: Awaited<ReturnType<typeof createUser>>;
let shopper: Awaited<ReturnType<typeof createUser>>;
let catalogue: Awaited<ReturnType<typeof createPricingCatalogue>>;

beforeAll(async () => {
  store = await createTestStore();
  owner = await createUser(store, { u_type: '0' });
  manager = await createUser(store, { u_type: '0' });
  await store.db.updateTable('users').set({ role: 'manager' }).where('u_id', '=', manager.u_id).execute();
  shopper = await createUser(store);
  catalogue = await createPricingCatalogue(store);
});
afterAll(() => store.close());

const api = contractCaller(() => store);
const storedPolicy = async () => {
  const row = await store.db.selectFrom('shop_settings').select('value').where('key', '=', 'shop_policy').executeTakeFirst();
  return row ? JSON.parse(row.value) : null;
};

describe('GET /getshoppolicy and PUT /setshoppolicy', () => {
  it("answers anyone the documents' values and the policy in words", async () => {
    const res = await api('GET', '/getshoppolicy');
    expect(res.status).toBe(200);
    const { words, ...values } = res.body.data;
    expect(values).toEqual({ ...DEFAULT_SHOP_POLICY, return_shipping_charge: 0 });
    expect(words.returns).toBe('The return must be requested and the item returned within 2 hours of delivery. The item must be unused and in its original condition, with its original packaging, certificates and invoice.');
    expect(words.partial_refund).toBe('Everyday Collection: only 50% of the purchase price is refunded; the rest covers making charges.');
    expect(words.refunds).toBe('Refunds are made within 7-10 business days of approval, to the original payment method. Shipping charges are not refunded.');
    expect(words.non_returnable).toBe('Custom, engraved or personalised items cannot be returned unless they are defective.');
  });

  it('lets the owner widen the window and set rates and a charge: saved, answered, recorded in the audit trail', async () => {
    const res = await api('PUT', '/setshoppolicy', { return_window_hours: 168, buyback_metal_percent: 87.5, return_shipping_charge: 250 }, owner.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ return_window_hours: 168, buyback_metal_percent: 87.5, return_shipping_charge: 250, cancel_window_hours: 2 });
    expect(res.body.data.words.returns).toMatch(/^The return must be requested and the item returned within 7 days of delivery\./);
    expect(res.body.data.words.return_shipping).toBe('Return shipping is paid by the customer (₹250.00, deducted from the refund), unless the item is defective or we sent the wrong item.');
    expect(await storedPolicy()).toMatchObject({ return_window_hours: 168, buyback_metal_percent: 87.5, return_shipping_charge: 25_000 });
    expect((await api('GET', '/getshoppolicy')).body.data.return_window_hours).toBe(168);

    const audit = await store.db.selectFrom('audit_log').selectAll().where('action', '=', 'settings.shop_policy').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.actor_u_id).toBe(owner.u_id);
    expect(JSON.parse(audit.before!)).toEqual({ return_window_hours: 2, buyback_metal_percent: 90, return_shipping_charge: 0 });
    expect(JSON.parse(audit.after!)).toEqual({ return_window_hours: 168, buyback_metal_percent: 87.5, return_shipping_charge: 250 });

    // Back to the documents' values for the tests below.
    expect((await api('PUT', '/setshoppolicy', { return_window_hours: 2, buyback_metal_percent: 90, return_shipping_charge: 0 }, owner.auth)).status).toBe(200);
  });

  it('refuses a manager, a shopper and a visitor (403), and changes nothing', async () => {
    const before = await storedPolicy();
    for (const headers of [manager.auth, shopper.auth, {}]) {
      const res = await api('PUT', '/setshoppolicy', { buyback_metal_percent: 10 }, headers);
      expect(res.status).toBe(403);
    }
    const refused = await api('PUT', '/setshoppolicy', { buyback_metal_percent: 10 }, manager.auth);
    expect(refused.body.description).toMatch(/permission|not allowed|owner/i);
    expect(await storedPolicy()).toEqual(before);
  });

  it('refuses bad values in words (400) and changes nothing', async () => {
    const before = await storedPolicy();
    const cases: Array<[unknown, string | RegExp]> = [
      [{ buyback_metal_percent: 101 }, 'The buy-back rate for metal must be a percentage from 0 to 100, with at most two decimals.'],
      [{ exchange_stone_percent: 12.345 }, 'The exchange rate for stones must be a percentage from 0 to 100, with at most two decimals.'],
      [{ return_window_hours: 1.5 }, 'The return window must be a whole number of hours from 0 to 8760 (a year).'],
      [{ refund_days_min: 10, refund_days_max: 7 }, 'The most business days a refund takes cannot be fewer than the least.'],
      [{ return_shipping_charge: -1 }, 'return_shipping_charge must be rupees from 0 to 10000, with at most two decimals.'],
      [{ non_returnable_kinds: ['used'] }, /Non-returnable kinds are some of custom, engraved, personalised/],
      [{ return_conditions: '   ' }, 'The return conditions must be written.'],
      [{ surprise: 1 }, /surprise/],
      [{}, 'Send at least one value of the policy to change.'],
      ['not json', /./],
    ];
    for (const [body, description] of cases) {
      const res = await api('PUT', '/setshoppolicy', body, owner.auth);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (typeof description === 'string') expect(res.body.description).toBe(description);
      else expect(res.body.description).toMatch(description);
    }
    expect(await storedPolicy()).toEqual(before);
  });

  it('saves concurrent edits one after another: every one answered, the last one whole, each recorded', async () => {
    const audits = async () => (await store.db.selectFrom('audit_log').select('id').where('action', '=', 'settings.shop_policy').execute()).length;
    const recorded = await audits();
    const values = [80, 81, 82, 83, 84, 85];
    const answers = await Promise.all(values.map((v, i) => api('PUT', '/setshoppolicy', { buyback_metal_percent: v, quote_valid_days: i + 1 }, owner.auth)));
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = await storedPolicy();
    // One request's values, whole: never one's percent with another's days.
    expect(values.indexOf(saved.buyback_metal_percent) + 1).toBe(saved.quote_valid_days);
    expect(await audits()).toBe(recorded + values.length);
    await api('PUT', '/setshoppolicy', { buyback_metal_percent: 90, quote_valid_days: 1 }, owner.auth);
  });
});

describe("the product's return flags", () => {
  it('are set in the product form, answered with the product, changed and cleared', async () => {
    const fields = productFields(catalogue.choices, {
      caratPrices: JSON.stringify([{ carat_id: catalogue.k22, inr_price: 52340.5, usd_price: 629.99 }]),
      partial_refund: '1',
      non_returnable: 'engraved',
      images: [{ bytes: await tinyImage('png'), name: 'front.png' }],
    });
    const product = await createWithForm(store, '/insertproduct', formData(fields), owner);
    expect(product).toMatchObject({ partial_refund: 1, non_returnable: 'engraved' });

    const cleared = await sendForm(store, '/updateproduct', formData({ p_id: String(product.p_id), partial_refund: '0', non_returnable: '' }), owner.auth);
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data).toMatchObject({ partial_refund: 0, non_returnable: null });

    const shown = await api('POST', '/getproductbyid', { p_id: product.p_id });
    expect(shown.body.data).toMatchObject({ partial_refund: 0, non_returnable: null });

    const bad = await sendForm(store, '/updateproduct', formData({ p_id: String(product.p_id), non_returnable: 'used' }), owner.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.description).toBe('non_returnable must be empty (returnable) or one of custom, engraved, personalised.');
  });

  it('default to returnable and not in the collection', async () => {
    const fields = productFields(catalogue.choices, {
      name: 'Plain Band',
      caratPrices: JSON.stringify([{ carat_id: catalogue.k22, inr_price: 1000, usd_price: 12 }]),
      images: [{ bytes: await tinyImage('png'), name: 'band.png' }],
    });
    const product = await createWithForm(store, '/insertproduct', formData(fields), owner);
    expect(product).toMatchObject({ partial_refund: 0, non_returnable: null });
  });
});

describe('GET /buybackquote/{oi_id}', () => {
  /** A delivered order of one ring of 5.250 g of 22K with ₹5,000 of stones and ₹4,567.50 of making (as the order recorded them). */
  async function deliveredRing(buyer: Awaited<ReturnType<typeof createUser>>, deliver = true) {
    const ring = await createProduct(store, { name: 'Mayur Ring', carats: [{ carat_id: catalogue.k22, inr_price: 5_150_000, usd_price: 62_000 }] });
    expect((await api('POST', '/createcart', { ...ring.selection, quantity: 1 }, buyer.auth)).body.status).toBe(1);
    const o_id = await placeCodOrder(store, buyer, { subtotal: 51_500 });
    const item = await store.db.selectFrom('order_items').select('oi_id').where('o_id', '=', o_id).executeTakeFirstOrThrow();
    await store.db.updateTable('order_items').set({ net_weight_mg: 5_250, stones_inr: 5_000_00, making_inr: 4_567_50 }).where('oi_id', '=', item.oi_id).execute();
    if (deliver) await advanceOrder(store, owner, o_id, 4);
    return item.oi_id;
  }

  it('answers the shopper their delivered piece at today\'s rate: 5.250 g of 22K at ₹7,250/g', async () => {
    const rates = await api('POST', '/setmetalrates', { rates: [{ carat_id: catalogue.k22, inr_per_gram: 7250 }, { carat_id: catalogue.k18, inr_per_gram: 5940 }], usd_inr: 84.5, confirm: true }, owner.auth);
    expect(rates.status, JSON.stringify(rates.body)).toBe(200);
    const oi_id = await deliveredRing(shopper);
    const before = Date.now();
    const res = await api('GET', `/buybackquote/${oi_id}`, undefined, shopper.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const quote = res.body.data;
    expect(quote).toMatchObject({ oi_id, name: 'Mayur Ring', carat: '22K', quantity: 1, net_weight_g: 5.25, rate_per_gram: 7250, metal_value: 38062.5 });
    expect(quote.exchange).toEqual({
      metal: { value: 38062.5, percent: 100, amount: 38062.5 },
      stones: { value: 5000, percent: 80, amount: 4000 },
      making: { value: 4567.5, percent: 0, amount: 0 },
      total: 42062.5,
    });
    expect(quote.buyback).toEqual({
      metal: { value: 38062.5, percent: 90, amount: 34256.25 },
      stones: { value: 5000, percent: 50, amount: 2500 },
      making: { value: 4567.5, percent: 0, amount: 0 },
      total: 36756.25,
    });
    expect(quote.words).toBe('5.250 g of 22K at ₹7,250.00/g: exchange value ₹42,062.50, buy-back value ₹36,756.25.');
    expect(Date.parse(quote.rate_time)).toBeLessThanOrEqual(Date.now());
    const validFor = Date.parse(quote.valid_until) - before;
    expect(validFor).toBeGreaterThanOrEqual(24 * 3600 * 1000 - 1000);
    expect(validFor).toBeLessThanOrEqual(24 * 3600 * 1000 + 60_000);
  });

  it("refuses another shopper's piece as missing, a visitor, and a bad number", async () => {
    const oi_id = await deliveredRing(shopper);
    const other = await createUser(store);
    const refused = await api('GET', `/buybackquote/${oi_id}`, undefined, other.auth);
    expect(refused.status).toBe(404);
    expect(refused.body.description).toBe('Order item not found.');
    expect(JSON.stringify(refused.body)).not.toContain('Mayur');
    expect((await api('GET', `/buybackquote/${oi_id}`, undefined, {})).status).toBe(403);
    expect((await api('GET', '/buybackquote/abc', undefined, shopper.auth)).status).toBe(400);
    expect((await api('GET', `/buybackquote/${oi_id + 10_000}`, undefined, shopper.auth)).status).toBe(404);
  });

  it('refuses in words a piece whose order is not delivered yet', async () => {
    const oi_id = await deliveredRing(shopper, false);
    const res = await api('GET', `/buybackquote/${oi_id}`, undefined, shopper.auth);
    expect(res.status).toBe(409);
    expect(res.body.description).toBe('A piece can be valued once its order has been delivered.');
  });

  it("follows the owner's rates", async () => {
    // A buyer of their own: one buyer's cash-on-delivery orders in a day are capped (s.269ST).
    const buyer = await createUser(store);
    const oi_id = await deliveredRing(buyer);
    await api('PUT', '/setshoppolicy', { buyback_metal_percent: 80, buyback_stone_percent: 0, exchange_allowed: false }, owner.auth);
    const quote = (await api('GET', `/buybackquote/${oi_id}`, undefined, buyer.auth)).body.data;
    expect(quote.exchange).toBeNull();
    expect(quote.buyback.total).toBe(30450); // 80% of ₹38,062.50
    await api('PUT', '/setshoppolicy', { buyback_metal_percent: 90, buyback_stone_percent: 50, exchange_allowed: true }, owner.auth);
  });
});
