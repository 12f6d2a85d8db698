import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundIdOf, retryDueRefunds } from '../../api/orders/refund.ts';
import { signWebhook } from '../../api/payments/cashfree.ts';
import { type CashfreeFake, startCashfreeFake } from '../helpers/cashfree-fake.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { createCoupon, createProduct } from '../helpers/catalogue.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

type Shopper = Awaited<ReturnType<typeof createUser>>;

const address = {
  first_name: 'Ravi',
  last_name: 'Shah',
  email: 'ravi@example.com',
  phone_number: '9876543210',
  address: '7 Diamond Street',
  apartment: '',
  city: 'Surat',
  state: 'Gujarat',
  zip_code: '395007',
};

function paymentBody(shopper: Shopper, amount: number, extra: object = {}) {
  return {
    order_amount: amount,
    customer_id: String(shopper.u_id),
    customer_name: 'Ravi Shah',
    customer_email: 'ravi@example.com',
    customer_phone: '9876543210',
    ...extra,
  };
}

function onlineOrder(shopper: Shopper, amount: number, order_id: string, extra: object = {}) {
  return {
    u_id: shopper.u_id,
    shipping: 0,
    subtotal: amount,
    discount: 0,
    total: amount,
    priceType: 'inr_price',
    payment_method: 'online',
    payment_status: 'SUCCESS',
    order_id,
    ...address,
    ...extra,
  };
}

function helpers(get: () => TestStore) {
  const api = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await call(get(), method, url, body, headers);
    expectMatchesContract(method, url, res);
    return res;
  };
  const addToCart = async (shopper: Shopper, selection: object, quantity = 1) => {
    const res = await api('POST', '/createcart', { ...selection, quantity }, shopper.auth);
    expect(res.body.status).toBe(1);
  };
  const orders = (u_id: number) => get().db.selectFrom('orders').selectAll().where('u_id', '=', u_id).execute();
  const cartCount = async (u_id: number) => (await get().db.selectFrom('cart_items').select('c_id').where('u_id', '=', u_id).execute()).length;
  /** A ₹1,000 piece of its own, put in the shopper's cart; answers the product. */
  const addPieceToCart = async (shopper: Shopper) => {
    const product = await createProduct(get(), { carats: [{ inr_price: 100000, usd_price: 1200 }] });
    await addToCart(shopper, product.selection);
    return product;
  };
  /** An online order sent again (the return page reloaded, or reached after the order was placed) answers that order, and there is still one. */
  const expectSameOrder = async (again: { status: number; body: any }, shopper: Shopper, o_id: number) => {
    expect(again.status).toBe(200);
    expect(again.body.data.o_id).toBe(o_id);
    expect(await orders(shopper.u_id)).toHaveLength(1);
  };
  return { api, addToCart, orders, cartCount, addPieceToCart, expectSameOrder };
}

describe('sandbox provider', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore({ PUBLIC_URL: 'http://shop.test' });
  });
  afterAll(() => store.close());
  const { api, addToCart, orders, cartCount, addPieceToCart, expectSameOrder } = helpers(() => store);

  /** Opens the hosted page and presses a button, as a browser would. */
  async function press(sessionId: string, button: 'pay' | 'fail', returnUrl = 'http://shop.test/orderconfirm') {
    const page = await store.app.request(`/sandbox/pay/${sessionId}?return_url=${encodeURIComponent(returnUrl)}`);
    expectMatchesContract('GET', `/sandbox/pay/${sessionId}`, { status: page.status, body: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(`action="/sandbox/pay/${sessionId}/${button}"`);
    const res = await store.app.request(`/sandbox/pay/${sessionId}/${button}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ return_url: returnUrl }).toString(),
    });
    expectMatchesContract('POST', `/sandbox/pay/${sessionId}/${button}`, { status: res.status, body: null });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location') ?? '');
  }

  it('serves the browser library and names it in /paymentconfig', async () => {
    const lib = await store.app.request('/sandbox/cashfree.js');
    expectMatchesContract('GET', '/sandbox/cashfree.js', { status: lib.status, body: null });
    expect(lib.status).toBe(200);
    expect(lib.headers.get('content-type')).toContain('text/javascript');
    const code = await lib.text();
    expect(code).toContain('window.Cashfree = Cashfree');
    expect(code).toContain('/sandbox/pay/');
    const config = await api('GET', '/paymentconfig');
    expect(config.body.data).toEqual({ provider: 'sandbox', mode: 'sandbox', sdk_url: '/sandbox/cashfree.js' });
  });

  it('pays: session for the server-priced cart, hosted page, return with SUCCESS, then the order', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store, { carats: [{ inr_price: 5234050, usd_price: 63099 }] });
    const coupon = await createCoupon(store, { discount_bp: 1000 });
    await addToCart(shopper, product.selection, 2);
    // 104,681 - 10% = 94,212.90
    const started = await api('POST', '/payment', paymentBody(shopper, 94212.9, { coupon_name: coupon.coupon_name }), shopper.auth);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ amount: 94212.9, currency: 'INR', provider: 'sandbox', mode: 'sandbox' });
    const { payment_session_id, order_id } = started.body.data;

    // Before paying, the order is refused: the provider has not confirmed.
    const early = await api('POST', '/createorder', onlineOrder(shopper, 104681, order_id, { discount: 10468.1, total: 94212.9, coupon_name: coupon.coupon_name }), shopper.auth);
    expect(early.status).toBe(402);
    expect(await orders(shopper.u_id)).toHaveLength(0);

    const back = await press(payment_session_id, 'pay');
    expect(back.origin + back.pathname).toBe('http://shop.test/orderconfirm');
    expect(back.searchParams.get('order_id')).toBe(order_id);
    expect(back.searchParams.get('txStatus')).toBe('SUCCESS');

    const placed = await api(
      'POST',
      '/createorder',
      onlineOrder(shopper, 104681, order_id, { discount: 10468.1, total: 94212.9, coupon_name: coupon.coupon_name }),
      shopper.auth,
    );
    expect(placed.status).toBe(201);
    const [order] = await orders(shopper.u_id);
    expect(order).toMatchObject({ o_id: placed.body.data.o_id, payment_method: 'online', payment_status: 'paid', provider_order_id: order_id, total: 9421290 });
    expect(await cartCount(shopper.u_id)).toBe(0);
    const payment = await store.db.selectFrom('payments').selectAll().where('provider_order_id', '=', order_id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'used', o_id: order.o_id, u_id: shopper.u_id });

    // The return page reloaded: the same order, not a second one.
    const replay = await api('POST', '/createorder', onlineOrder(shopper, 104681, order_id, { discount: 10468.1, total: 94212.9, coupon_name: coupon.coupon_name }), shopper.auth);
    await expectSameOrder(replay, shopper, order.o_id);
  });

  it('places the order from the stored checkout when Pay is pressed, so the return finds it', async () => {
    const shopper = await createUser(store);
    await addPieceToCart(shopper);
    const started = await api('POST', '/payment', paymentBody(shopper, 1000, { checkout: address }), shopper.auth);
    const { payment_session_id, order_id } = started.body.data;
    await press(payment_session_id, 'pay');
    const [order] = await orders(shopper.u_id);
    expect(order).toMatchObject({ provider_order_id: order_id, payment_status: 'paid', city: 'Surat' });
    expect(await cartCount(shopper.u_id)).toBe(0);
    const returned = await api('POST', '/createorder', onlineOrder(shopper, 1000, order_id), shopper.auth);
    await expectSameOrder(returned, shopper, order.o_id);
  });

  it('fails: return with FAILED, and the order is refused', async () => {
    const shopper = await createUser(store);
    await addPieceToCart(shopper);
    const started = await api('POST', '/payment', paymentBody(shopper, 1000), shopper.auth);
    const back = await press(started.body.data.payment_session_id, 'fail');
    expect(back.searchParams.get('txStatus')).toBe('FAILED');
    const refused = await api('POST', '/createorder', onlineOrder(shopper, 1000, started.body.data.order_id), shopper.auth);
    expect(refused.status).toBe(402);
    expect(refused.body.description).toBe('Your payment has not been confirmed by the payment provider.');
    expect(await orders(shopper.u_id)).toHaveLength(0);
    expect(await cartCount(shopper.u_id)).toBe(1);
    // A failed payment stays failed: Pay afterwards changes nothing.
    const page = await store.app.request(`/sandbox/pay/${started.body.data.payment_session_id}`);
    expect(await page.text()).toContain('already failed');
  });

  it('refuses a tampered amount, another user\'s customer id or payment, an unknown order id, a foreign return URL', async () => {
    const shopper = await createUser(store);
    const intruder = await createUser(store);
    const product = await createProduct(store, { carats: [{ inr_price: 100000, usd_price: 1200 }] });
    await addToCart(shopper, product.selection);
    await addToCart(intruder, product.selection);

    const cheap = await api('POST', '/payment', paymentBody(shopper, 1), shopper.auth);
    expect(cheap.status).toBe(400);
    expect(cheap.body.description).toBe('Order total does not match the current prices. Please review your cart.');
    const asOther = await api('POST', '/payment', paymentBody(shopper, 1000, { customer_id: intruder.u_id }), shopper.auth);
    expect(asOther.status).toBe(403);
    const evil = await api('POST', '/payment', paymentBody(shopper, 1000, { return_url: 'https://evil.example/steal' }), shopper.auth);
    expect(evil.status).toBe(400);
    expect((await api('POST', '/payment', paymentBody(shopper, 1000))).status).toBe(403);
    expect(await store.db.selectFrom('payments').select('pay_id').where('u_id', '=', shopper.u_id).execute()).toHaveLength(0);

    const started = await api('POST', '/payment', paymentBody(shopper, 1000), shopper.auth);
    const { payment_session_id, order_id } = started.body.data;
    // The hosted page never sends a shopper off the store, whatever return_url says.
    const back = await press(payment_session_id, 'pay', 'http://shop.test/orderconfirm');
    expect(back.host).toBe('shop.test');
    const offsite = await store.app.request(`/sandbox/pay/${payment_session_id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'return_url=https%3A%2F%2Fevil.example%2F',
    });
    expect(offsite.status).toBe(400);
    expectMatchesContract('POST', `/sandbox/pay/${payment_session_id}/pay`, { status: offsite.status, body: await offsite.json() });

    const stolen = await api('POST', '/createorder', onlineOrder(intruder, 1000, order_id), intruder.auth);
    expect(stolen.status).toBe(403);
    const unknown = await api('POST', '/createorder', onlineOrder(shopper, 1000, 'order_does_not_exist'), shopper.auth);
    expect(unknown.status).toBe(404);
    expect(await orders(intruder.u_id)).toHaveLength(0);
    expect(await orders(shopper.u_id)).toHaveLength(0);

    // Paid for 1,000; the cart grew meanwhile: the order is what was paid for (one piece at 1,000),
    // whatever the client now claims, and the piece added since stays in the cart.
    await addToCart(shopper, product.selection);
    const grown = await api('POST', '/createorder', onlineOrder(shopper, 2000, order_id), shopper.auth);
    expect(grown.status).toBe(201);
    const placed = await orders(shopper.u_id);
    expect(placed).toHaveLength(1);
    expect(Number(placed[0].total)).toBe(100_000);
    const cart = await store.db.selectFrom('cart_items').select('quantity').where('u_id', '=', shopper.u_id).execute();
    expect(cart).toEqual([{ quantity: 1 }]);
  });

  it('pays with a coupon a client names only by its amount (storefront.md sends order_amount and discount)', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store, { carats: [{ inr_price: 2000000, usd_price: 24000 }] });
    const coupon = await createCoupon(store, { discount_bp: 1717 });
    await addToCart(shopper, product.selection);
    // 20,000 - 17.17% = 16,566; an amount no coupon gives is refused as before.
    const wrong = await api('POST', '/payment', paymentBody(shopper, 16567, { checkout: address }), shopper.auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body.description).toBe('Order total does not match the current prices. Please review your cart.');
    const started = await api('POST', '/payment', paymentBody(shopper, 16566, { checkout: address }), shopper.auth);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ amount: 16566, currency: 'INR' });
    const { payment_session_id, order_id } = started.body.data;
    await press(payment_session_id, 'pay');
    const placed = await api('POST', '/createorder', onlineOrder(shopper, 20000, order_id, { discount: 3434, total: 16566 }), shopper.auth);
    expect(placed.status).toBeLessThan(300);
    const [order] = await orders(shopper.u_id);
    expect(order).toMatchObject({ o_id: placed.body.data.o_id, provider_order_id: order_id, subtotal: 2000000, discount: 343400, total: 1656600, coupon_name: coupon.coupon_name, coupon_discount_bp: 1717 });
  });

  it('refunds a paid order cancelled by the shopper at once, by the shop only once the amount is confirmed, and once', async () => {
    const admin = await createUser(store, { u_type: '0' });
    const paidOrder = async (shopper: Shopper) => {
      await addPieceToCart(shopper);
      const started = await api('POST', '/payment', paymentBody(shopper, 1000, { checkout: address }), shopper.auth);
      await press(started.body.data.payment_session_id, 'pay');
      const [order] = await orders(shopper.u_id);
      return { o_id: order.o_id, order_id: started.body.data.order_id as string };
    };
    const paymentStatus = async (order_id: string) =>
      (await store.db.selectFrom('payments').select('status').where('provider_order_id', '=', order_id).executeTakeFirstOrThrow()).status;
    const orderAnswer = async (shopper: Shopper, o_id: number) =>
      (await api('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth)).body.data.find((o: { o_id: number }) => o.o_id === o_id);

    const shopper = await createUser(store);
    const mine = await paidOrder(shopper);
    expect(await paymentStatus(mine.order_id)).toBe('used');
    const cancelled = await api('PUT', '/cancelorder', { u_id: shopper.u_id, o_id: mine.o_id }, shopper.auth);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.description).toBe('Order cancelled. Your refund will reach your original payment method within 7-10 business days.');
    expect(cancelled.body.data).toEqual({ o_id: mine.o_id, status: 5, payment_status: 'refunded' });
    expect(await paymentStatus(mine.order_id)).toBe('refunded');
    expect(await orderAnswer(shopper, mine.o_id)).toMatchObject({ status: 5, payment_status: 'refunded', refund_amount: 1000, refunded_at: expect.stringMatching(/Z$/) });
    // Cancelled again, by the shopper or the shop: refused (Cancelled is final), still one refund.
    expect((await api('PUT', '/cancelorder', { u_id: shopper.u_id, o_id: mine.o_id }, shopper.auth)).status).toBe(409);
    expect((await api('PUT', '/updateorderstatus', { o_id: mine.o_id, status: 5, refund_amount: 1000 }, admin.auth)).status).toBe(409);
    expect(await paymentStatus(mine.order_id)).toBe('refunded');

    const other = await createUser(store);
    const theirs = await paidOrder(other);
    expect((await api('PUT', '/updateorderstatus', { o_id: theirs.o_id, status: 2 }, admin.auth)).status).toBe(200);
    expect(await paymentStatus(theirs.order_id)).toBe('used');
    // The shop's cancel waits for the amount: without it (or with another), 409 with what to confirm, nothing changed.
    for (const body of [{ o_id: theirs.o_id, status: 5 }, { o_id: theirs.o_id, status: 5, refund_amount: 999 }]) {
      const unconfirmed = await api('PUT', '/updateorderstatus', body, admin.auth);
      expect(unconfirmed.status).toBe(409);
      expectMatchesContract('PUT', '/updateorderstatus', unconfirmed);
      expect(unconfirmed.body.description).toBe(`Cancelling order #${theirs.o_id} refunds ₹1,000.00 to the shopper. Send refund_amount 1000 to confirm.`);
      expect(unconfirmed.body.data).toEqual({ o_id: theirs.o_id, status: 2, refund_required: true, refund_amount: 1000, currency: 'INR' });
      expect(await paymentStatus(theirs.order_id)).toBe('used');
      expect(await orderAnswer(other, theirs.o_id)).toMatchObject({ status: 2, payment_status: 'paid', refund_amount: null });
    }
    const confirmed = await api('PUT', '/updateorderstatus', { o_id: theirs.o_id, status: 5, refund_amount: 1000 }, admin.auth);
    expect(confirmed.status).toBe(200);
    expectMatchesContract('PUT', '/updateorderstatus', confirmed);
    expect(confirmed.body.data).toEqual({ o_id: theirs.o_id, status: 5, payment_status: 'refunded', refund_amount: 1000 });
    expect(await paymentStatus(theirs.order_id)).toBe('refunded');
    const answer = await orderAnswer(other, theirs.o_id);
    expect(answer).toMatchObject({ status: 5, payment_status: 'refunded', refund_amount: 1000 });
    expect(answer).not.toHaveProperty('internal_note');
    // Cancelled is final: the order cannot be set back to Delivered while the money stays refunded.
    const back = await api('PUT', '/updateorderstatus', { o_id: theirs.o_id, status: 4 }, admin.auth);
    expect(back.status).toBe(409);
    expect(back.body.description).toBe('This order is cancelled; a cancelled order cannot change status.');
  });

  it('answers 404 for an unknown session and for the webhook (sandbox has none)', async () => {
    const missing = await store.app.request('/sandbox/pay/session_nope');
    expect(missing.status).toBe(404);
    expectMatchesContract('GET', '/sandbox/pay/session_nope', { status: missing.status, body: await missing.json() });
    const hook = await api('POST', '/payment/webhook', { data: {} });
    expect(hook.status).toBe(404);
  });
});

describe('cashfree provider (against a local fake of its API)', () => {
  let store: TestStore;
  let cashfree: CashfreeFake;
  let SECRET: string;
  let fakeOrders: CashfreeFake['orders'];
  let received: CashfreeFake['received'];
  let refunds: CashfreeFake['refunds'];
  const setDown = (value: boolean) => cashfree.setDown(value);

  beforeAll(async () => {
    cashfree = await startCashfreeFake();
    ({ secret: SECRET, orders: fakeOrders, received, refunds } = cashfree);
    store = await createTestStore(cashfree.env({ PUBLIC_URL: 'https://shop.test' }));
  });
  afterAll(async () => {
    await store.close();
    await cashfree.close();
  });
  const { api, addToCart, orders, addPieceToCart, expectSameOrder } = helpers(() => store);

  async function webhook(order_id: string, options: { secret?: string; timestamp?: string; body?: string } = {}) {
    const raw = options.body ?? JSON.stringify({
      data: { order: { order_id, order_amount: 1000, order_currency: 'INR' }, payment: { payment_status: 'SUCCESS' } },
      event_time: new Date().toISOString(),
      type: 'PAYMENT_SUCCESS_WEBHOOK',
    });
    const timestamp = options.timestamp ?? String(Date.now());
    return store.app.request('/payment/webhook', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': signWebhook(options.secret ?? SECRET, timestamp, raw),
      },
      body: raw,
    });
  }
  async function json(res: Response, path = '/payment/webhook') {
    const body = await res.json();
    expectMatchesContract('POST', path, { status: res.status, body });
    return { status: res.status, body };
  }

  async function startPaid(shopper: Shopper, extra: object = {}) {
    await addPieceToCart(shopper);
    const started = await api('POST', '/payment', paymentBody(shopper, 1000, extra), shopper.auth);
    expect(started.status).toBe(200);
    return started.body.data as { order_id: string; payment_session_id: string };
  }

  /** A new shopper's payment to their stored checkout, paid at Cashfree; answers the shopper and the payment's order_id. */
  async function paidAtCashfree() {
    const shopper = await createUser(store);
    const { order_id } = await startPaid(shopper, { checkout: address });
    fakeOrders.get(order_id)!.order_status = 'PAID';
    return { shopper, order_id };
  }

  it('creates the order at Cashfree with the credentials, amount, customer and return URL', async () => {
    const shopper = await createUser(store);
    const { order_id, payment_session_id } = await startPaid(shopper);
    expect(payment_session_id).toBe(`session_cf_${order_id}`);
    const sent = received.find((r) => r.body.order_id === order_id)!;
    expect(sent.headers['x-api-version']).toBe('2023-08-01');
    expect(sent.body).toMatchObject({
      order_amount: 1000,
      order_currency: 'INR',
      customer_details: { customer_id: `u${shopper.u_id}`, customer_email: 'ravi@example.com', customer_phone: '9876543210' },
      order_meta: { return_url: 'https://shop.test/orderconfirm?order_id={order_id}' },
    });
    const config = await api('GET', '/paymentconfig');
    expect(config.body.data).toMatchObject({ provider: 'cashfree', mode: 'sandbox', sdk_url: 'https://sdk.cashfree.com/js/v3/cashfree.js' });
    const noLibrary = await store.app.request('/sandbox/cashfree.js');
    expect(noLibrary.status).toBe(404);
    expectMatchesContract('GET', '/sandbox/cashfree.js', { status: noLibrary.status, body: await noLibrary.json() });
  });

  it('places the order only once Cashfree says PAID for exactly this amount', async () => {
    const shopper = await createUser(store);
    const { order_id } = await startPaid(shopper);
    const active = await api('POST', '/createorder', onlineOrder(shopper, 1000, order_id), shopper.auth);
    expect(active.status).toBe(402);
    fakeOrders.get(order_id)!.order_status = 'PAID';
    fakeOrders.get(order_id)!.order_amount = 999;
    const short = await api('POST', '/createorder', onlineOrder(shopper, 1000, order_id), shopper.auth);
    expect(short.status).toBe(409);
    expect(short.body.description).toBe('The amount paid does not match this order. Please contact us.');
    expect(await orders(shopper.u_id)).toHaveLength(0);
    fakeOrders.get(order_id)!.order_amount = 1000;
    const paid = await api('POST', '/createorder', onlineOrder(shopper, 1000, order_id), shopper.auth);
    expect(paid.status).toBe(201);
    expect(await orders(shopper.u_id)).toHaveLength(1);
  });

  it('webhook: verifies the signature, asks Cashfree, places the stored checkout once, refuses a replay', async () => {
    const { shopper, order_id } = await paidAtCashfree();

    const forged = await json(await webhook(order_id, { secret: 'wrong-secret' }));
    expect(forged.status).toBe(401);
    const stale = await json(await webhook(order_id, { timestamp: String(Date.now() - 60 * 60_000) }));
    expect(stale.status).toBe(400);
    const tampered = await json(await store.app.request('/payment/webhook', {
      method: 'POST',
      headers: { 'x-webhook-timestamp': String(Date.now()), 'x-webhook-signature': signWebhook(SECRET, String(Date.now()), '{}') },
      body: JSON.stringify({ data: { order: { order_id } } }),
    }));
    expect(tampered.status).toBe(401);
    expect(await orders(shopper.u_id)).toHaveLength(0);

    const timestamp = String(Date.now());
    const body = JSON.stringify({ data: { order: { order_id }, payment: { payment_status: 'SUCCESS' } }, type: 'PAYMENT_SUCCESS_WEBHOOK' });
    const first = await json(await webhook(order_id, { timestamp, body }));
    expect(first.status).toBe(200);
    expect(first.body.data.outcome).toBe('placed');
    const [order] = await orders(shopper.u_id);
    expect(order).toMatchObject({ provider_order_id: order_id, payment_status: 'paid', first_name: 'Ravi' });

    const replay = await json(await webhook(order_id, { timestamp, body }));
    expect(replay.status).toBe(409);
    expect(replay.body.description).toBe('This webhook was already received.');
    // A new delivery (Cashfree's retry) is accepted and changes nothing.
    const retry = await json(await webhook(order_id, { timestamp: String(Date.now() + 1) }));
    expect(retry.body.data.outcome).toBe('already_placed');
    const returned = await api('POST', '/createorder', onlineOrder(shopper, 1000, order_id), shopper.auth);
    await expectSameOrder(returned, shopper, order.o_id);
  });

  it('webhook that is unpaid at Cashfree, names no order, or an unknown order changes nothing', async () => {
    const shopper = await createUser(store);
    const { order_id } = await startPaid(shopper, { checkout: address });
    const unpaid = await json(await webhook(order_id));
    expect(unpaid.body.data.outcome).toBe('not_paid');
    const noOrder = await json(await webhook('', { body: JSON.stringify({ data: {} }) }));
    expect(noOrder.status).toBe(400);
    const unknown = await json(await webhook('order_unknown_123'));
    expect(unknown.status).toBe(404);
    const notJson = await json(await webhook('', { body: 'not json' }));
    expect(notJson.status).toBe(400);
    expect(await orders(shopper.u_id)).toHaveLength(0);
  });

  it('the shopper\'s return and the webhook racing make one order', async () => {
    const { shopper, order_id } = await paidAtCashfree();
    const [hook, back, back2] = await Promise.all([
      (async () => json(await webhook(order_id)))(),
      api('POST', '/createorder', onlineOrder(shopper, 1000, order_id), shopper.auth),
      api('POST', '/createorder', onlineOrder(shopper, 1000, order_id), shopper.auth),
    ]);
    expect(hook.status).toBe(200);
    expect([200, 201]).toContain(back.status);
    expect([200, 201]).toContain(back2.status);
    const placed = await orders(shopper.u_id);
    expect(placed).toHaveLength(1);
    expect(back.body.data.o_id).toBe(placed[0].o_id);
    expect(back2.body.data.o_id).toBe(placed[0].o_id);
  });

  it('answers 503 when Cashfree cannot be reached, and lets the webhook be retried', async () => {
    const { shopper, order_id } = await paidAtCashfree();
    setDown(true);
    try {
      const product = await createProduct(store);
      await addToCart(shopper, product.selection);
      const start = await api('POST', '/payment', paymentBody(shopper, 2000.5), shopper.auth);
      expect(start.status).toBe(503);
      expect(start.body.description).toBe('Payment gateway unavailable. Please try again.');
      const timestamp = String(Date.now());
      const body = JSON.stringify({ data: { order: { order_id } }, type: 'PAYMENT_SUCCESS_WEBHOOK' });
      const hook = await json(await webhook(order_id, { timestamp, body }));
      expect(hook.status).toBe(503);
      setDown(false);
      const retried = await json(await webhook(order_id, { timestamp, body }));
      expect(retried.status).toBe(200);
    } finally {
      setDown(false);
    }
    expect(cashfree.getOrderCalls()).toBeGreaterThan(0);
  });

  it('refunds a cancelled paid order through Create Refund, once, and asks again later when Cashfree is down', async () => {
    const refundsOf = (order_id: string) => refunds.filter((r) => r.order_id === order_id);
    const paymentStatus = async (order_id: string) =>
      (await store.db.selectFrom('payments').select('status').where('provider_order_id', '=', order_id).executeTakeFirstOrThrow()).status;
    const placePaid = async (shopper: Shopper) => {
      const { order_id } = await startPaid(shopper);
      fakeOrders.get(order_id)!.order_status = 'PAID';
      const placed = await api('POST', '/createorder', onlineOrder(shopper, 1000, order_id), shopper.auth);
      expect(placed.status).toBe(201);
      return { order_id, o_id: placed.body.data.o_id as number };
    };

    const shopper = await createUser(store);
    const first = await placePaid(shopper);
    const cancelled = await api('PUT', '/cancelorder', { u_id: shopper.u_id, o_id: first.o_id }, shopper.auth);
    expect(cancelled.status).toBe(200);
    expect(refundsOf(first.order_id)).toEqual([{ order_id: first.order_id, body: { refund_amount: 1000, refund_id: refundIdOf(first.order_id), refund_note: `Order ${first.o_id} cancelled` } }]);
    expect(refundIdOf(first.order_id)).toMatch(/^refund_[A-Za-z0-9_-]{1,33}$/);
    expect(await paymentStatus(first.order_id)).toBe('refunded');

    // Cashfree down when the order is cancelled: the cancellation stands, the refund is due.
    const second = await placePaid(shopper);
    setDown(true);
    try {
      const res = await api('PUT', '/cancelorder', { u_id: shopper.u_id, o_id: second.o_id }, shopper.auth);
      expect(res.status).toBe(200);
    } finally {
      setDown(false);
    }
    expect(refundsOf(second.order_id)).toHaveLength(0);
    expect(await paymentStatus(second.order_id)).toBe('refund_due');
    const lines: string[] = [];
    expect(await retryDueRefunds({ db: store.db, config: store.config }, (line) => lines.push(line))).toEqual({ refunded: 1, due: 0 });
    expect(refundsOf(second.order_id)).toHaveLength(1);
    expect(await paymentStatus(second.order_id)).toBe('refunded');
    expect(lines).toEqual([]);

    // A retry whose first answer was lost: Cashfree says the refund id exists, and it stands.
    await store.db.updateTable('payments').set({ status: 'refund_due' }).where('provider_order_id', '=', second.order_id).execute();
    expect(await retryDueRefunds({ db: store.db, config: store.config })).toEqual({ refunded: 1, due: 0 });
    expect(refundsOf(second.order_id)).toHaveLength(1);
  });
});
