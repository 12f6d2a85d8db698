import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnswerCase, type Callers, createOrder, expectAnswers, expectRefused, storeWithCallers } from '../helpers/admin.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let admin: Callers['admin'];
let refused: Callers['refused'];

beforeAll(async () => ({ store, admin, refused } = await storeWithCallers()));
afterAll(() => store.close());

describe('GET /getallorders', () => {
  it('lists every order, newest first, with items naming product, carat, material and size', async () => {
    const shopper = await createUser(store);
    const { p_id } = await createProduct(store);
    const older = await createOrder(store, { u_id: shopper.u_id, p_id, created_at: '2026-01-01 10:00:00' });
    const newer = await createOrder(store, { u_id: null, created_at: '2026-02-01 10:00:00' });
    const res = await call(store, 'GET', '/getallorders', undefined, admin.auth);
    expect(res.status).toBe(200);
    expectMatchesContract('GET', '/getallorders', res);
    const ids = res.body.data.map((o: any) => o.o_id);
    expect(ids.indexOf(newer.o_id)).toBeLessThan(ids.indexOf(older.o_id));
    const order = res.body.data.find((o: any) => o.o_id === older.o_id);
    expect(order).toMatchObject({ u_id: shopper.u_id, status: 1, total: 52340.5, address: '12 Ring Road', apartment: 'Flat 4', city: 'Surat', state: 'Gujarat', zip_code: '395003', createdAt: '2026-01-01T10:00:00Z' });
    expect(order.orderItems).toEqual([
      expect.objectContaining({
        quantity: 2,
        price: 26170.25,
        product: { p_id, name: 'Lotus Ring', images: [{ imageUrl: 'lotus.png', type: 'image' }] },
        carat: expect.objectContaining({ name: '22K' }),
        material: expect.objectContaining({ name: 'Yellow Gold' }),
        size: expect.objectContaining({ size_name: '12' }),
      }),
    ]);
  });

  it('pages when asked, and refuses bad paging and non-administrators', async () => {
    for (let i = 0; i < 3; i++) await createOrder(store);
    const page = await call(store, 'GET', '/getallorders?page=1&perPage=2', undefined, admin.auth);
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    const bad = await call(store, 'GET', '/getallorders?perPage=1000', undefined, admin.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.description).toBe('perPage must be a whole number from 1 to 100.');
    expectMatchesContract('GET', '/getallorders', bad);
    await expectRefused(store, refused, [['GET', '/getallorders']]);
  });
});

describe('PUT /updateorderstatus', () => {
  it('moves an order along its lifecycle, 1 -> 2 -> 3 -> 4 (cash collected on delivery)', async () => {
    const { o_id } = await createOrder(store);
    // Shipped needs the HUID of every piece (api/orders/shipment.ts).
    const items = await store.db.selectFrom('order_items').select(['oi_id', 'quantity']).where('o_id', '=', o_id).execute();
    for (const item of items) {
      const pieces = Array.from({ length: item.quantity }, (_, i) => ({ oi_id: item.oi_id, piece: i + 1, huid: `H${item.oi_id}P${i}`.padEnd(6, '0').slice(0, 6) }));
      if (pieces.length) await store.db.insertInto('order_item_huids').values(pieces).execute();
    }
    for (const [status, payment_status] of [[2, 'unpaid'], ['3', 'unpaid'], [4, 'paid']] as const) {
      const res = await call(store, 'PUT', '/updateorderstatus', { o_id, status }, admin.auth);
      expect(res.status).toBe(200);
      expectMatchesContract('PUT', '/updateorderstatus', res);
      expect(res.body).toEqual({ status: 1, description: 'Order status updated successfully.', data: { o_id, status: Number(status), payment_status, refund_amount: null } });
      expect((await store.db.selectFrom('orders').select('status').where('o_id', '=', o_id).executeTakeFirstOrThrow()).status).toBe(Number(status));
    }
  });

  it('refuses a status outside 1-5, an unknown order and non-administrators, changing nothing', async () => {
    const { o_id } = await createOrder(store, { status: 2 });
    const message = 'status must be 1 (Pending), 2 (Processing), 3 (Shipped), 4 (Delivered) or 5 (Cancelled).';
    await expectAnswers(store, 'PUT', '/updateorderstatus', [
      [{ o_id, status: 0 }, admin.auth, 400, message],
      [{ o_id, status: 6 }, admin.auth, 400, message],
      [{ o_id, status: 2.5 }, admin.auth, 400, message],
      [{ o_id, status: 'Shipped' }, admin.auth, 400, message],
      [{ o_id, status: -1 }, admin.auth, 400, message],
      [{ o_id }, admin.auth, 400, message],
      [{ status: 3 }, admin.auth, 400, 'o_id must be a record id (a whole number, 1 or more).'],
      [{ o_id: 999999, status: 3 }, admin.auth, 404, 'Order not found.'],
      ...refused.map(([, headers]): AnswerCase => [{ o_id, status: 5 }, headers, 403, expect.any(String)]),
    ]);
    expect((await store.db.selectFrom('orders').select('status').where('o_id', '=', o_id).executeTakeFirstOrThrow()).status).toBe(2);
  });
});
