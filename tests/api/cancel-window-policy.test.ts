/**
 * The shopper's cancellation window is the shop policy's (issue 36): the owner changes
 * cancel_window_hours (PUT /setshoppolicy) and what the shopper may cancel changes with it, in
 * the order answer's `cancellable` and in PUT /cancelorder, with the refusal saying the new
 * window in words; the refund's timing the shopper is told is the policy's refund days. Both
 * engines (tests/helpers/with-pg.sh).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../helpers/admin.ts';
import { contractCaller } from '../helpers/contract.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';
import { DEFAULT_SHOP_POLICY } from '../../rules/shop-policy.ts';
import { refundExpectedBy } from '../../rules/payments.ts';
import { renderEmail } from '../../api/messages/render.ts';

let store: TestStore;
let owner: Awaited<ReturnType<typeof createUser>>;
let shopper: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  store = await createTestStore();
  owner = await createUser(store, { u_type: '0' });
  shopper = await createUser(store);
});
afterAll(() => store.close());

const api = contractCaller(() => store);
/** Minutes ago, as the store writes times. */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
const setWindow = async (hours: number) => expect((await api('PUT', '/setshoppolicy', { cancel_window_hours: hours }, owner.auth)).status).toBe(200);
const cancellable = async (o_id: number) => (await api('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth)).body.data.find((o: any) => o.o_id === o_id).cancellable;
const statusOf = async (o_id: number) => (await store.db.selectFrom('orders').select('status').where('o_id', '=', o_id).executeTakeFirstOrThrow()).status;

describe("the shopper's cancellation window follows the shop policy", () => {
  it('a longer window lets the shopper cancel a 3-hour-old order the default 2 hours would refuse', async () => {
    expect(DEFAULT_SHOP_POLICY.cancel_window_hours).toBe(2);
    const { o_id } = await createOrder(store, { u_id: shopper.u_id, status: 1, created_at: minutesAgo(180) });
    expect(await cancellable(o_id)).toBe(false);
    const refused = await api('PUT', '/cancelorder', { o_id }, shopper.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.description).toBe('Orders can be cancelled within 2 hours of placing them. Please contact us for help with this order.');

    await setWindow(24);
    expect(await cancellable(o_id)).toBe(true);
    const answer = (await api('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth)).body.data.find((o: any) => o.o_id === o_id);
    expect(Date.parse(answer.cancel_until) - Date.parse(answer.createdAt)).toBe(24 * 60 * 60 * 1000);
    const res = await api('PUT', '/cancelorder', { o_id }, shopper.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ o_id, status: 5 });
  });

  it('a shorter window refuses a 90-minute-old order, saying the window in words; the shop still may cancel it', async () => {
    await setWindow(1);
    const { o_id } = await createOrder(store, { u_id: shopper.u_id, status: 2, created_at: minutesAgo(90) });
    expect(await cancellable(o_id)).toBe(false);
    expect((await api('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth)).body.data.find((o: any) => o.o_id === o_id).cancel_until).toBeNull();
    const res = await api('PUT', '/cancelorder', { o_id }, shopper.auth);
    expect(res.status).toBe(409);
    expect(res.body.description).toBe('Orders can be cancelled within 1 hour of placing them. Please contact us for help with this order.');
    expect(await statusOf(o_id)).toBe(2);
    expect((await api('PUT', '/updateorderstatus', { o_id, status: 5 }, owner.auth)).status).toBe(200);
    await setWindow(DEFAULT_SHOP_POLICY.cancel_window_hours);
  });

  it("tells the shopper cancelling a paid order the policy's refund days", async () => {
    expect((await api('PUT', '/setshoppolicy', { refund_days_min: 3, refund_days_max: 5 }, owner.auth)).status).toBe(200);
    const { o_id } = await createOrder(store, { u_id: shopper.u_id, status: 1, created_at: minutesAgo(5), fields: { payment_method: 'online', payment_status: 'paid' } });
    // The cancel dialog says it before the shopper confirms: the order answer's refund_timing.
    const before = (await api('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth)).body.data.find((o: any) => o.o_id === o_id);
    expect(before.refund_timing).toBe('within 3-5 business days');
    const res = await api('PUT', '/cancelorder', { o_id }, shopper.auth);
    expect(res.status).toBe(200);
    expect(res.body.description).toBe('Order cancelled. Your refund will reach your original payment method within 3-5 business days.');
    // The cancelled e-mail's "Expected by": the policy's 5 business days after the cancel (weekends not counted), not a fixed 7 days.
    const mail = await store.db.selectFrom('outbox').select(['payload', 'created_at']).where('event', '=', 'order.cancelled').where('dedupe_key', '=', `order.cancelled:${o_id}:email`).executeTakeFirstOrThrow();
    const payload = typeof mail.payload === 'string' ? JSON.parse(mail.payload) : mail.payload;
    expect(payload.refund.expected_by).toBe(refundExpectedBy(new Date(payload.at), { refund_days_min: 3, refund_days_max: 5 }));
    const text = (await renderEmail('order.cancelled', payload, { db: store.db, config: store.config })).text;
    expect(text).toContain(new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(payload.refund.expected_by)));
    const { refund_days_min, refund_days_max } = DEFAULT_SHOP_POLICY;
    expect((await api('PUT', '/setshoppolicy', { refund_days_min, refund_days_max }, owner.auth)).status).toBe(200);
  });
});
