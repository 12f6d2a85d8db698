import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCaller } from '../helpers/contract.ts';
import { createProduct } from '../helpers/catalogue.ts';
// The checkout's address, as every order test sends it.
import { checkoutAddress as address } from '../helpers/orders.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

const api = contractCaller(() => store);


const savedRow = (u_id: number) => store.db.selectFrom('saved_addresses').selectAll().where('u_id', '=', u_id).executeTakeFirst();

describe('GET /getuserprofile', () => {
  it("answers the caller's own account and no address before the first order", async () => {
    const shopper = await createUser(store);
    const res = await api('GET', '/getuserprofile', undefined, shopper.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 1, description: 'Your profile.' });
    expect(res.body.data).toMatchObject({ u_id: shopper.u_id, phoneNumber: shopper.phone, countryCode: '+91', saved_address: null });
    expect(res.body.data).not.toHaveProperty('password_hash');
  });

  it('refuses a visitor and a bad token with 403', async () => {
    expect((await api('GET', '/getuserprofile')).status).toBe(403);
    expect((await api('GET', '/getuserprofile', undefined, { Authorization: 'Bearer nonsense' })).status).toBe(403);
  });
});

describe('PUT /updateuserprofile', () => {
  it('saves the address, the state as the list spells it and IN when no country is sent; the last save wins', async () => {
    const shopper = await createUser(store);
    const res = await api('PUT', '/updateuserprofile', { saved_address: { ...address, state: 'gujarat' } }, shopper.auth);
    expect(res.status).toBe(200);
    expect(res.body.description).toBe('Your address is saved. Checkout will fill it in next time.');
    // The phone kept in its one form, E.164 (rules/phone.ts).
    expect(res.body.data.saved_address).toMatchObject({ ...address, phone_number: '+919876543210', state: 'Gujarat', country: 'IN' });
    const again = await api('PUT', '/updateuserprofile', { saved_address: { ...address, city: 'Mumbai', state: 'Maharashtra', zip_code: '400001', apartment: null } }, shopper.auth);
    expect(again.body.data.saved_address).toMatchObject({ city: 'Mumbai', state: 'Maharashtra', zip_code: '400001', apartment: '' });
    const read = await api('GET', '/getuserprofile', undefined, shopper.auth);
    expect(read.body.data.saved_address).toMatchObject({ city: 'Mumbai', email: 'asha@example.com' });
    const rows = await store.db.selectFrom('saved_addresses').select('u_id').where('u_id', '=', shopper.u_id).execute();
    expect(rows).toHaveLength(1);
  });

  it('ten saves at once from one account: every one 200, one row, holding one of the addresses sent', async () => {
    const shopper = await createUser(store);
    const cities = Array.from({ length: 10 }, (_, i) => `Surat ${i + 1}`);
    const answers = await Promise.all(cities.map((city) => api('PUT', '/updateuserprofile', { saved_address: { ...address, city } }, shopper.auth)));
    expect(answers.map((a) => a.status)).toEqual(cities.map(() => 200));
    const rows = await store.db.selectFrom('saved_addresses').select('city').where('u_id', '=', shopper.u_id).execute();
    expect(rows).toHaveLength(1);
    expect(cities).toContain(rows[0].city);
  });

  it('saves an address abroad in its postal format', async () => {
    const shopper = await createUser(store, { countryCode: '+44' });
    const res = await api('PUT', '/updateuserprofile', { saved_address: { ...address, city: 'London', state: 'Greater London', zip_code: 'SW1A 1AA', country: 'gb' } }, shopper.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.saved_address).toMatchObject({ country: 'GB', zip_code: 'SW1A 1AA' });
  });

  it.each([
    ['a missing e-mail', { ...address, email: '' }, 'Email is required'],
    ['a malformed e-mail', { ...address, email: 'asha@' }, 'Invalid email format'],
    ['a blank first name', { ...address, first_name: '  ' }, 'First name is required'],
    ['"Select State"', { ...address, state: 'Select State' }, 'State is required'],
    ['a state that is not Indian', { ...address, state: 'Texas' }, 'State must be a state or union territory of India.'],
    ['an extra field', { ...address, u_id: 1 }, 'Unknown field: u_id.'],
  ])('refuses %s with the checkout\'s message and saves nothing', async (_name, saved_address, description) => {
    const shopper = await createUser(store);
    const res = await api('PUT', '/updateuserprofile', { saved_address }, shopper.auth);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 0, data: null });
    expect(res.body.description).toContain(description);
    expect(await savedRow(shopper.u_id)).toBeUndefined();
  });

  it("refuses a visitor, and only ever writes the caller's own address", async () => {
    const visitor = await api('PUT', '/updateuserprofile', { saved_address: address });
    expect(visitor.status).toBe(403);
    const asha = await createUser(store);
    const ravi = await createUser(store);
    await api('PUT', '/updateuserprofile', { saved_address: address }, asha.auth);
    await api('PUT', '/updateuserprofile', { saved_address: { ...address, first_name: 'Ravi' } }, ravi.auth);
    expect((await savedRow(asha.u_id))?.first_name).toBe('Asha');
    expect((await savedRow(ravi.u_id))?.first_name).toBe('Ravi');
  });
});

describe('an order remembers its address', () => {
  it('placing an order saves its contact and address as the profile answers it', async () => {
    const shopper = await createUser(store);
    const ring = await createProduct(store, { name: 'Remembered Ring', sizes: [], carats: [{ inr_price: 1000000, usd_price: 12000 }] });
    const added = await api('POST', '/createcart', { ...ring.selection, quantity: 1 }, shopper.auth);
    expect(added.body.status).toBe(1);
    const order = await api(
      'POST',
      '/createorder',
      { u_id: shopper.u_id, shipping: 0, subtotal: 10000, discount: 0, total: 10000, priceType: 'inr_price', payment_method: 'cod', ...address, email: 'asha.new@example.com' },
      shopper.auth,
    );
    expect(order.status).toBe(201);
    const read = await api('GET', '/getuserprofile', undefined, shopper.auth);
    expect(read.body.data.saved_address).toMatchObject({ ...address, phone_number: '+919876543210', email: 'asha.new@example.com', country: 'IN' });
  });

  it('a refused order remembers nothing', async () => {
    const shopper = await createUser(store);
    const ring = await createProduct(store, { name: 'Refused Ring', sizes: [], carats: [{ inr_price: 1000000, usd_price: 12000 }] });
    await api('POST', '/createcart', { ...ring.selection, quantity: 1 }, shopper.auth);
    const order = await api(
      'POST',
      '/createorder',
      { u_id: shopper.u_id, shipping: 0, subtotal: 1, discount: 0, total: 1, priceType: 'inr_price', payment_method: 'cod', ...address },
      shopper.auth,
    );
    expect(order.status).toBe(400);
    expect(await savedRow(shopper.u_id)).toBeUndefined();
  });

  it("goes with the account when it is deleted", async () => {
    const shopper = await createUser(store);
    await api('PUT', '/updateuserprofile', { saved_address: address }, shopper.auth);
    await store.db.deleteFrom('users').where('u_id', '=', shopper.u_id).execute();
    expect(await savedRow(shopper.u_id)).toBeUndefined();
  });
});
