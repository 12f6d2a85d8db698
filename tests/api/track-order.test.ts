/**
 * GET /trackorder/{o_id} (issue 35): one of the shopper's own orders with the date of each step,
 * the courier's tracking page and the GST its total includes; another shopper's order is
 * answered as missing. Every answer checked against openapi.yaml.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCaller } from '../helpers/contract.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { advanceOrder, placeCodOrder } from '../helpers/orders.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

const api = contractCaller(() => store);
type Shopper = Awaited<ReturnType<typeof createUser>>;

/** A shopper's order of one ring at ₹51,500.00 delivered to `state` (Gujarat is the demo shop's own state). */
async function orderRing(shopper: Shopper, extra: object = {}) {
  const ring = await createProduct(store, { name: 'Lotus Ring', carats: [{ inr_price: 5150000, usd_price: 62000 }] });
  const added = await api('POST', '/createcart', { ...ring.selection, quantity: 1 }, shopper.auth);
  expect(added.body.status).toBe(1);
  return placeCodOrder(store, shopper, { subtotal: 51500 }, extra);
}

describe('GET /trackorder/{o_id}', () => {
  it('answers the shopper their order with its steps, dates, GST and, once shipped, the courier link', async () => {
    const shopper = await createUser(store);
    const admin = await createUser(store, { u_type: '0' });
    const o_id = await orderRing(shopper);

    const placed = await api('GET', `/trackorder/${o_id}`, undefined, shopper.auth);
    expect(placed.status).toBe(200);
    expect(placed.body.data).toMatchObject({ o_id, status: 1, total: 51500, shipped_at: null, delivered_at: null, tracking_url: null, payment_method: 'cod' });
    expect(placed.body.data.steps).toEqual([{ status: 1, at: placed.body.data.createdAt }]);
    expect(placed.body.data.orderItems[0].product.name).toBe('Lotus Ring');
    // Surat, Gujarat from a Gujarat shop: CGST + SGST, 1.5% each of the taxable value (51,500 / 1.03 = 50,000).
    expect(placed.body.data.tax).toEqual({ supply: 'intra_state', taxable: 50000, cgst: 750, sgst: 750, igst: 0 });

    const shipment = await api('PUT', '/updateordershipment', { o_id, courier_name: 'Blue Dart', tracking_number: 'BD123456789IN' }, admin.auth);
    expect(shipment.status).toBe(200);
    await advanceOrder(store, admin, o_id, 3);

    const shipped = await api('GET', `/trackorder/${o_id}`, undefined, shopper.auth);
    const data = shipped.body.data;
    expect(data.status).toBe(3);
    expect(data.steps.map((s: { status: number }) => s.status)).toEqual([1, 2, 3]);
    expect(data.shipped_at).toBe(data.steps[2].at);
    expect(Date.parse(data.shipped_at)).toBeGreaterThanOrEqual(Date.parse(data.createdAt));
    expect(data.tracking_url).toBe('https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=BD123456789IN');
    expect(data.invoice_no).toBeTruthy();
    // The issued invoice's figures: the same split.
    expect(data.tax).toEqual({ supply: 'intra_state', taxable: 50000, cgst: 750, sgst: 750, igst: 0 });

    await advanceOrder(store, admin, o_id, 4);
    const delivered = (await api('GET', `/trackorder/${o_id}`, undefined, shopper.auth)).body.data;
    expect(delivered.delivered_at).toBe(delivered.steps.at(-1).at);
    expect(delivered.steps.map((s: { status: number }) => s.status)).toEqual([1, 2, 3, 4]);
  });

  it('splits IGST for an order to another Indian state', async () => {
    const shopper = await createUser(store);
    const o_id = await orderRing(shopper, { city: 'Mumbai', state: 'Maharashtra', zip_code: '400001' });
    const { tax } = (await api('GET', `/trackorder/${o_id}`, undefined, shopper.auth)).body.data;
    expect(tax).toEqual({ supply: 'inter_state', taxable: 50000, cgst: 0, sgst: 0, igst: 1500 });
  });

  it('refuses another shopper\'s order as missing, and a visitor, and a bad number', async () => {
    const owner = await createUser(store);
    const other = await createUser(store);
    const o_id = await orderRing(owner);
    const refused = await api('GET', `/trackorder/${o_id}`, undefined, other.auth);
    expect(refused.status).toBe(404);
    expect(refused.body.description).toBe('Order not found.');
    expect(JSON.stringify(refused.body)).not.toContain('Lotus');
    expect((await api('GET', `/trackorder/${o_id + 1000}`, undefined, owner.auth)).status).toBe(404);
    expect((await api('GET', `/trackorder/${o_id}`, undefined, {})).status).toBe(403);
    for (const bad of ['abc', '0', '-1', '99999999999999999999']) {
      const res = await api('GET', `/trackorder/${bad}`, undefined, owner.auth);
      expect(res.status, bad).toBe(400);
    }
    // Staff who may view orders see any.
    const admin = await createUser(store, { u_type: '0' });
    expect((await api('GET', `/trackorder/${o_id}`, undefined, admin.auth)).status).toBe(200);
  });
});
