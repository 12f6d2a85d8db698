import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Callers, createOrder, expectRefused, storeWithCallers, tinyImage } from '../helpers/admin.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let admin: Callers['admin'];
let refused: Callers['refused'];

beforeAll(async () => ({ store, admin, refused } = await storeWithCallers()));
afterAll(() => store.close());

const userExists = async (u_id: number) => (await store.db.selectFrom('users').select('u_id').where('u_id', '=', u_id).executeTakeFirst()) !== undefined;

describe('GET /getallusers', () => {
  it('lists every user, newest first, without any password hash', async () => {
    const shopper = await createUser(store, { countryCode: '+44' });
    const res = await call(store, 'GET', '/getallusers', undefined, admin.auth);
    expect(res.status).toBe(200);
    expectMatchesContract('GET', '/getallusers', res);
    const row = res.body.data.find((u: any) => u.u_id === shopper.u_id);
    expect(row).toEqual({ u_id: shopper.u_id, full_name: expect.any(String), u_name: expect.any(String), countryCode: '+44', phoneNumber: shopper.phone, u_type: '1', createdAt: expect.stringMatching(/Z$/) });
    expect(res.body.data.find((u: any) => u.u_id === admin.u_id).u_type).toBe('0');
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2|\$scrypt|hash/i);
  });

  it('refuses callers who are not administrators', async () => {
    await expectRefused(store, refused, [['GET', '/getallusers']]);
  });
});

describe('DELETE /user/delete/{id}', () => {
  it('lets an administrator delete a shopper: cart and reviews go, orders stay unlinked, the token stops working', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store);
    await store.db.insertInto('cart_items').values({ u_id: shopper.u_id, ...product.selection }).execute();
    const { o_id } = await createOrder(store, { u_id: shopper.u_id, p_id: product.p_id });
    const file = 'c0ffeec0ffeec0ffeec0ffeec0ffee00.png';
    const reviewFile = path.join(store.config.mediaDir, 'Reviews', file);
    mkdirSync(path.dirname(reviewFile), { recursive: true });
    writeFileSync(reviewFile, await tinyImage('png'));
    const { r_id } = await store.db.insertInto('reviews').values({ u_id: shopper.u_id, u_name: 'Ravi', p_id: product.p_id, message: 'Nice', rating: 5 }).returning('r_id').executeTakeFirstOrThrow();
    await store.db.insertInto('review_images').values({ r_id, file_name: file }).execute();
    const changes = store.catalogueChanges;

    const res = await call(store, 'DELETE', `/user/delete/${shopper.u_id}`, undefined, admin.auth);
    expect(res.status).toBe(200);
    expectMatchesContract('DELETE', `/user/delete/${shopper.u_id}`, res);
    expect(res.body).toEqual({ status: 1, description: 'User deleted successfully!', data: null });
    expect(await userExists(shopper.u_id)).toBe(false);
    expect(await store.db.selectFrom('cart_items').select('c_id').where('u_id', '=', shopper.u_id).execute()).toEqual([]);
    expect(await store.db.selectFrom('reviews').select('r_id').where('r_id', '=', r_id).executeTakeFirst()).toBeUndefined();
    expect(existsSync(reviewFile)).toBe(false);
    expect(await store.db.selectFrom('orders').select(['o_id', 'u_id']).where('o_id', '=', o_id).executeTakeFirstOrThrow()).toEqual({ o_id, u_id: null });
    expect(store.catalogueChanges).toBe(changes + 1);
    expect((await call(store, 'GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth)).status).toBe(403);
  });

  it('lets a shopper delete their own account, and nobody else\'s', async () => {
    const shopper = await createUser(store);
    const other = await createUser(store);
    const refusedOther = await call(store, 'DELETE', `/user/delete/${other.u_id}`, undefined, shopper.auth);
    expect(refusedOther.status).toBe(403);
    expectMatchesContract('DELETE', `/user/delete/${other.u_id}`, refusedOther);
    const refusedAdmin = await call(store, 'DELETE', `/user/delete/${admin.u_id}`, undefined, shopper.auth);
    expect(refusedAdmin.status).toBe(403);
    expect(await userExists(other.u_id)).toBe(true);
    expect(await userExists(admin.u_id)).toBe(true);

    const own = await call(store, 'DELETE', `/user/delete/${shopper.u_id}`, undefined, shopper.auth);
    expect(own.status).toBe(200);
    expect(await userExists(shopper.u_id)).toBe(false);
  });

  it('refuses no token, a forged token, an unknown user and a bad id', async () => {
    const shopper = await createUser(store);
    for (const [label, headers] of refused.filter(([l]) => l !== "a shopper's token")) {
      const res = await call(store, 'DELETE', `/user/delete/${shopper.u_id}`, undefined, headers);
      expect(res.status, label).toBe(403);
      expectMatchesContract('DELETE', `/user/delete/${shopper.u_id}`, res);
    }
    const unknown = await call(store, 'DELETE', '/user/delete/999999', undefined, admin.auth);
    expect(unknown.status).toBe(404);
    expectMatchesContract('DELETE', '/user/delete/999999', unknown);
    for (const bad of ['abc', '0', '-3', '..%2F..%2F1']) {
      const res = await call(store, 'DELETE', `/user/delete/${bad}`, undefined, admin.auth);
      expect([400, 404], bad).toContain(res.status);
      expect(res.body.status).toBe(0);
    }
    expect(await userExists(shopper.u_id)).toBe(true);
  });

  it('refuses to delete the last administrator, and allows it while another remains', async () => {
    const isolated = await createTestStore();
    try {
      const only = await createUser(isolated, { u_type: '0' });
      const last = await call(isolated, 'DELETE', `/user/delete/${only.u_id}`, undefined, only.auth);
      expect(last.status).toBe(409);
      expect(last.body).toEqual({ status: 0, description: 'The last administrator cannot be deleted.', data: null });
      expectMatchesContract('DELETE', `/user/delete/${only.u_id}`, last);
      expect(await isolated.db.selectFrom('users').select('u_id').where('u_id', '=', only.u_id).executeTakeFirst()).toBeDefined();

      const second = await createUser(isolated, { u_type: '0' });
      expect((await call(isolated, 'DELETE', `/user/delete/${only.u_id}`, undefined, second.auth)).status).toBe(200);
      expect((await call(isolated, 'DELETE', `/user/delete/${second.u_id}`, undefined, second.auth)).status).toBe(409);
    } finally {
      await isolated.close();
    }
  });
});
