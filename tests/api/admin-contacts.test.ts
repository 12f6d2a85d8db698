import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Callers, createContact, createOrder, expectRefused, storeWithCallers } from '../helpers/admin.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let admin: Callers['admin'];
let refused: Callers['refused'];

beforeAll(async () => ({ store, admin, refused } = await storeWithCallers()));
afterAll(() => store.close());

describe('contacts and dashboard', () => {
  it('pages contact messages newest first with the total count, and deletes one', async () => {
    const isolated = await createTestStore();
    try {
      const boss = await createUser(isolated, { u_type: '0' });
      const made = [];
      for (let i = 0; i < 12; i++) made.push(await createContact(isolated, { created_at: `2026-03-${String(i + 1).padStart(2, '0')} 09:00:00` }));
      const first = await call(isolated, 'POST', '/contactinfo', { page: 1, perPage: 10 }, boss.auth);
      expect(first.status).toBe(200);
      expectMatchesContract('POST', '/contactinfo', first);
      expect(first.body.data.totalCount).toBe(12);
      expect(first.body.data.contactData).toHaveLength(10);
      expect(first.body.data.contactData[0]).toMatchObject({ c_id: made[11].c_id, status: 'new', createdAt: '2026-03-12T09:00:00Z' });
      const second = await call(isolated, 'POST', '/contactinfo', { page: '2', perPage: '10' }, boss.auth);
      expect(second.body.data.contactData.map((c: any) => c.c_id)).toEqual([made[1].c_id, made[0].c_id]);
      const defaults = await call(isolated, 'POST', '/contactinfo', {}, boss.auth);
      expect(defaults.body.data.contactData).toHaveLength(10);

      const removed = await call(isolated, 'DELETE', `/deletecontactinfo?c_id=${made[0].c_id}`, undefined, boss.auth);
      expect(removed.status).toBe(200);
      expectMatchesContract('DELETE', '/deletecontactinfo', removed);
      expect((await call(isolated, 'POST', '/contactinfo', { page: 1, perPage: 10 }, boss.auth)).body.data.totalCount).toBe(11);
      const again = await call(isolated, 'DELETE', `/deletecontactinfo?c_id=${made[0].c_id}`, undefined, boss.auth);
      expect(again.status).toBe(404);
      expectMatchesContract('DELETE', '/deletecontactinfo', again);
    } finally {
      await isolated.close();
    }
  });

  it('counts products, materials, orders, requests and shoppers, and lists the 5 newest inquiries', async () => {
    const isolated = await createTestStore();
    try {
      const boss = await createUser(isolated, { u_type: '0' });
      await createUser(isolated);
      await createUser(isolated);
      await createProduct(isolated);
      await createProduct(isolated, { p_status: 0 });
      await createOrder(isolated);
      const contacts = [];
      for (let i = 0; i < 7; i++) contacts.push(await createContact(isolated, { created_at: `2026-04-0${i + 1} 12:00:00` }));
      const counters = await call(isolated, 'GET', '/dashboardcounter', undefined, boss.auth);
      expect(counters.status).toBe(200);
      expectMatchesContract('GET', '/dashboardcounter', counters);
      expect(counters.body.data).toEqual({ total_products: 2, total_materials: 2, total_orders: 1, total_requests: 7, total_users: 2 });

      const inquiries = await call(isolated, 'GET', '/getall', undefined, boss.auth);
      expect(inquiries.status).toBe(200);
      expectMatchesContract('GET', '/getall', inquiries);
      expect(inquiries.body.data.map((q: any) => q.inquiryId)).toEqual(contacts.slice(2).reverse().map((c) => c.c_id));
      expect(inquiries.body.data[0]).toEqual({
        inquiryId: contacts[6].c_id,
        inquiryType: 'contact',
        name: contacts[6].name,
        email: expect.stringContaining('@example.com'),
        phone: '9876543210',
        message: expect.any(String),
        status: 'new',
        createdAt: '2026-04-07T12:00:00Z',
      });
      expect((await call(isolated, 'GET', '/getall?limit=7', undefined, boss.auth)).body.data).toHaveLength(7);
      expect((await call(isolated, 'GET', '/getall?limit=0', undefined, boss.auth)).status).toBe(400);
    } finally {
      await isolated.close();
    }
  });

  it('refuses bad paging and callers who are not administrators', async () => {
    const { c_id } = await createContact(store);
    const bad = await call(store, 'POST', '/contactinfo', { page: 0, perPage: 10 }, admin.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.description).toBe('page must be a whole number from 1 to 100000.');
    expectMatchesContract('POST', '/contactinfo', bad);
    await expectRefused(store, refused, [
      ['POST', '/contactinfo', { page: 1, perPage: 10 }],
      ['DELETE', `/deletecontactinfo?c_id=${c_id}`],
      ['GET', '/dashboardcounter'],
      ['GET', '/getall'],
    ]);
    expect(await store.db.selectFrom('contact_messages').select('c_id').where('c_id', '=', c_id).executeTakeFirst()).toBeDefined();
  });
});
