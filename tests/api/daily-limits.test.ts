/**
 * Issue 32: the law's limits count a buyer's whole day, not one order. Cash from one person
 * in a day stays below ₹2,00,000 (Income-tax Act s.269ST), whether in one order or several,
 * from one account or several accounts delivering to one phone; a day's purchases of
 * ₹2,00,000 or more need the PAN (r.114B), as one ₹3,00,000 order does. Each under 10
 * concurrent orders or payments, on SQLite and (test:pg) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../helpers/catalogue.ts';
import { contractCaller } from '../helpers/contract.ts';
import { addressOf, checkoutAddress } from '../helpers/orders.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';
import { openPan } from '../../db/queries/pan.ts';

type Shopper = Awaited<ReturnType<typeof createUser>>;

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore({ PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => store.close());

const api = contractCaller(() => store);

/** A made-to-order piece of ₹1,50,000 (no stock to run out), as a Buy Now line. */
async function piece(rupees = 1_50_000) {
  const product = await createProduct(store, { carats: [{ inr_price: rupees * 100, usd_price: Math.round((rupees * 100) / 85) }] });
  return { product, buyNow: [{ ...product.selection, quantity: 1 }] };
}

const cod = (address: object, cartItems: object[], rupees: number, extra: object = {}) => ({
  ...address,
  cartItems,
  payment_method: 'cod',
  priceType: 'inr_price',
  subtotal: rupees,
  shipping: 0,
  discount: 0,
  total: rupees,
  ...extra,
});

const DAILY_CASH = /^Cash on Delivery is limited to below ₹2,00,000 from one buyer in a day \(Income-tax Act, section 269ST\): you already have ₹1,50,000 in Cash on Delivery orders today\. Please choose Online Payment to place this order\.$/;

describe('cash on delivery: below ₹2,00,000 from one buyer in a day (s.269ST)', () => {
  it('10 simultaneous ₹1,50,000 cash-on-delivery orders from one shopper: one is placed, nine refused with the reason', async () => {
    const shopper = await createUser(store);
    const { buyNow } = await piece();
    const answers = await Promise.all(Array.from({ length: 10 }, () => api('POST', '/createorder', cod(addressOf(shopper), buyNow, 150000), shopper.auth)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 400);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.body.description).toMatch(DAILY_CASH);
    expect(await store.db.selectFrom('orders').select('o_id').where('u_id', '=', shopper.u_id).execute()).toHaveLength(1);
  });

  it('10 accounts delivering to one phone at once are one buyer: one order is placed', async () => {
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => createUser(store)));
    const { buyNow } = await piece();
    const samePhone = { ...checkoutAddress, phone_number: '+91 91234 56780' };
    const answers = await Promise.all(shoppers.map((s) => api('POST', '/createorder', cod(samePhone, buyNow, 150000), s.auth)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && DAILY_CASH.test(a.body.description))).toHaveLength(9);
  });

  it('the checkout\'s quote withdraws Cash on Delivery once the day\'s cash would reach the limit; a cancelled order stops counting', async () => {
    const shopper = await createUser(store);
    const first = await piece();
    const placed = await api('POST', '/createorder', cod(addressOf(shopper), first.buyNow, 150000), shopper.auth);
    expect(placed.status).toBe(201);
    const second = await piece(60_000);
    const quote = await api('POST', '/checkoutquote', { cartItems: second.buyNow }, shopper.auth);
    expect(quote.body.data).toMatchObject({ cod_allowed: false, pan_required: true, cod_message: expect.stringMatching(DAILY_CASH) });
    // Cancelled within the window: no cash will change hands for it.
    const cancelled = await api('PUT', '/cancelorder', { u_id: shopper.u_id, o_id: placed.body.data.o_id }, shopper.auth);
    expect(cancelled.status).toBe(200);
    const after = await api('POST', '/checkoutquote', { cartItems: second.buyNow }, shopper.auth);
    expect(after.body.data).toMatchObject({ cod_allowed: true, pan_required: false, cod_message: null });
    expect((await api('POST', '/createorder', cod(addressOf(shopper), second.buyNow, 60000), shopper.auth)).status).toBe(201);
  });
});

describe('PAN: a day\'s purchases of ₹2,00,000 or more (r.114B)', () => {
  const pay = (shopper: Shopper, buyNow: object[], extra: object = {}) =>
    api(
      'POST',
      '/payment',
      { order_amount: 150000, customer_name: 'Asha Patel', customer_email: 'asha@example.com', customer_phone: addressOf(shopper).phone_number, checkout: addressOf(shopper), cartItems: buyNow, ...extra },
      shopper.auth,
    );

  it('two ₹1,50,000 online payments on one day need a PAN, as one ₹3,00,000 order does; with it the second goes ahead', async () => {
    const shopper = await createUser(store);
    const { buyNow } = await piece();
    expect((await pay(shopper, buyNow)).status).toBe(200);
    const second = await pay(shopper, buyNow);
    expect(second.status).toBe(400);
    expect(second.body.description).toBe("Purchases of ₹2,00,000 or more in a day need the buyer's PAN (Income-tax Rules, rule 114B): you already bought ₹1,50,000 today. Please give your PAN.");
    const withPan = await pay(shopper, buyNow, { pan: 'abcpe1234f' });
    expect(withPan.status).toBe(200);
    const row = await store.db.selectFrom('payments').select('checkout').where('provider_order_id', '=', withPan.body.data.order_id).executeTakeFirstOrThrow();
    expect(row.checkout).not.toContain('ABCPE1234F');
    expect(openPan(store.config.panKey, JSON.parse(row.checkout!).pan)).toBe('ABCPE1234F');
  });

  it('10 simultaneous ₹1,50,000 payments without a PAN from one shopper: one is opened, nine asked for the PAN', async () => {
    const shopper = await createUser(store);
    const { buyNow } = await piece();
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(shopper, buyNow)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && /need the buyer's PAN/.test(a.body.description))).toHaveLength(9);
  });

  it('a cash-on-delivery order and a payment on the same day count together', async () => {
    const shopper = await createUser(store);
    const { buyNow } = await piece();
    expect((await api('POST', '/createorder', cod(addressOf(shopper), buyNow, 150000), shopper.auth)).status).toBe(201);
    const online = await pay(shopper, buyNow);
    expect(online.status).toBe(400);
    expect(online.body.description).toMatch(/you already bought ₹1,50,000 today/);
  });
});
