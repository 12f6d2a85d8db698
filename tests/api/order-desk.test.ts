import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Callers, createOrder, expectRefused, storeWithCallers } from '../helpers/admin.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { contractCaller, expectMatchesContract } from '../helpers/contract.ts';
import { call, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let admin: Callers['admin'];
let refused: Callers['refused'];

beforeAll(async () => ({ store, admin, refused } = await storeWithCallers()));
afterAll(() => store.close());

const api = contractCaller(() => store);

const orderRow = (o_id: number) => store.db.selectFrom('orders').selectAll().where('o_id', '=', o_id).executeTakeFirstOrThrow();
const historyOf = (o_id: number) =>
  store.db.selectFrom('order_status_history').selectAll().where('o_id', '=', o_id).orderBy('osh_id').execute();
/** Minutes ago, as the store writes times. */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');

/** Shipped needs the HUID of every piece (api/orders/shipment.ts): records one per piece. */
async function hallmark(o_id: number) {
  const items = await store.db.selectFrom('order_items').select(['oi_id', 'quantity']).where('o_id', '=', o_id).execute();
  for (const item of items) {
    const pieces = Array.from({ length: item.quantity }, (_, i) => ({ oi_id: item.oi_id, piece: i + 1, huid: `H${item.oi_id}P${i}`.padEnd(6, '0').slice(-6).toUpperCase() }));
    if (pieces.length) await store.db.insertInto('order_item_huids').values(pieces).execute();
  }
}

const SHOP_ALLOWED = new Set(['1->2', '2->3', '3->4', '1->5', '2->5']);

describe('PUT /updateorderstatus: every transition, allowed and refused', () => {
  for (const from of [1, 2, 3, 4, 5]) {
    for (const to of [1, 2, 3, 4, 5]) {
      const key = `${from}->${to}`;
      const allowed = SHOP_ALLOWED.has(key);
      it(`${key} is ${allowed ? 'made and recorded' : 'refused with 409, changing nothing'}`, async () => {
        const { o_id } = await createOrder(store, { status: from });
        await hallmark(o_id);
        const before = await orderRow(o_id);
        const res = await api('PUT', '/updateorderstatus', { o_id, status: to, note: 'desk test' }, admin.auth);
        const after = await orderRow(o_id);
        const history = await historyOf(o_id);
        if (allowed) {
          expect(res.status).toBe(200);
          expect(after.status).toBe(to);
          expect(history).toEqual([
            expect.objectContaining({ from_status: from, to_status: to, actor: 'shop', u_id: admin.u_id, note: 'desk test', created_at: expect.any(String) }),
          ]);
        } else {
          expect(res.status).toBe(409);
          expect(res.body.description).toMatch(/^This order .+\.$/);
          expect(res.body.data).toMatchObject({ o_id, status: from });
          expect(after).toEqual(before);
          expect(history).toEqual([]);
        }
      });
    }
  }

  it('moves one step at a time and says what must come first', async () => {
    const { o_id } = await createOrder(store, { status: 1 });
    const skip = await api('PUT', '/updateorderstatus', { o_id, status: 4 }, admin.auth);
    expect(skip.status).toBe(409);
    expect(skip.body).toEqual({
      status: 0,
      description: 'This order is Pending; it must be Processing before it can be Delivered.',
      data: { o_id, status: 1, next_statuses: [2, 5] },
    });
  });

  it('ten administrators moving one order at once: one change is made and recorded, the rest are refused', async () => {
    const { o_id } = await createOrder(store, { status: 1 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(store, 'PUT', '/updateorderstatus', { o_id, status: 2 }, admin.auth)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect((await orderRow(o_id)).status).toBe(2);
    expect(await historyOf(o_id)).toHaveLength(1);
  });
});

describe('cancel and refund: ten administrators confirming at once', () => {
  /** A Processing order paid online through the sandbox provider: its payment is 'used' by the order. */
  async function paidOnline() {
    const shopper = await createUser(store);
    const provider_order_id = `order_race_${shopper.u_id}`;
    const { o_id } = await createOrder(store, { u_id: shopper.u_id, status: 2, fields: { payment_method: 'online', payment_status: 'paid', provider_order_id } });
    await store.db
      .insertInto('payments')
      .values({ provider: 'sandbox', provider_order_id, payment_session_id: `session_race_${shopper.u_id}`, u_id: shopper.u_id, currency: 'INR', amount: 5234050, status: 'used', o_id })
      .execute();
    return { o_id, provider_order_id };
  }

  it('one cancels and refunds once; the other nine get 409 with a sentence, none a 500', async () => {
    const { o_id, provider_order_id } = await paidOnline();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(store, 'PUT', '/updateorderstatus', { o_id, status: 5, refund_amount: 52340.5 }, admin.auth)),
    );
    for (const answer of answers) expectMatchesContract('PUT', '/updateorderstatus', answer);
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const done = answers.find((a) => a.status === 200)!;
    expect(done.body.data).toEqual({ o_id, status: 5, payment_status: 'refunded', refund_amount: 52340.5 });
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.status).toBe(0);
      expect(refused.body.description).toMatch(/^[A-Z][^\n]+\.$/);
    }

    expect(await orderRow(o_id)).toMatchObject({ status: 5, payment_status: 'refunded', refund_amount: 5234050, refunded_at: expect.any(String) });
    const payment = await store.db.selectFrom('payments').selectAll().where('provider_order_id', '=', provider_order_id).executeTakeFirstOrThrow();
    expect(payment.status).toBe('refunded');
    // One cancel (refund pending in its transaction), then one refund accepted by the provider: no twin of either.
    const history = await historyOf(o_id);
    expect(history).toEqual([
      expect.objectContaining({ from_status: 2, to_status: 5, payment_status: 'refund_pending', actor: 'shop', u_id: admin.u_id }),
      expect.objectContaining({ from_status: 5, to_status: 5, payment_status: 'refunded', actor: 'system', u_id: null }),
    ]);
  });
});

describe('PUT /cancelorder: the shopper within 2 hours', () => {
  it('cancels Pending or Processing within the window, recorded as the shopper; refuses later or once shipped', async () => {
    const shopper = await createUser(store);
    for (const status of [1, 2]) {
      const { o_id } = await createOrder(store, { u_id: shopper.u_id, status, created_at: minutesAgo(119) });
      const res = await api('PUT', '/cancelorder', { o_id }, shopper.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ o_id, status: 5, payment_status: 'unpaid' });
      expect(await historyOf(o_id)).toEqual([expect.objectContaining({ from_status: status, to_status: 5, actor: 'shopper', u_id: shopper.u_id })]);
    }
    const cases: Array<[number, string, string]> = [
      [1, minutesAgo(121), 'Orders can be cancelled within 2 hours of placing them. Please contact us for help with this order.'],
      [3, minutesAgo(5), 'This order has already been shipped and can no longer be cancelled.'],
      [4, minutesAgo(5), 'This order has been delivered; a delivered order cannot change status.'],
      [5, minutesAgo(5), 'This order is already cancelled.'],
    ];
    for (const [status, created_at, description] of cases) {
      const { o_id } = await createOrder(store, { u_id: shopper.u_id, status, created_at });
      const res = await api('PUT', '/cancelorder', { o_id }, shopper.auth);
      expect(res.status).toBe(409);
      expect(res.body.description).toBe(description);
      expect((await orderRow(o_id)).status).toBe(status);
      expect(await historyOf(o_id)).toEqual([]);
    }
  });

  it("the shop may cancel after the shopper's window, until the order ships", async () => {
    const { o_id } = await createOrder(store, { status: 2, created_at: minutesAgo(600) });
    expect((await api('PUT', '/updateorderstatus', { o_id, status: 5 }, admin.auth)).status).toBe(200);
  });
});

describe('payment status in every order answer', () => {
  it('unpaid cash becomes paid on delivery; the shopper and the administrator read the same', async () => {
    const shopper = await createUser(store);
    const { o_id } = await createOrder(store, { u_id: shopper.u_id });
    await hallmark(o_id);
    const read = async () => {
      const mine = (await api('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth)).body.data.find((o: any) => o.o_id === o_id);
      const posted = (await api('POST', '/getuserorder', { u_id: shopper.u_id }, shopper.auth)).body.data.find((o: any) => o.o_id === o_id);
      const all = (await api('GET', '/getallorders', undefined, admin.auth)).body.data.find((o: any) => o.o_id === o_id);
      expect(posted.payment_status).toBe(mine.payment_status);
      expect(all.payment_status).toBe(mine.payment_status);
      return mine;
    };
    expect(await read()).toMatchObject({ payment_status: 'unpaid', refund_amount: null, refunded_at: null });
    for (const status of [2, 3, 4]) await api('PUT', '/updateorderstatus', { o_id, status }, admin.auth);
    expect(await read()).toMatchObject({ status: 4, payment_status: 'paid' });
  });
});

describe('the order desk', () => {
  it('searches by order number, name, phone or e-mail, filters by status and pages on the server', async () => {
    const tag = `Zenobia${Date.now()}`;
    const made: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { o_id } = await createOrder(store, {
        status: i < 3 ? 1 : 2,
        fields: { first_name: tag, last_name: `Rao ${i}`, phone_number: `70000${i}1234`, email: `z${i}@desk.example` },
      });
      made.push(o_id);
    }
    const page1 = await api('GET', `/getorderlist?search=${tag.toLowerCase()}&perPage=2`, undefined, admin.auth);
    expect(page1.status).toBe(200);
    expect(page1.body.data.totalCount).toBe(5);
    expect(page1.body.data.orderData.map((o: any) => o.o_id)).toEqual([made[4], made[3]]);
    const page3 = await api('GET', `/getorderlist?search=${tag}&perPage=2&page=3`, undefined, admin.auth);
    expect(page3.body.data.orderData.map((o: any) => o.o_id)).toEqual([made[0]]);
    const processing = await api('GET', `/getorderlist?search=${tag}&status=2`, undefined, admin.auth);
    expect(processing.body.data.orderData.map((o: any) => o.o_id)).toEqual([made[4], made[3]]);
    const byNumber = await api('GET', `/getorderlist?search=%23${made[2]}`, undefined, admin.auth);
    expect(byNumber.body.data.orderData.map((o: any) => o.o_id)).toContain(made[2]);
    const byPhone = await api('GET', '/getorderlist?search=7000021234', undefined, admin.auth);
    expect(byPhone.body.data.orderData.map((o: any) => o.o_id)).toEqual([made[2]]);
    const byMail = await api('GET', '/getorderlist?search=Z3@DESK', undefined, admin.auth);
    expect(byMail.body.data.orderData.map((o: any) => o.o_id)).toEqual([made[3]]);
    const wildcard = await api('GET', '/getorderlist?search=%25', undefined, admin.auth);
    expect(wildcard.body.data.totalCount).toBe(0);
    const row = page1.body.data.orderData[0];
    expect(row).toMatchObject({ first_name: tag, total: 52340.5, payment_status: 'unpaid', next_statuses: [3, 5], refund_on_cancel: null, internal_note: null });
    const bad = await api('GET', '/getorderlist?status=7', undefined, admin.auth);
    expect(bad.status).toBe(400);
  });

  it('shows one order in full and keeps the note (shop only) and the shipment (shopper sees it)', async () => {
    const shopper = await createUser(store);
    const { p_id } = await createProduct(store);
    const { o_id } = await createOrder(store, { u_id: shopper.u_id, p_id, fields: { coupon_name: 'WELCOME10', discount: 100 } });
    await api('PUT', '/updateorderstatus', { o_id, status: 2, note: 'Sized by the workshop' }, admin.auth);

    const note = await api('PUT', '/updateordernote', { o_id, internal_note: '  Gift wrap; call before delivery  ' }, admin.auth);
    expect(note.status).toBe(200);
    expect(note.body.data).toEqual({ o_id, internal_note: 'Gift wrap; call before delivery' });
    const shipment = await api('PUT', '/updateordershipment', { o_id, courier_name: 'BlueDart', tracking_number: 'BD123456789IN' }, admin.auth);
    expect(shipment.status).toBe(200);

    const detail = await api('GET', `/getorderdetail/${o_id}`, undefined, admin.auth);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      o_id,
      customer: { u_id: shopper.u_id, phone_number: shopper.phone },
      first_name: 'Asha',
      email: 'asha@example.com',
      phone_number: '9876543210',
      address: '12 Ring Road',
      city: 'Surat',
      coupon_name: 'WELCOME10',
      discount: 1,
      payment_method: 'cod',
      payment_status: 'unpaid',
      internal_note: 'Gift wrap; call before delivery',
      courier_name: 'BlueDart',
      tracking_number: 'BD123456789IN',
      next_statuses: [3, 5],
      status_history: [expect.objectContaining({ from_status: 1, to_status: 2, actor: 'shop', u_id: admin.u_id, note: 'Sized by the workshop', by: expect.any(String) })],
    });
    expect(detail.body.data.orderItems[0]).toMatchObject({ quantity: 2, price: 26170.25, carat: { name: '22K' }, material: { name: 'Yellow Gold' }, size: { size_name: '12' } });

    const mine = (await api('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth)).body.data.find((o: any) => o.o_id === o_id);
    expect(mine).toMatchObject({ courier_name: 'BlueDart', tracking_number: 'BD123456789IN' });
    expect(mine).not.toHaveProperty('internal_note');
    expect(JSON.stringify(mine)).not.toContain('Gift wrap');

    const cleared = await api('PUT', '/updateordershipment', { o_id, courier_name: '', tracking_number: null }, admin.auth);
    expect(cleared.body.data).toEqual({ o_id, courier_name: null, tracking_number: null });
    expect((await orderRow(o_id)).courier_name).toBeNull();
  });

  it('answers 404 for an unknown order and 400 for a bad one', async () => {
    expect((await api('GET', '/getorderdetail/999999', undefined, admin.auth)).status).toBe(404);
    expect((await api('PUT', '/updateordernote', { o_id: 999999, internal_note: 'x' }, admin.auth)).status).toBe(404);
    expect((await api('PUT', '/updateordershipment', { o_id: 999999, courier_name: 'x' }, admin.auth)).status).toBe(404);
    const long = await api('PUT', '/updateordernote', { o_id: 1, internal_note: 'x'.repeat(2001) }, admin.auth);
    expect(long.status).toBe(400);
    expect(long.body.description).toBe('internal_note must be at most 2000 characters.');
  });

  it('refuses shoppers and bad tokens (403) on every desk endpoint, changing nothing', async () => {
    const { o_id } = await createOrder(store);
    await expectRefused(store, refused, [
      ['GET', '/getorderlist'],
      ['GET', `/getorderdetail/${o_id}`],
      ['PUT', '/updateordernote', { o_id, internal_note: 'mine now' }],
      ['PUT', '/updateordershipment', { o_id, courier_name: 'Fake', tracking_number: 'X' }],
      ['PUT', '/updateorderstatus', { o_id, status: 2 }],
    ]);
    expect(await orderRow(o_id)).toMatchObject({ status: 1, internal_note: null, courier_name: null });
  });
});
