import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCaller } from '../helpers/contract.ts';
import { createCoupon, createProduct } from '../helpers/catalogue.ts';
import { addressOf, advanceOrder, codOrderBody, placeCodOrder } from '../helpers/orders.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;

beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

const api = contractCaller(() => store);


type Shopper = Awaited<ReturnType<typeof createUser>>;

async function addToCart(shopper: Shopper, selection: object, quantity = 1) {
  const res = await api('POST', '/createcart', { ...selection, quantity }, shopper.auth);
  expect(res.body.status).toBe(1);
  return res.body.data.c_id as number;
}


const orderCount = async (u_id: number) =>
  Number((await store.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('u_id', '=', u_id).executeTakeFirstOrThrow()).n);
const cartCount = async (u_id: number) =>
  Number((await store.db.selectFrom('cart_items').select((eb) => eb.fn.countAll().as('n')).where('u_id', '=', u_id).executeTakeFirstOrThrow()).n);

describe('POST /createorder (cash on delivery)', () => {
  it('prices the cart on the server, applies the coupon, keeps a snapshot and empties the cart', async () => {
    const shopper = await createUser(store);
    const ring = await createProduct(store, { name: 'Solitaire Ring', carats: [{ inr_price: 5234050, usd_price: 63099 }] });
    const chain = await createProduct(store, { name: 'Rope Chain', sizes: [], carats: [{ inr_price: 1000000, usd_price: 12000 }] });
    const coupon = await createCoupon(store, { coupon_name: 'FESTIVE10', discount_bp: 1000 });
    await addToCart(shopper, ring.selection, 2);
    await addToCart(shopper, chain.selection, 1);
    // 2 x 52,340.50 + 10,000 = 114,681; 10% = 11,468.10; total 103,212.90
    const res = await api(
      'POST',
      '/createorder',
      codOrderBody(shopper, { subtotal: 114681, discount: 11468.1, total: 103212.9 }, { coupon_name: coupon.coupon_name.toLowerCase() }),
      shopper.auth,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 1, description: 'Order placed successfully' });
    const o_id = res.body.data.o_id;
    expect(await cartCount(shopper.u_id)).toBe(0);

    const orders = await api('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth);
    expect(orders.status).toBe(200);
    expect(orders.body.data).toHaveLength(1);
    const order = orders.body.data[0];
    expect(order).toMatchObject({
      o_id,
      u_id: shopper.u_id,
      status: 1,
      currency: 'INR',
      subtotal: 114681,
      discount: 11468.1,
      shipping: 0,
      total: 103212.9,
      coupon_name: 'FESTIVE10',
      payment_method: 'cod',
      payment_status: 'unpaid',
      order_id: null,
      cancellable: true,
      ...addressOf(shopper),
      // The delivery phone kept in its one form, E.164 (rules/phone.ts).
      phone_number: `+91${addressOf(shopper).phone_number}`,
    });
    expect(order.orderItems).toHaveLength(2);
    const ringLine = order.orderItems.find((i: { p_id: number }) => i.p_id === ring.p_id);
    expect(ringLine).toMatchObject({
      quantity: 2,
      price: 52340.5,
      line_total: 104681,
      product: { p_id: ring.p_id, name: 'Solitaire Ring' },
      category: { cate_id: ring.cate_id },
      carat: { carat_id: ring.selection.carat_id },
      material: { m_id: ring.selection.m_id },
      size: { size_id: ring.selection.size_id },
    });
    expect(ringLine.product.images[0].imageUrl).toMatch(/\.webp$/);
    const chainLine = order.orderItems.find((i: { p_id: number }) => i.p_id === chain.p_id);
    expect(chainLine.size).toBeNull();

    // The snapshot keeps the name and price the shopper paid, whatever the catalogue says later.
    await store.db.updateTable('products').set({ name: 'Renamed' }).where('p_id', '=', ring.p_id).execute();
    await store.db.updateTable('product_carats').set({ inr_price: 1 }).where('pc_id', '=', ring.selection.pc_id).execute();
    const again = await api('POST', '/getuserorder', { u_id: shopper.u_id }, shopper.auth);
    const kept = again.body.data[0].orderItems.find((i: { p_id: number }) => i.p_id === ring.p_id);
    expect(kept).toMatchObject({ price: 52340.5, product: { name: 'Solitaire Ring' } });
  });

  it('rounds the discount half-up to the paisa', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store, { carats: [{ inr_price: 999, usd_price: 12 }] });
    const coupon = await createCoupon(store, { discount_bp: 1250 });
    await addToCart(shopper, product.selection);
    // 9.99 x 12.5% = 1.24875 -> 1.25
    const res = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 9.99, discount: 1.25, total: 8.74 }, { coupon_name: coupon.coupon_name }), shopper.auth);
    expect(res.status).toBe(201);
    const order = await store.db.selectFrom('orders').selectAll().where('o_id', '=', res.body.data.o_id).executeTakeFirstOrThrow();
    expect([order.subtotal, order.discount, order.total]).toEqual([999, 125, 874]);
  });

  it('takes the coupon from the discount when the client names none (storefront.md sends only discount)', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store, { carats: [{ inr_price: 1000000, usd_price: 12000 }] });
    // Two active coupons give 13.37% (the older one is the order's), an inactive one gives 14.14%.
    const older = await createCoupon(store, { discount_bp: 1337 });
    const newer = await createCoupon(store, { discount_bp: 1337 });
    await createCoupon(store, { discount_bp: 1414, c_status: 0 });
    await addToCart(shopper, product.selection);
    const placedBefore = await orderCount(shopper.u_id);
    // A discount no active coupon gives on 10,000.00: 14.14% (the inactive one's), 5.00, 13.37% off by a paisa.
    for (const discount of [1414, 5, 1337.01]) {
      const refused = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 10000, discount }), shopper.auth);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ status: 0, description: 'Order total does not match the current prices. Please review your cart.', data: null });
    }
    // The right discount with a wrong total is the same 400.
    const wrongTotal = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 10000, discount: 1337, total: 8000 }), shopper.auth);
    expect(wrongTotal.status).toBe(400);
    expect(await orderCount(shopper.u_id)).toBe(placedBefore);
    expect(await cartCount(shopper.u_id)).toBe(1);

    const res = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 10000, discount: 1337 }), shopper.auth);
    expect(res.status).toBe(201);
    const order = await store.db.selectFrom('orders').selectAll().where('o_id', '=', res.body.data.o_id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ subtotal: 1000000, discount: 133700, total: 866300, coupon_name: older.coupon_name, coupon_discount_bp: 1337 });
    expect(newer.coupon_id).toBeGreaterThan(older.coupon_id);
    const [answer] = (await api('POST', '/getuserorder', { u_id: shopper.u_id }, shopper.auth)).body.data;
    expect(answer).toMatchObject({ o_id: order.o_id, subtotal: 10000, discount: 1337, total: 8663 });
  });

  it('leaves a named coupon to its name: a discount-only match does not override coupon_name', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store, { carats: [{ inr_price: 1000000, usd_price: 12000 }] });
    const named = await createCoupon(store, { discount_bp: 500 });
    await createCoupon(store, { discount_bp: 1338 });
    await addToCart(shopper, product.selection);
    // The name says 5%; 13.38% (another coupon's) with this name is a mismatch.
    const refused = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 10000, discount: 1338 }, { coupon_name: named.coupon_name }), shopper.auth);
    expect(refused.status).toBe(400);
    const res = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 10000, discount: 500 }, { coupon_name: named.coupon_name.toLowerCase() }), shopper.auth);
    expect(res.status).toBe(201);
    const order = await store.db.selectFrom('orders').selectAll().where('o_id', '=', res.body.data.o_id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ discount: 50000, coupon_name: named.coupon_name, coupon_discount_bp: 500 });
  });

  it('charges a shopper outside India in dollars and refuses the wrong currency', async () => {
    const shopper = await createUser(store, { countryCode: '+1' });
    const product = await createProduct(store, { carats: [{ inr_price: 5234050, usd_price: 63099 }] });
    await addToCart(shopper, product.selection);
    const rupees = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 52340.5 }), shopper.auth);
    expect(rupees.status).toBe(400);
    expect(rupees.body.description).toBe('Prices for this account are in dollars (usd_price). Please refresh the page.');
    // Delivered in India (this address), the dollar price (listed without GST) has India's 3% added:
    // 630.99 + 18.9297 -> $649.92 (rules/pricing.ts supplyPrice); the listed price alone is refused.
    const listed = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 630.99 }, { priceType: 'usd_price' }), shopper.auth);
    expect(listed.status).toBe(400);
    const dollars = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 649.92 }, { priceType: 'usd_price' }), shopper.auth);
    expect(dollars.status).toBe(201);
    const [order] = (await api('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth)).body.data;
    expect(order).toMatchObject({ currency: 'USD', total: 649.92 });
  });

  it('places a Buy Now line (an entry without c_id) and leaves the cart alone', async () => {
    const shopper = await createUser(store);
    const inCart = await createProduct(store);
    const bought = await createProduct(store, { carats: [{ inr_price: 250000, usd_price: 3000 }] });
    await addToCart(shopper, inCart.selection);
    const res = await api(
      'POST',
      '/createorder',
      codOrderBody(shopper, { subtotal: 5000 }, { cartItems: [{ ...bought.selection, quantity: 2 }] }),
      shopper.auth,
    );
    expect(res.status).toBe(201);
    expect(await cartCount(shopper.u_id)).toBe(1);
    const [order] = (await api('POST', '/getuserorder', { u_id: shopper.u_id }, shopper.auth)).body.data;
    expect(order.orderItems).toHaveLength(1);
    expect(order.orderItems[0]).toMatchObject({ p_id: bought.p_id, quantity: 2, price: 2500 });
  });

  it('orders only the cart lines named in cartItems', async () => {
    const shopper = await createUser(store);
    const a = await createProduct(store, { carats: [{ inr_price: 10000, usd_price: 100 }] });
    const b = await createProduct(store);
    const c_id = await addToCart(shopper, a.selection);
    await addToCart(shopper, b.selection);
    const res = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 100 }, { cartItems: [{ c_id, product: { name: 'ignored' } }] }), shopper.auth);
    expect(res.status).toBe(201);
    const left = await store.db.selectFrom('cart_items').select('p_id').where('u_id', '=', shopper.u_id).execute();
    expect(left.map((l) => l.p_id)).toEqual([b.p_id]);
  });

  it('answers the same order for the same Idempotency-Key and body, and 409 for a different body', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store, { carats: [{ inr_price: 10000, usd_price: 100 }] });
    const other = await createProduct(store, { carats: [{ inr_price: 20000, usd_price: 200 }] });
    const headers = { ...shopper.auth, 'Idempotency-Key': 'checkout-attempt-0001' };
    const body = codOrderBody(shopper, { subtotal: 100 }, { cartItems: [product.selection] });
    const first = await api('POST', '/createorder', body, headers);
    expect(first.status).toBe(201);
    const second = await api('POST', '/createorder', body, headers);
    expect(second.status).toBe(200);
    expect(second.body.data.o_id).toBe(first.body.data.o_id);
    const different = await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 200 }, { cartItems: [other.selection] }), headers);
    expect(different.status).toBe(409);
    expect(await orderCount(shopper.u_id)).toBe(1);
  });

  describe('refuses, changing nothing', () => {
    async function refused(shopper: Shopper, body: object, status: number, description?: string, headers = shopper.auth) {
      const before = [await orderCount(shopper.u_id), await cartCount(shopper.u_id)];
      const res = await api('POST', '/createorder', body, headers);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.status).toBe(0);
      if (description) expect(res.body.description).toBe(description);
      expect([await orderCount(shopper.u_id), await cartCount(shopper.u_id)]).toEqual(before);
    }

    it('a tampered subtotal, discount, total or shipping', async () => {
      const shopper = await createUser(store);
      const product = await createProduct(store, { carats: [{ inr_price: 100000, usd_price: 1200 }] });
      const coupon = await createCoupon(store, { discount_bp: 1000 });
      await addToCart(shopper, product.selection);
      const message = 'Order total does not match the current prices. Please review your cart.';
      await refused(shopper, codOrderBody(shopper, { subtotal: 1 }), 400, message);
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000, total: 1 }), 400, message);
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000, discount: 500, total: 500 }, { coupon_name: coupon.coupon_name }), 400, message);
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000, discount: 500, total: 500 }), 400, message);
      await refused(shopper, { ...codOrderBody(shopper, { subtotal: 1000 }), shipping: 50, total: 1050 }, 400, message);
      await refused(shopper, codOrderBody(shopper, { subtotal: -5 }), 400, 'Subtotal must be an amount.');
      await refused(shopper, codOrderBody(shopper, { subtotal: 'lots' as unknown as number }), 400, 'Subtotal must be an amount.');
    });

    it('an unknown or inactive coupon', async () => {
      const shopper = await createUser(store);
      const product = await createProduct(store, { carats: [{ inr_price: 100000, usd_price: 1200 }] });
      const inactive = await createCoupon(store, { c_status: 0 });
      await addToCart(shopper, product.selection);
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000, discount: 100, total: 900 }, { coupon_name: 'NOSUCHCODE' }), 400, 'Invalid coupon!');
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000, discount: 100, total: 900 }, { coupon_name: inactive.coupon_name }), 400, 'Invalid coupon!');
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000 }, { coupon_name: "' OR 1=1 --" }), 400, 'Invalid coupon!');
    });

    it('a product withdrawn since it was added', async () => {
      const shopper = await createUser(store);
      const product = await createProduct(store, { name: 'Withdrawn Bangle', carats: [{ inr_price: 100000, usd_price: 1200 }] });
      await addToCart(shopper, product.selection);
      await store.db.updateTable('products').set({ p_status: 0 }).where('p_id', '=', product.p_id).execute();
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000 }), 409, '"Withdrawn Bangle" is no longer available. Please remove it from your cart.');
    });

    it('a Buy Now selection that is not the product\'s, or is of an inactive product', async () => {
      const shopper = await createUser(store);
      const product = await createProduct(store);
      const other = await createProduct(store);
      const inactive = await createProduct(store, { p_status: 0 });
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000.5 }, { cartItems: [{ ...product.selection, m_id: other.selection.m_id }] }), 400, 'This material is not offered for this product.');
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000.5 }, { cartItems: [{ ...product.selection, pc_id: other.selection.pc_id }] }), 400, 'This carat is not offered for this product.');
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000.5 }, { cartItems: [inactive.selection] }), 409);
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000.5 }, { cartItems: [{ p_id: product.p_id, quantity: 1 }] }), 400, 'Please select carat, size, and material.');
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000.5 }, { cartItems: [{ ...product.selection, quantity: 0 }] }), 400, 'Quantity must be at least 1.');
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000.5 }, { cartItems: [{ ...product.selection, quantity: 1.5 }] }), 400, 'Quantity must be a whole number.');
    });

    it('mixing cart lines with a Buy Now line, another user\'s cart line, an empty cart', async () => {
      const shopper = await createUser(store);
      const other = await createUser(store);
      const product = await createProduct(store);
      const theirs = await addToCart(other, product.selection);
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000.5 }), 400, 'Your cart is empty.');
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000.5 }, { cartItems: [{ c_id: theirs }] }), 409, 'Your cart has changed. Please review your cart.');
      const mine = await addToCart(shopper, product.selection);
      await refused(shopper, codOrderBody(shopper, { subtotal: 2001 }, { cartItems: [{ c_id: mine }, product.selection] }), 400, 'A Buy Now order holds one item; order your cart separately.');
      expect(await cartCount(other.u_id)).toBe(1);
    });

    it.each([
      ['first_name', '', 'First name is required'],
      ['first_name', '   ', 'First name is required'],
      ['last_name', undefined, 'Last name is required'],
      ['email', '', 'Email is required'],
      ['email', 'not-an-email', 'Invalid email format'],
      ['phone_number', '', 'Phone number is required'],
      ['address', '', 'Address is required'],
      ['city', '', 'City is required'],
      ['state', '', 'State is required'],
      ['state', 'Select State', 'State is required'],
      ['state', 'California', 'State must be a state or union territory of India.'],
      ['zip_code', '', 'ZIP code is required'],
      ['address', 'x'.repeat(5000), 'Address must be at most 300 characters.'],
      ['payment_method', 'bitcoin', 'Payment method must be cod (Cash on Delivery) or online (Online Payment).'],
      ['priceType', 'eur_price', "priceType must be 'inr_price' or 'usd_price'."],
    ])('%s = %j', async (field, value, message) => {
      const shopper = await createUser(store);
      const product = await createProduct(store);
      await addToCart(shopper, product.selection);
      const body: Record<string, unknown> = codOrderBody(shopper, { subtotal: 1000.5 });
      if (value === undefined) delete body[field];
      else body[field] = value;
      await refused(shopper, body, 400, message);
    });

    it('another user\'s u_id (403), no token (403), malformed JSON (400)', async () => {
      const shopper = await createUser(store);
      const intruder = await createUser(store);
      const product = await createProduct(store);
      await addToCart(shopper, product.selection);
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000.5 }), 403, undefined, intruder.auth);
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000.5 }), 403, undefined, {} as typeof shopper.auth);
      await refused(shopper, '{"u_id":' as unknown as object, 400, 'The request body is not valid JSON.');
      await refused(shopper, codOrderBody(shopper, { subtotal: 1000.5 }, { payment_method: 'online' }), 400, 'order_id is required for an online payment.');
    });
  });
});

describe('order history', () => {
  it('refuses another user\'s orders with 403 and answers an administrator', async () => {
    const shopper = await createUser(store);
    const intruder = await createUser(store);
    const admin = await createUser(store, { u_type: '0' });
    const product = await createProduct(store);
    await addToCart(shopper, product.selection);
    expect((await api('POST', '/createorder', codOrderBody(shopper, { subtotal: 1000.5 }), shopper.auth)).status).toBe(201);
    expect((await api('GET', `/getorder/${shopper.u_id}`, undefined, intruder.auth)).status).toBe(403);
    expect((await api('POST', '/getuserorder', { u_id: shopper.u_id }, intruder.auth)).status).toBe(403);
    expect((await api('GET', `/getorder/${shopper.u_id}`, undefined)).status).toBe(403);
    expect((await api('GET', '/getorder/abc', undefined, shopper.auth)).status).toBe(400);
    const asAdmin = await api('GET', `/getorder/${shopper.u_id}`, undefined, admin.auth);
    expect(asAdmin.body.data).toHaveLength(1);
    const own = await api('POST', '/getuserorder', {}, intruder.auth);
    expect(own.body.data).toEqual([]);
  });
});

describe('PUT /cancelorder', () => {
  async function placed(shopper: Shopper) {
    const product = await createProduct(store);
    await addToCart(shopper, product.selection);
    return placeCodOrder(store, shopper, { subtotal: 1000.5 });
  }
  const statusOf = async (o_id: number) => (await store.db.selectFrom('orders').select('status').where('o_id', '=', o_id).executeTakeFirstOrThrow()).status;

  it('cancels a Pending order within 2 hours, once', async () => {
    const shopper = await createUser(store);
    const o_id = await placed(shopper);
    const res = await api('PUT', '/cancelorder', { o_id }, shopper.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 1, description: 'Order cancelled.', data: { o_id, status: 5 } });
    expect(await statusOf(o_id)).toBe(5);
    const again = await api('PUT', '/cancelorder', { o_id }, shopper.auth);
    expect(again.status).toBe(409);
    expect(again.body.description).toBe('This order is already cancelled.');
  });

  it('refuses after 2 hours, once shipped, and for another shopper\'s order', async () => {
    const shopper = await createUser(store);
    const late = await placed(shopper);
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
    await store.db.updateTable('orders').set({ created_at: threeHoursAgo }).where('o_id', '=', late).execute();
    const tooLate = await api('PUT', '/cancelorder', { o_id: late }, shopper.auth);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.description).toBe('Orders can be cancelled within 2 hours of placing them. Please contact us for help with this order.');
    expect(await statusOf(late)).toBe(1);
    const listed = await api('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth);
    expect(listed.body.data.find((o: { o_id: number }) => o.o_id === late).cancellable).toBe(false);

    const shipped = await placed(shopper);
    await advanceOrder(store, await createUser(store, { u_type: '0' }), shipped, 3);
    const refusedShipped = await api('PUT', '/cancelorder', { o_id: shipped }, shopper.auth);
    expect(refusedShipped.status).toBe(409);
    expect(await statusOf(shipped)).toBe(3);

    const intruder = await createUser(store);
    const fresh = await placed(shopper);
    expect((await api('PUT', '/cancelorder', { o_id: fresh }, intruder.auth)).status).toBe(404);
    expect((await api('PUT', '/cancelorder', { o_id: fresh, u_id: shopper.u_id }, intruder.auth)).status).toBe(403);
    expect((await api('PUT', '/cancelorder', { o_id: fresh })).status).toBe(403);
    expect(await statusOf(fresh)).toBe(1);
  });
});
