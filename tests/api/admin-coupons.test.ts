import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Callers, expectRefused, storeWithCallers } from '../helpers/admin.ts';
import { createCoupon } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let admin: Callers['admin'];
let refused: Callers['refused'];

beforeAll(async () => ({ store, admin, refused } = await storeWithCallers()));
afterAll(() => store.close());

const coupons = () => store.db.selectFrom('coupons').selectAll().orderBy('coupon_id').execute();

describe('POST /addcoupon', () => {
  it('stores the name uppercased and the discount in basis points; checkout finds it; no rebuild', async () => {
    const changes = store.catalogueChanges;
    const res = await call(store, 'POST', '/addcoupon', { coupon_name: ' festive10 ', discount: '12.5' }, admin.auth);
    expect(res.status).toBe(201);
    expectMatchesContract('POST', '/addcoupon', res);
    expect(res.body).toEqual({ status: 1, description: 'Coupon added successfully.', data: { coupon_id: expect.any(Number), coupon_name: 'FESTIVE10', discount: '12.5', c_status: 1 } });
    const row = await store.db.selectFrom('coupons').selectAll().where('coupon_id', '=', res.body.data.coupon_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ coupon_name: 'FESTIVE10', discount_bp: 1250, c_status: 1 });
    const list = await call(store, 'POST', '/getcoupon', { is_admin: 1 });
    expect(list.body.data).toContainEqual({ coupon_name: 'FESTIVE10', discount: '12.5' });
    expect(store.catalogueChanges).toBe(changes);
  });

  it('accepts numbers and numeric text: 10, "7.25", "100", ".5"', async () => {
    for (const [discount, bp] of [[10, 1000], ['7.25', 725], ['100', 10000], ['.5', 50], [0.01, 1]] as const) {
      const res = await call(store, 'POST', '/addcoupon', { coupon_name: `OK${bp}`, discount }, admin.auth);
      expect(res.status, String(discount)).toBe(201);
      expect((await store.db.selectFrom('coupons').select('discount_bp').where('coupon_name', '=', `OK${bp}`).executeTakeFirstOrThrow()).discount_bp).toBe(bp);
    }
  });

  it('refuses bad names and discounts with the document\'s messages, changing nothing', async () => {
    await createCoupon(store, { coupon_name: 'TAKEN' });
    const before = await coupons();
    const cases: Array<[unknown, number, string]> = [
      [{ coupon_name: '  ', discount: '10' }, 400, 'Coupon Name is required.'],
      [{ discount: '10' }, 400, 'Coupon Name is required.'],
      [{ coupon_name: 'SAVE 10', discount: '10' }, 400, 'Coupon Name may contain only letters, digits, - and _.'],
      [{ coupon_name: '../../x', discount: '10' }, 400, 'Coupon Name may contain only letters, digits, - and _.'],
      [{ coupon_name: 'NEW1' }, 400, 'Discount is required.'],
      [{ coupon_name: 'NEW1', discount: '' }, 400, 'Discount is required.'],
      [{ coupon_name: 'NEW1', discount: 'ten' }, 400, 'Please enter a valid number.'],
      [{ coupon_name: 'NEW1', discount: '1.2.3' }, 400, 'Please enter a valid number.'],
      [{ coupon_name: 'NEW1', discount: '1e2' }, 400, 'Please enter a valid number.'],
      [{ coupon_name: 'NEW1', discount: 'NaN' }, 400, 'Please enter a valid number.'],
      [{ coupon_name: 'NEW1', discount: '-5' }, 400, 'Please enter a positive number.'],
      [{ coupon_name: 'NEW1', discount: -5 }, 400, 'Please enter a positive number.'],
      [{ coupon_name: 'NEW1', discount: '0' }, 400, 'Please enter a positive number.'],
      [{ coupon_name: 'NEW1', discount: '100.01' }, 400, 'Discount cannot be more than 100.'],
      [{ coupon_name: 'NEW1', discount: 250 }, 400, 'Discount cannot be more than 100.'],
      [{ coupon_name: 'NEW1', discount: '12.345' }, 400, 'Discount can have at most 2 decimals.'],
      [{ coupon_name: 'NEW1', discount: null }, 400, 'Discount is required.'],
      [{ coupon_name: 'taken', discount: '5' }, 409, 'A coupon with this name already exists.'],
    ];
    for (const [body, status, description] of cases) {
      const res = await call(store, 'POST', '/addcoupon', body, admin.auth);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body, JSON.stringify(body)).toEqual({ status: 0, description, data: null });
      expectMatchesContract('POST', '/addcoupon', res);
    }
    expect(await coupons()).toEqual(before);
  });
});

describe('POST /updatecoupon and /changecouponstatus', () => {
  it('edits a coupon and toggles its status', async () => {
    const coupon = await createCoupon(store);
    const res = await call(store, 'POST', '/updatecoupon', { coupon_name: 'diwali', discount: '15', coupon_id: coupon.coupon_id }, admin.auth);
    expect(res.status).toBe(200);
    expectMatchesContract('POST', '/updatecoupon', res);
    expect(res.body.data).toEqual({ coupon_id: coupon.coupon_id, coupon_name: 'DIWALI', discount: '15', c_status: 1 });

    const off = await call(store, 'POST', '/changecouponstatus', { c_status: 0, coupon_id: coupon.coupon_id }, admin.auth);
    expect(off.status).toBe(200);
    expectMatchesContract('POST', '/changecouponstatus', off);
    expect(off.body).toMatchObject({ status: 1, description: 'Coupon deactivated successfully.', data: { c_status: 0 } });
    expect((await call(store, 'POST', '/getcoupon', { is_admin: 1 })).body.data.map((c: any) => c.coupon_name)).not.toContain('DIWALI');
    const on = await call(store, 'POST', '/changecouponstatus', { c_status: '1', coupon_id: String(coupon.coupon_id) }, admin.auth);
    expect(on.body).toMatchObject({ status: 1, description: 'Coupon activated successfully.', data: { c_status: 1 } });
  });

  it('refuses unknown coupons, taken names, bad discounts and statuses, changing nothing', async () => {
    const coupon = await createCoupon(store);
    const other = await createCoupon(store);
    const before = await coupons();
    const cases: Array<[string, unknown, number, string]> = [
      ['/updatecoupon', { coupon_name: 'X', discount: '5', coupon_id: 999999 }, 404, 'Coupon not found.'],
      ['/updatecoupon', { coupon_name: other.coupon_name.toLowerCase(), discount: '5', coupon_id: coupon.coupon_id }, 409, 'A coupon with this name already exists.'],
      ['/updatecoupon', { coupon_name: 'X', discount: '-1', coupon_id: coupon.coupon_id }, 400, 'Please enter a positive number.'],
      ['/updatecoupon', { coupon_name: 'X', discount: '101', coupon_id: coupon.coupon_id }, 400, 'Discount cannot be more than 100.'],
      ['/updatecoupon', { coupon_name: 'X', discount: 'abc', coupon_id: coupon.coupon_id }, 400, 'Please enter a valid number.'],
      ['/updatecoupon', { coupon_name: 'X', discount: '5' }, 400, 'coupon_id must be a record id (a whole number, 1 or more).'],
      ['/changecouponstatus', { c_status: 2, coupon_id: coupon.coupon_id }, 400, 'c_status must be 0 or 1.'],
      ['/changecouponstatus', { c_status: 0, coupon_id: 999999 }, 404, 'Coupon not found.'],
    ];
    for (const [url, body, status, description] of cases) {
      const res = await call(store, 'POST', url, body, admin.auth);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.description, JSON.stringify(body)).toBe(description);
      expectMatchesContract('POST', url, res);
    }
    expect(await coupons()).toEqual(before);
  });

  it('refuses callers who are not administrators on every coupon call', async () => {
    const coupon = await createCoupon(store);
    const before = await coupons();
    await expectRefused(store, refused, [
      ['POST', '/addcoupon', { coupon_name: 'FREE100', discount: '100' }],
      ['POST', '/updatecoupon', { coupon_name: 'FREE100', discount: '100', coupon_id: coupon.coupon_id }],
      ['POST', '/changecouponstatus', { c_status: 0, coupon_id: coupon.coupon_id }],
    ]);
    expect(await coupons()).toEqual(before);
  });
});
