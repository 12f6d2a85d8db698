/**
 * Issue 33, rough edges met as a new user: a PIN code is checked against its state
 * (India Post's circles, rules/address.ts) wherever an address comes in: the order,
 * the payment's checkout and My Profile's saved address; and a phone number is kept in
 * one form however it is typed (rules/phone.ts): an account's as its national number
 * under its code, an order's and a saved address's in E.164.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers } from '../helpers/admin.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { contractCaller } from '../helpers/contract.ts';
import { addressOf } from '../helpers/orders.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore({ PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => store.close());

const api = contractCaller(() => store);

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

describe('one form for a phone number', () => {
  const registration = (phoneNumber: string, u_name: string, countryCode = '+91') => ({
    full_name: 'Asha Mehta', u_name, countryCode, phoneNumber, password: 'Gold@2026', repeatPassword: 'Gold@2026',
  });

  it('signs up "098765 43210" as 9876543210 under +91, and logs in however the number is typed', async () => {
    const signUp = await api('POST', '/registeruser', registration('098765 43210', 'asha.phone'));
    expect(signUp.status).toBe(201);
    const row = await store.db.selectFrom('users').select(['country_code', 'phone_number']).where('u_id', '=', signUp.body.data.u_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ country_code: '+91', phone_number: '9876543210' });
    for (const typed of ['9876543210', '98765 43210', '+91 98765 43210', '0 98765-43210', '919876543210']) {
      const login = await api('POST', '/userlogin', { countryCode: '+91', phoneNumber: typed, password: 'Gold@2026' });
      expect(login.status, typed).toBe(200);
      expect(login.body.data).toMatchObject({ u_id: signUp.body.data.u_id, countryCode: '+91', phoneNumber: '9876543210' });
    }
    // The same number typed another way is the same account.
    const again = await api('POST', '/registeruser', registration('+91 98765-43210', 'asha.twin'));
    expect(again.status).toBe(409);
    expect(again.body.description).toBe('This phone number is already registered. Please log in.');
  });

  it('refuses a number that is not one of its country code\'s, saying how long it must be', async () => {
    const short = await api('POST', '/registeruser', registration('98765 4321', 'asha.short'));
    expect(short.status).toBe(400);
    expect(short.body.description).toBe('Phone number must be 10 digits for +91.');
    const foreign = await api('POST', '/registeruser', registration('+44 7700 900123', 'asha.foreign'));
    expect(foreign.body.description).toBe('Phone number must be 10 digits for +91.');
    const letters = await api('POST', '/registeruser', registration('98765abcde', 'asha.letters'));
    expect(letters.body.description).toBe('Phone number must be 6 to 15 digits.');
    const american = await api('POST', '/registeruser', registration('(732) 555-0148', 'rohan.phone', '+1'));
    expect(american.status).toBe(201);
    const row = await store.db.selectFrom('users').select('phone_number').where('u_id', '=', american.body.data.u_id).executeTakeFirstOrThrow();
    expect(row.phone_number).toBe('7325550148');
  });

  it('keeps an order\'s and the remembered address\'s phone in E.164, and answers it so', async () => {
    const shopper = await createUser(store);
    const placed = await api('POST', '/createorder', await codOrder({ ...addressOf(shopper), phone_number: '098765 12345' }), shopper.auth);
    expect(placed.status).toBe(201);
    const stored = await store.db.selectFrom('orders').select('phone_number').where('o_id', '=', placed.body.data.o_id).executeTakeFirstOrThrow();
    expect(stored.phone_number).toBe('+919876512345');
    const orders = await api('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth);
    expect(orders.body.data[0].phone_number).toBe('+919876512345');
    const profile = await api('GET', '/getuserprofile', undefined, shopper.auth);
    expect(profile.body.data.saved_address.phone_number).toBe('+919876512345');
    // Abroad, a number without its code is one of the destination.
    const us = await api('PUT', '/updateuserprofile', { saved_address: { ...addressOf(shopper), country: 'US', city: 'San Francisco', state: 'California', zip_code: '94105', phone_number: '415 555-0100' } }, shopper.auth);
    expect(us.status).toBe(200);
    expect(us.body.data.saved_address.phone_number).toBe('+14155550100');
    const home = await api('PUT', '/updateuserprofile', { saved_address: { ...addressOf(shopper), phone_number: '+91 98765 12345' } }, shopper.auth);
    expect(home.body.data.saved_address.phone_number).toBe('+919876512345');
  });

  it('refuses a delivery phone that is no number of the destination with the checkout\'s words', async () => {
    const shopper = await createUser(store);
    const res = await api('POST', '/createorder', await codOrder({ ...addressOf(shopper), phone_number: '98765 432' }), shopper.auth);
    expect(res.status).toBe(400);
    expect(res.body.description).toBe('Invalid phone number');
    const saved = await api('PUT', '/updateuserprofile', { saved_address: { ...addressOf(shopper), phone_number: '98765 432' } }, shopper.auth);
    expect(saved.body.description).toBe('Invalid phone number');
  });

  it('the order desk finds an order by its phone typed with spaces or its code', async () => {
    const { admin } = await callers(store);
    const shopper = await createUser(store);
    const placed = await api('POST', '/createorder', await codOrder({ ...addressOf(shopper), phone_number: '81234 56789' }), shopper.auth);
    for (const search of ['81234 56789', '+91 81234-56789', '8123456789', '56789']) {
      const found = await api('GET', `/getorderlist?search=${encodeURIComponent(search)}`, undefined, admin.auth);
      expect(found.body.data.orderData.map((o: { o_id: number }) => o.o_id), search).toContain(placed.body.data.o_id);
    }
  });
});
