/**
 * The audit trail (issue 34): every back-office write is recorded once, in the transaction of
 * the change, with who, the fields that changed before and after, the address and the request
 * id; never a secret. Read (and exported as CSV) by owner, manager and accounts; no call and
 * no SQL statement changes or deletes an entry. Runs on SQLite and PostgreSQL.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../api/openapi/document.ts';
import { actingAs } from '../../db/audit.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { PERMISSIONS, type Role } from '../../rules/permissions.ts';
import { createOrder, formData, sendForm } from '../helpers/admin.ts';
import { createCarat, createCategory, createCoupon, createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let owner: Staff;

type Staff = Awaited<ReturnType<typeof staffMember>>;

/** A member of staff with `role` (a back-office account, its role set in the database). */
async function staffMember(role: Role, full_name?: string) {
  const user = await createUser(store, { u_type: '0' });
  const name = full_name ?? `${role} ${user.u_id}`;
  await store.db.updateTable('users').set({ role, full_name: name }).where('u_id', '=', user.u_id).execute();
  return { ...user, role, full_name: name };
}

beforeAll(async () => {
  store = await createTestStore();
  owner = await staffMember('owner', 'Asha Owner');
});
afterAll(() => store.close());

/** The trail as the owner reads it, with these filters. */
async function trail(query: Record<string, string | number> = {}, auth = owner.auth) {
  const url = `/getauditlog?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
  const res = await call(store, 'GET', url, undefined, auth);
  expect(res.status, res.body?.description).toBe(200);
  expectMatchesContract('GET', url, res);
  return res.body.data as { auditData: any[]; totalCount: number };
}

/** The entries a request recorded (by its X-Request-Id). */
async function recordedBy(res: { headers: Headers }) {
  const request_id = res.headers.get('x-request-id');
  expect(request_id).toBeTruthy();
  const { auditData } = await trail({ perPage: 100 });
  return auditData.filter((entry) => entry.request_id === request_id);
}

/** The one entry a request recorded, checked against who sent it. */
async function oneEntry(res: { status: number; headers: Headers; body: any }, by: Staff = owner) {
  expect(res.status, res.body?.description).toBeLessThan(300);
  const entries = await recordedBy(res);
  expect(entries).toHaveLength(1);
  const [entry] = entries;
  expect(entry).toMatchObject({ actor_u_id: by.u_id, actor_name: by.full_name, role: by.role, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) });
  return entry;
}

describe('each back-office write is recorded once, with the fields that changed', () => {
  it('a product price edit: only the carat row\'s price', async () => {
    const carat = await createCarat(store, '22K audit');
    const product = await createProduct(store, { carats: [{ carat_id: carat.carat_id, inr_price: 5234050, usd_price: 62999 }] });
    const res = await sendForm(
      store,
      '/updateproduct',
      formData({ p_id: String(product.p_id), caratPrices: JSON.stringify([{ carat_id: carat.carat_id, inr_price: 54000, usd_price: 629.99 }]) }),
      owner.auth,
    );
    const entry = await oneEntry(res);
    expect(entry).toMatchObject({ action: 'product.update', entity: 'product', entity_id: String(product.p_id) });
    expect(entry.before).toEqual({ '22K audit.inr_price': 52340.5 });
    expect(entry.after).toEqual({ '22K audit.inr_price': 54000 });
    expect(entry.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('a category rename, and nothing for a refused one', async () => {
    const category = await createCategory(store, { cate_name: 'Bangles audit' });
    const taken = await createCategory(store);
    const refused = await sendForm(store, '/updatecategory', formData({ cate_id: String(category.cate_id), cate_name: taken.cate_name }), owner.auth);
    expect(refused.status).toBe(409);
    expect(await recordedBy(refused)).toEqual([]);

    const res = await sendForm(store, '/updatecategory', formData({ cate_id: String(category.cate_id), cate_name: 'Kadas audit' }), owner.auth);
    const entry = await oneEntry(res);
    expect(entry).toMatchObject({ action: 'category.update', entity: 'category', entity_id: String(category.cate_id) });
    expect(entry.before).toEqual({ cate_name: 'Bangles audit' });
    expect(entry.after).toEqual({ cate_name: 'Kadas audit' });
  });

  it('an order status change with its note, by the order desk', async () => {
    const desk = await staffMember('orders');
    const { o_id } = await createOrder(store);
    const res = await call(store, 'PUT', '/updateorderstatus', { o_id, status: 2, note: 'Packed at the counter' }, desk.auth);
    const entry = await oneEntry(res, desk);
    expect(entry).toMatchObject({ action: 'order.status', entity: 'order', entity_id: String(o_id) });
    expect(entry.before).toEqual({ status: 1 });
    expect(entry.after).toEqual({ status: 2, note: 'Packed at the counter' });
  });

  it('an order cancelled by the order desk through /cancelorder; a shopper\'s own cancel is not the shop\'s change', async () => {
    const desk = await staffMember('orders');
    const shopper = await createUser(store);
    const first = await createOrder(store, { u_id: shopper.u_id });
    const res = await call(store, 'PUT', '/cancelorder', { o_id: first.o_id, u_id: shopper.u_id }, desk.auth);
    const entry = await oneEntry(res, desk);
    expect(entry).toMatchObject({ action: 'order.status', entity: 'order', entity_id: String(first.o_id), before: { status: 1 }, after: { status: 5 } });

    const second = await createOrder(store, { u_id: shopper.u_id });
    const own = await call(store, 'PUT', '/cancelorder', { o_id: second.o_id, u_id: shopper.u_id }, shopper.auth);
    expect(own.status).toBe(200);
    expect(await recordedBy(own)).toEqual([]);
  });

  it('the internal note and the shipment of an order', async () => {
    const { o_id } = await createOrder(store);
    const note = await oneEntry(await call(store, 'PUT', '/updateordernote', { o_id, internal_note: 'Gift wrap' }, owner.auth));
    expect(note).toMatchObject({ action: 'order.note', entity: 'order', entity_id: String(o_id), before: { internal_note: null }, after: { internal_note: 'Gift wrap' } });
    const shipment = await oneEntry(await call(store, 'PUT', '/updateordershipment', { o_id, courier_name: 'BlueDart', tracking_number: 'BD123' }, owner.auth));
    expect(shipment).toMatchObject({
      action: 'order.shipment',
      before: { courier_name: null, tracking_number: null },
      after: { courier_name: 'BlueDart', tracking_number: 'BD123' },
    });
  });

  it('the HUIDs of an order\'s pieces, line by line', async () => {
    const { o_id } = await createOrder(store);
    const { oi_id } = await store.db.selectFrom('order_items').select('oi_id').where('o_id', '=', o_id).executeTakeFirstOrThrow();
    const first = await oneEntry(await call(store, 'PUT', '/orderhuid', { o_id, items: [{ oi_id, huid: ['AB12CD'] }] }, owner.auth));
    expect(first).toMatchObject({ action: 'order.huid', entity: 'order', entity_id: String(o_id), before: { [`line ${oi_id}`]: [] }, after: { [`line ${oi_id}`]: ['AB12CD'] } });
    const second = await oneEntry(await call(store, 'PUT', '/orderhuid', { o_id, items: [{ oi_id, huid: ['AB12CD', 'EF34GH'] }] }, owner.auth));
    expect(second).toMatchObject({ before: { [`line ${oi_id}`]: ['AB12CD'] }, after: { [`line ${oi_id}`]: ['AB12CD', 'EF34GH'] } });
  });

  it('a metal rate set: the carat\'s rate and the dollar rate, in rupees', async () => {
    const carat = await createCarat(store, '18K audit');
    const first = await oneEntry(await call(store, 'POST', '/setmetalrates', { rates: [{ carat_id: carat.carat_id, inr_per_gram: 5600 }], usd_inr: 84.5 }, owner.auth));
    expect(first).toMatchObject({ action: 'metal_rates.set', entity: 'metal_rate' });
    expect(first.before).toMatchObject({ '18K audit': null });
    expect(first.after).toMatchObject({ '18K audit': 5600, usd_inr: 84.5 });
    const second = await oneEntry(await call(store, 'POST', '/setmetalrates', { rates: [{ carat_id: carat.carat_id, inr_per_gram: 5650 }], usd_inr: 84.5 }, owner.auth));
    expect(second.before).toEqual({ '18K audit': 5600 });
    expect(second.after).toEqual({ '18K audit': 5650, rows_repriced: 0 });
  });

  it('a coupon: added, its discount changed, deactivated', async () => {
    const added = await oneEntry(await call(store, 'POST', '/addcoupon', { coupon_name: 'diwali10', discount: 10 }, owner.auth));
    expect(added).toMatchObject({ action: 'coupon.add', entity: 'coupon', before: null, after: { coupon_name: 'DIWALI10', discount: '10', active: true } });
    const coupon_id = Number(added.entity_id);
    const changed = await oneEntry(await call(store, 'POST', '/updatecoupon', { coupon_id, coupon_name: 'DIWALI10', discount: 12.5 }, owner.auth));
    expect(changed).toMatchObject({ action: 'coupon.update', entity_id: String(coupon_id), before: { discount: '10' }, after: { discount: '12.5' } });
    const off = await oneEntry(await call(store, 'POST', '/changecouponstatus', { coupon_id, c_status: 0 }, owner.auth));
    expect(off).toMatchObject({ action: 'coupon.status', before: { active: true }, after: { active: false } });
  });

  it('shipping rates: the zone that changed; the cash-on-delivery cap', async () => {
    const current = (await call(store, 'GET', '/getshippingrates')).body.data;
    const zones = structuredClone(current.zones);
    const america = zones.find((z: any) => z.name === 'North America');
    america.bands[0].inr_price = 3300;
    const entry = await oneEntry(await call(store, 'POST', '/setshippingrates', { zones }, owner.auth));
    expect(entry).toMatchObject({ action: 'settings.shipping_rates', entity: 'setting', entity_id: 'shipping_rates' });
    expect(Object.keys(entry.before)).toEqual(['North America']);
    expect(entry.before['North America'].bands[0].inr_price).toBe(3200);
    expect(entry.after['North America'].bands[0].inr_price).toBe(3300);

    const cap = await oneEntry(await call(store, 'POST', '/setcodlimit', { cod_cap: 50000 }, owner.auth));
    expect(cap).toMatchObject({ action: 'settings.cod_cap', before: { cod_cap: null }, after: { cod_cap: 50000 } });
  });

  it('staff added and changed; a password reset says "(changed)", never the password or its hash', async () => {
    const added = await oneEntry(
      await call(store, 'POST', '/addstaff', { full_name: 'Meena Packer', countryCode: '+91', phoneNumber: '98100 40001', role: 'orders', password: 'First@Pass1' }, owner.auth),
    );
    expect(added).toMatchObject({ action: 'staff.add', entity: 'staff', before: null, after: { full_name: 'Meena Packer', role: 'orders', active: true } });
    const u_id = Number(added.entity_id);
    const role = await oneEntry(await call(store, 'PUT', '/updatestaff', { u_id, role: 'catalogue' }, owner.auth));
    expect(role).toMatchObject({ action: 'staff.update', before: { role: 'orders' }, after: { role: 'catalogue' } });
    const reset = await oneEntry(await call(store, 'PUT', '/updatestaff', { u_id, password: 'Second@Pass2' }, owner.auth));
    expect(reset).toMatchObject({ action: 'staff.update', before: {}, after: { password: '(changed)' } });

    const { password_hash } = await store.db.selectFrom('users').select('password_hash').where('u_id', '=', u_id).executeTakeFirstOrThrow();
    const everything = JSON.stringify(await store.db.selectFrom('audit_log').selectAll().execute());
    for (const secret of ['First@Pass1', 'Second@Pass2', password_hash, password_hash.slice(0, 20)]) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/\$argon2|\$scrypt/);
  });
});

describe('a staff member\'s write that records nothing', () => {
  const actor = () => ({ u_id: owner.u_id, name: owner.full_name, role: owner.role, ip: null, request_id: null });
  const addSynonym = (term: string, options?: { audit: 'none' }) =>
    actingAs(actor(), () => writeTransaction(store.db, (trx) => trx.insertInto('search_synonyms').values({ term, expands_to: 'gold' }).execute(), options));
  const exists = async (term: string) => (await store.db.selectFrom('search_synonyms').select('syn_id').where('term', '=', term).executeTakeFirst()) !== undefined;

  it('is refused before it commits (a new back-office write cannot forget its entry); upkeep says audit: none', async () => {
    await expect(addSynonym('forgotten')).rejects.toThrow('A back-office write must record itself in the audit trail');
    expect(await exists('forgotten')).toBe(false);
    await addSynonym('upkeep', { audit: 'none' });
    expect(await exists('upkeep')).toBe(true);
  });
});

describe('under concurrent writes', () => {
  it('10 staff members updating 10 coupons at once give exactly 10 entries, one each', async () => {
    const team = await Promise.all(Array.from({ length: 10 }, (_, i) => staffMember(i % 2 ? 'manager' : 'owner')));
    const coupons = await Promise.all(team.map((_, i) => createCoupon(store, { coupon_name: `RUSH${i}`, discount_bp: 500 })));
    const answers = await Promise.all(coupons.map((c, i) => call(store, 'POST', '/updatecoupon', { coupon_id: c.coupon_id, coupon_name: c.coupon_name, discount: 6 + i }, team[i].auth)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const entries = (await trail({ action: 'coupon.update', perPage: 100 })).auditData.filter((e) => coupons.some((c) => String(c.coupon_id) === e.entity_id));
    expect(entries).toHaveLength(10);
    for (const [i, coupon] of coupons.entries()) {
      const mine = entries.filter((e) => e.entity_id === String(coupon.coupon_id));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ actor_u_id: team[i].u_id, before: { discount: '5' }, after: { discount: String(6 + i) } });
    }
  });

  it('10 status changes at once give exactly 10 entries', async () => {
    const orders = await Promise.all(Array.from({ length: 10 }, () => createOrder(store)));
    const answers = await Promise.all(orders.map(({ o_id }) => call(store, 'PUT', '/updateorderstatus', { o_id, status: 2 }, owner.auth)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    for (const { o_id } of orders) {
      const { auditData, totalCount } = await trail({ entity: 'order', entity_id: o_id });
      expect(totalCount).toBe(1);
      expect(auditData[0]).toMatchObject({ action: 'order.status', before: { status: 1 }, after: { status: 2 } });
    }
  });
});

describe('GET /getauditlog', () => {
  it('filters by actor, action, entity, entity id and time, and pages newest first', async () => {
    const keeper = await staffMember('manager', 'Kiran Keeper');
    const category = await createCategory(store);
    for (const name of ['One', 'Two', 'Three']) {
      const res = await sendForm(store, '/updatecategory', formData({ cate_id: String(category.cate_id), cate_name: `Filtered ${name}` }), keeper.auth);
      expect(res.status).toBe(200);
    }
    const history = await trail({ entity: 'category', entity_id: category.cate_id });
    expect(history.totalCount).toBe(3);
    expect(history.auditData.map((e) => e.after.cate_name)).toEqual(['Filtered Three', 'Filtered Two', 'Filtered One']);
    expect(history.auditData.every((e) => e.actor_u_id === keeper.u_id && e.role === 'manager')).toBe(true);

    expect((await trail({ actor: keeper.u_id })).totalCount).toBe(3);
    expect((await trail({ actor: 'kiran KEE' })).totalCount).toBe(3);
    expect((await trail({ actor: 'nobody of that name' })).totalCount).toBe(0);
    const byAction = await trail({ action: 'category.update', actor: keeper.u_id });
    expect(byAction.totalCount).toBe(3);
    expect((await trail({ action: 'category', actor: keeper.u_id })).totalCount).toBe(3);
    expect((await trail({ action: 'category.add', actor: keeper.u_id })).totalCount).toBe(0);

    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    expect((await trail({ actor: keeper.u_id, from: today, to: today })).totalCount).toBe(3);
    expect((await trail({ actor: keeper.u_id, from: '2099-01-01' })).totalCount).toBe(0);
    expect((await trail({ actor: keeper.u_id, to: '2000-01-01T00:00:00Z' })).totalCount).toBe(0);

    const first = await trail({ actor: keeper.u_id, perPage: 2, page: 1 });
    const second = await trail({ actor: keeper.u_id, perPage: 2, page: 2 });
    expect(first.totalCount).toBe(3);
    expect(first.auditData).toHaveLength(2);
    expect(second.auditData).toHaveLength(1);
    const ids = [...first.auditData, ...second.auditData].map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses bad filters with a sentence', async () => {
    for (const [query, message] of [
      ['from=yesterday', 'from must be a date (YYYY-MM-DD) or an ISO 8601 time'],
      ['to=2026-02-30', 'to must be a date'],
      ['from=2026-12-02&to=2026-12-01', 'from must not be after to.'],
      ['perPage=101', 'perPage must be a whole number from 1 to 100.'],
    ] as const) {
      const res = await call(store, 'GET', `/getauditlog?${query}`, undefined, owner.auth);
      expect(res.status, query).toBe(400);
      expect(res.body.description, query).toContain(message);
      expectMatchesContract('GET', `/getauditlog?${query}`, res);
    }
  });

  it('is for owner, manager and accounts only; the others get 403 naming the permission', async () => {
    for (const role of ['manager', 'accounts'] as const) await trail({}, (await staffMember(role)).auth);
    for (const role of ['orders', 'catalogue'] as const) {
      for (const url of ['/getauditlog', '/getauditlog.csv']) {
        const res = await call(store, 'GET', url, undefined, (await staffMember(role)).auth);
        expect(res.status, `${role} ${url}`).toBe(403);
        expect(res.body.description).toBe(`You need permission to ${PERMISSIONS['audit.view']}. Ask the shop's owner if you should have it.`);
        expect(res.body.data).toEqual({ missing_permission: 'audit.view' });
      }
    }
    const shopper = await createUser(store);
    for (const headers of [shopper.auth, {}]) expect((await call(store, 'GET', '/getauditlog', undefined, headers)).status).toBe(403);
  });
});

describe('GET /getauditlog.csv', () => {
  it('streams the filtered entries with a header row, a formula kept as text', async () => {
    const sly = await staffMember('owner', '=HYPERLINK("http://evil.example","x")');
    const coupon = await createCoupon(store);
    for (const discount of [7, 8]) {
      expect((await call(store, 'POST', '/updatecoupon', { coupon_id: coupon.coupon_id, coupon_name: coupon.coupon_name, discount }, sly.auth)).status).toBe(200);
    }
    const res = await store.app.request(`/getauditlog.csv?entity=coupon&entity_id=${coupon.coupon_id}`, { headers: owner.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-trail-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = (await res.text()).split('\n').filter(Boolean);
    expect(lines[0]).toBe('id,createdAt,actor_u_id,actor_name,role,action,entity,entity_id,before,after,ip,request_id');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[1]).toContain('coupon.update,coupon');
    expect(lines[1]).toContain('"{""discount"":""7""}","{""discount"":""8""}"');

    const all = await store.app.request('/getauditlog.csv', { headers: owner.auth });
    const rows = (await all.text()).split('\n').filter(Boolean).length - 1;
    expect(rows).toBe((await trail()).totalCount);
  });
});

describe('the trail cannot be altered', () => {
  it('no call of the API writes to it: its only routes read', () => {
    const document = openApiDocument(store.app as never) as unknown as { paths: Record<string, Record<string, unknown>> };
    const auditPaths = Object.entries(document.paths).filter(([path]) => /audit/i.test(path));
    expect(auditPaths.map(([path, item]) => [path, Object.keys(item)])).toEqual([
      ['/getauditlog', ['get']],
      ['/getauditlog.csv', ['get']],
    ]);
  });

  it('an UPDATE or DELETE of its rows fails in SQL, whoever asks', async () => {
    const { auditData } = await trail({ perPage: 1 });
    const id = auditData[0].id;
    await expect(sql`update audit_log set actor_name = 'Someone else' where id = ${id}`.execute(store.db)).rejects.toThrow(/append-only/);
    await expect(store.db.updateTable('audit_log').set({ after: '{}' }).where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(store.db.deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(store.db)).rejects.toThrow(/append-only/);
    expect((await trail({ perPage: 1 })).auditData[0]).toEqual(auditData[0]);
  });
});
