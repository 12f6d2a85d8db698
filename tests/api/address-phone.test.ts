/**
 * Issue 33, rough edges met as a new user: a PIN code is checked against its state
 * (India Post's circles, rules/address.ts) wherever an address comes in: the order,
 * the payment's checkout and My Profile's saved address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { addressOf } from '../helpers/orders.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore({ PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => store.close());

async function api(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await call(store, method, url, body, headers);
  expectMatchesContract(method, url, res);
  return res;
}

/** A ₹1,000 piece as a Buy Now line, cash on delivery, to `address`. */
async function codOrder(address: object) {
  const product = await createProduct(store, { carats: [{ inr_price: 1_000_00, usd_price: 12_00 }] });
  return { ...address, cartItems: [{ ...product.selection, quantity: 1 }], payment_method: 'cod', priceType: 'inr_price', subtotal: 1000, shipping: 0, discount: 0, total: 1000 };
}

const SURAT_IN_MAHARASHTRA = 'PIN 395007 is in Gujarat, not Maharashtra. Please check the state or the PIN.';

describe('a PIN code must be of its state', () => {
  it('refuses the order "Surat, Maharashtra, 395007" with 400 naming the PIN\'s state, and places "Surat, Gujarat, 395007"', async () => {
    const shopper = await createUser(store);
    const surat = { ...addressOf(shopper), city: 'Surat', zip_code: '395007' };
    const refused = await api('POST', '/createorder', await codOrder({ ...surat, state: 'Maharashtra' }), shopper.auth);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: 0, description: SURAT_IN_MAHARASHTRA });
    expect(await store.db.selectFrom('orders').select('o_id').where('u_id', '=', shopper.u_id).execute()).toEqual([]);
    const placed = await api('POST', '/createorder', await codOrder({ ...surat, state: 'Gujarat' }), shopper.auth);
    expect(placed.status).toBe(201);
  });

  it('refuses a PIN of another state however the state is spelt, and a PIN no post office has', async () => {
    const shopper = await createUser(store);
    const goa = await api('POST', '/createorder', await codOrder({ ...addressOf(shopper), state: 'maharashtra', zip_code: '403001' }), shopper.auth);
    expect(goa.status).toBe(400);
    expect(goa.body.description).toBe('PIN 403001 is in Goa, not Maharashtra. Please check the state or the PIN.');
    const none = await api('POST', '/createorder', await codOrder({ ...addressOf(shopper), state: 'Gujarat', zip_code: '550001' }), shopper.auth);
    expect(none.status).toBe(400);
    expect(none.body.description).toBe('PIN 550001 is not a PIN code in use in India. Please check the PIN.');
  });

  it('refuses to start a payment for such an address, before any money is asked for', async () => {
    const shopper = await createUser(store);
    const order = await codOrder({ ...addressOf(shopper), state: 'Maharashtra', zip_code: '395007' });
    const { cartItems, first_name, last_name, email, phone_number, address, apartment, city, state, zip_code } = order as Record<string, any>;
    const res = await api(
      'POST',
      '/payment',
      {
        order_amount: 1000, customer_id: shopper.u_id, customer_name: `${first_name} ${last_name}`, customer_email: email, customer_phone: phone_number,
        cartItems, priceType: 'inr_price', checkout: { first_name, last_name, email, phone_number, address, apartment, city, state, zip_code },
      },
      shopper.auth,
    );
    expect(res.status).toBe(400);
    expect(res.body.description).toBe(SURAT_IN_MAHARASHTRA);
    expect(await store.db.selectFrom('payments').select('pay_id').where('u_id', '=', shopper.u_id).execute()).toEqual([]);
  });

  it('refuses to save such an address in My Profile, and saves Chandigarh\'s 160 under Chandigarh or Punjab', async () => {
    const shopper = await createUser(store);
    const refused = await api('PUT', '/updateuserprofile', { saved_address: { ...addressOf(shopper), state: 'Maharashtra', zip_code: '395007' } }, shopper.auth);
    expect(refused.status).toBe(400);
    expect(refused.body.description).toBe(SURAT_IN_MAHARASHTRA);
    const chandigarh = await api('PUT', '/updateuserprofile', { saved_address: { ...addressOf(shopper), city: 'Chandigarh', state: 'Chandigarh', zip_code: '160017' } }, shopper.auth);
    expect(chandigarh.status).toBe(200);
    const mohali = await api('PUT', '/updateuserprofile', { saved_address: { ...addressOf(shopper), city: 'Mohali', state: 'Punjab', zip_code: '160062' } }, shopper.auth);
    expect(mohali.status).toBe(200);
    const panchkula = await api('PUT', '/updateuserprofile', { saved_address: { ...addressOf(shopper), city: 'Panchkula', state: 'Haryana', zip_code: '160017' } }, shopper.auth);
    expect(panchkula.body.description).toBe('PIN 160017 is in Chandigarh or Punjab, not Haryana. Please check the state or the PIN.');
  });
});
