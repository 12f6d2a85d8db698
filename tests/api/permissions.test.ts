/**
 * Every back-office call × every role (issue 34): the table is generated from the app's own
 * route list (its OpenAPI document), so a new back-office call that declares no permission,
 * or one that a role may call against its permissions, fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../api/auth.ts';
import { openApiDocument } from '../../api/openapi/document.ts';
import { hashPassword } from '../../db/passwords.ts';
import { newTokenKey } from '../../db/queries/users.ts';
import { ALL_PERMISSIONS, type Permission, PERMISSIONS, permissionsOf, type Role, ROLES } from '../../rules/permissions.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';
import { createOrder } from '../helpers/admin.ts';

let store: TestStore;
let phones = 0;

/** A member of staff with `role`, straight in the database (the staff calls themselves are tested below). */
async function staffMember(role: Role, options: { password_change_required?: number } = {}) {
  phones += 1;
  const phone = `70000${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(2, '0')}`;
  const row = await store.db
    .insertInto('users')
    .values({
      full_name: `Staff ${role} ${phones}`,
      u_name: `staff-${role}-${phones}-${process.pid}`,
      country_code: '+91',
      phone_number: phone,
      password_hash: await hashPassword('Staff@12345'),
      u_type: '0',
      role,
      password_change_required: options.password_change_required ?? 0,
      token_key: newTokenKey(),
    })
    .returning(['u_id', 'token_key'])
    .executeTakeFirstOrThrow();
  const token = await issueToken(store.config, row);
  return { u_id: row.u_id, phone, auth: { Authorization: `Bearer ${token}` } };
}

interface BackOfficeCall {
  method: string;
  path: string;
  permission: Permission | undefined;
}

/** Every operation of the Back office tag, with the permission it declares (x-permission). */
function backOfficeCalls(): BackOfficeCall[] {
  const document = openApiDocument(store.app as never) as unknown as { paths: Record<string, Record<string, { tags?: string[]; 'x-permission'?: Permission }>> };
  const calls: BackOfficeCall[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.tags?.includes('Back office')) continue;
      calls.push({ method: method.toUpperCase(), path, permission: operation['x-permission'] });
    }
  }
  return calls;
}

/** A concrete URL for a documented path: each {parameter} becomes 1. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');

beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

describe('the back office route table', () => {
  it('declares a permission on every back-office call but the account deletion a shopper may make of their own', () => {
    const calls = backOfficeCalls();
    expect(calls.length).toBeGreaterThan(40);
    const undeclared = calls.filter((c) => c.permission === undefined).map((c) => `${c.method} ${c.path}`);
    expect(undeclared).toEqual(['DELETE /user/delete/{id}']);
    for (const c of calls) if (c.permission) expect(ALL_PERMISSIONS, `${c.method} ${c.path}`).toContain(c.permission);
  });

  it('lets each role through exactly the calls its permissions allow, and refuses the rest with a sentence naming what is missing', async () => {
    const calls = backOfficeCalls().filter((c): c is BackOfficeCall & { permission: Permission } => c.permission !== undefined);
    const table: string[] = [];
    for (const role of ROLES) {
      const member = await staffMember(role);
      const granted = permissionsOf(role);
      for (const { method, path, permission } of calls) {
        const url = concrete(path);
        // An empty body: a permitted caller is answered on its merits (400, 404, 200...), never 403.
        const res = await call(store, method, url, method === 'GET' ? undefined : {}, member.auth);
        const allowed = granted.includes(permission);
        table.push(`${role.padEnd(9)} ${method.padEnd(6)} ${path.padEnd(28)} ${permission.padEnd(17)} ${allowed ? 'allowed' : '403'} (${res.status})`);
        if (allowed) {
          expect(res.status, `${role} ${method} ${path} (${permission}) was refused: ${res.body?.description}`).not.toBe(403);
          expect(res.status, `${role} ${method} ${path}: ${res.body?.description}`).toBeLessThan(500);
        } else {
          expect(res.status, `${role} ${method} ${path} (${permission}) was let through`).toBe(403);
          expect(res.body.description).toBe(`You need permission to ${PERMISSIONS[permission]}. Ask the shop's owner if you should have it.`);
          expect(res.body.data).toEqual({ missing_permission: permission });
          expectMatchesContract(method, url, res);
        }
      }
    }
    if (process.env.PRINT_ROLE_TABLE) console.log(table.join('\n'));
    // The owner may do everything; each other role only some of it.
    expect(table.filter((line) => line.startsWith('owner') && line.includes(' 403 ('))).toEqual([]);
    for (const role of ROLES.filter((r) => r !== 'owner')) expect(table.some((line) => line.startsWith(role) && line.includes(' 403 ('))).toBe(true);
  }, 120_000);

  it('refuses a shopper and a visitor on every back-office call', async () => {
    const shopper = await createUser(store);
    for (const { method, path, permission } of backOfficeCalls()) {
      if (!permission) continue;
      for (const headers of [shopper.auth, {}]) {
        const res = await call(store, method, concrete(path), method === 'GET' ? undefined : {}, headers);
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
  }, 60_000);

  it('lets the catalogue role set metal rates only when the owner allows it', async () => {
    const owner = await staffMember('owner');
    const keeper = await staffMember('catalogue');
    expect((await call(store, 'POST', '/previewmetalrates', {}, keeper.auth)).status).toBe(403);
    expect((await call(store, 'PUT', '/setstaffsettings', { catalogue_sets_rates: true }, owner.auth)).status).toBe(200);
    const profile = await call(store, 'GET', '/getuserprofile', undefined, keeper.auth);
    expect(profile.body.data.permissions).toContain('rates.manage');
    expect((await call(store, 'POST', '/previewmetalrates', {}, keeper.auth)).status).not.toBe(403);
    expect((await call(store, 'PUT', '/setstaffsettings', { catalogue_sets_rates: false }, owner.auth)).status).toBe(200);
    expect((await call(store, 'POST', '/previewmetalrates', {}, keeper.auth)).status).toBe(403);
  });
});

describe('staff', () => {
  it('the owner adds a member of staff, who must change the password before anything else', async () => {
    const owner = await staffMember('owner');
    const added = await call(store, 'POST', '/addstaff', { full_name: 'Meena Packer', countryCode: '+91', phoneNumber: '98100 00001', role: 'orders', password: 'First@Pass1' }, owner.auth);
    expect(added.status).toBe(201);
    expectMatchesContract('POST', '/addstaff', added);
    expect(added.body.data).toMatchObject({ full_name: 'Meena Packer', countryCode: '+91', phoneNumber: '9810000001', role: 'orders', active: true, password_change_required: true, totp_enabled: false });

    const login = await call(store, 'POST', '/userlogin', { countryCode: '+91', phoneNumber: '9810000001', password: 'First@Pass1' });
    expect(login.status).toBe(200);
    expectMatchesContract('POST', '/userlogin', login);
    expect(login.body.data).toMatchObject({ u_type: '0', role: 'orders', permissions: ['dashboard.view', 'orders.view', 'orders.manage', 'returns.manage'], password_change_required: true });
    const first = { Authorization: `Bearer ${login.body.data.token}` };
    // That token can do nothing but change the password.
    const locked = await call(store, 'GET', '/getorderlist', undefined, first);
    expect(locked.status).toBe(403);
    expect(locked.body.data).toEqual({ password_change_required: true });
    expect((await call(store, 'GET', '/getuserprofile', undefined, first)).status).toBe(403);
    expect((await call(store, 'PUT', '/changepassword', { password: 'short', repeatPassword: 'short' }, first)).body.description).toBe('Password must be at least 8 characters.');
    expect((await call(store, 'PUT', '/changepassword', { password: 'First@Pass1', repeatPassword: 'First@Pass1' }, first)).body.description).toBe('Please choose a password different from the one you have now.');
    const changed = await call(store, 'PUT', '/changepassword', { password: 'Mine@Pass22', repeatPassword: 'Mine@Pass22' }, first);
    expect(changed.status).toBe(200);
    expectMatchesContract('PUT', '/changepassword', changed);
    // The first token ended with the password; the new one works within the role.
    expect((await call(store, 'GET', '/getorderlist', undefined, first)).status).toBe(403);
    const mine = { Authorization: `Bearer ${changed.body.data.token}` };
    expect((await call(store, 'GET', '/getorderlist', undefined, mine)).status).toBe(200);
    expect((await call(store, 'GET', '/getstaff', undefined, mine)).status).toBe(403);
    // From now on the current password is asked.
    expect((await call(store, 'PUT', '/changepassword', { password: 'Next@Pass33', repeatPassword: 'Next@Pass33' }, mine)).body.description).toBe('Please enter your current password.');
    expect((await call(store, 'PUT', '/changepassword', { password: 'Next@Pass33', repeatPassword: 'Next@Pass33', currentPassword: 'wrong-one' }, mine)).body.description).toBe('Your current password is not right.');
  });

  it('deactivating a member of staff stops their tokens at once, and their sign-in', async () => {
    const owner = await staffMember('owner');
    const packer = await staffMember('orders');
    expect((await call(store, 'GET', '/getorderlist', undefined, packer.auth)).status).toBe(200);
    const off = await call(store, 'PUT', '/updatestaff', { u_id: packer.u_id, active: false }, owner.auth);
    expect(off.status).toBe(200);
    expect(off.body.data.active).toBe(false);
    const refused = await call(store, 'GET', '/getorderlist', undefined, packer.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.description).toBe('This account no longer exists or was deactivated. Please log in again.');
    const login = await call(store, 'POST', '/userlogin', { countryCode: '+91', phoneNumber: packer.phone, password: 'Staff@12345' });
    expect(login.status).toBe(403);
    expect(login.body.description).toBe("This account has been deactivated. Please ask the shop's owner.");
    // Back on: a new sign-in works (the old token stays dead).
    expect((await call(store, 'PUT', '/updatestaff', { u_id: packer.u_id, active: true }, owner.auth)).status).toBe(200);
    expect((await call(store, 'GET', '/getorderlist', undefined, packer.auth)).status).toBe(403);
    expect((await call(store, 'POST', '/userlogin', { countryCode: '+91', phoneNumber: packer.phone, password: 'Staff@12345' })).status).toBe(200);
  });

  it('a role change applies on the next call; a password reset ends the sessions and asks for a change', async () => {
    const owner = await staffMember('owner');
    const member = await staffMember('catalogue');
    expect((await call(store, 'GET', '/getorderlist', undefined, member.auth)).status).toBe(403);
    expect((await call(store, 'PUT', '/updatestaff', { u_id: member.u_id, role: 'accounts' }, owner.auth)).body.data.role).toBe('accounts');
    expect((await call(store, 'GET', '/getorderlist', undefined, member.auth)).status).toBe(200);
    expect((await call(store, 'PUT', '/updatestaff', { u_id: member.u_id, password: 'Reset@Pass1' }, owner.auth)).body.data.password_change_required).toBe(true);
    expect((await call(store, 'GET', '/getorderlist', undefined, member.auth)).status).toBe(403);
    const login = await call(store, 'POST', '/userlogin', { countryCode: '+91', phoneNumber: member.phone, password: 'Reset@Pass1' });
    expect(login.body.data.password_change_required).toBe(true);
  });

  it('nobody changes their own role or deactivates themselves; the last active owner stays', async () => {
    const isolated = await createTestStore();
    try {
      const before = store;
      store = isolated;
      const owner = await staffMember('owner');
      const own = await call(store, 'PUT', '/updatestaff', { u_id: owner.u_id, role: 'manager' }, owner.auth);
      expect(own.status).toBe(403);
      expect(own.body.description).toBe('You cannot change your own role or deactivate yourself: ask another owner.');
      const manager = await staffMember('manager');
      expect((await call(store, 'PUT', '/updatestaff', { u_id: owner.u_id, active: false }, manager.auth)).status).toBe(403);
      // The store's demo administrator is an owner too (the migration): take them out first.
      const others = await store.db.selectFrom('users').select('u_id').where('u_type', '=', '0').where('u_id', 'not in', [owner.u_id, manager.u_id]).execute();
      for (const { u_id } of others) expect((await call(store, 'PUT', '/updatestaff', { u_id, active: false }, owner.auth)).status).toBe(200);
      const second = await staffMember('owner');
      expect((await call(store, 'PUT', '/updatestaff', { u_id: second.u_id, role: 'manager' }, owner.auth)).status).toBe(200);
      const last = await call(store, 'PUT', '/updatestaff', { u_id: owner.u_id, role: 'manager' }, second.auth);
      expect(last.status).toBe(403);
      store = before;
    } finally {
      await isolated.close();
    }
  });

  it('two owners demoting each other at the same moment: one owner remains (both engines)', async () => {
    const isolated = await createTestStore();
    const before = store;
    try {
      store = isolated;
      const others = await store.db.selectFrom('users').select('u_id').where('u_type', '=', '0').execute();
      const a = await staffMember('owner');
      const b = await staffMember('owner');
      for (const { u_id } of others) expect((await call(store, 'PUT', '/updatestaff', { u_id, active: false }, a.auth)).status).toBe(200);
      const [ab, ba] = await Promise.all([
        call(store, 'PUT', '/updatestaff', { u_id: b.u_id, role: 'manager' }, a.auth),
        call(store, 'PUT', '/updatestaff', { u_id: a.u_id, role: 'manager' }, b.auth),
      ]);
      const statuses = [ab.status, ba.status].sort();
      // One demotion wins; the other meets either the last-owner rule (409) or a demoted caller (403).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const owners = await store.db.selectFrom('users').select('u_id').where('role', '=', 'owner').where('active', '=', 1).execute();
      expect(owners).toHaveLength(1);
    } finally {
      store = before;
      await isolated.close();
    }
  });

  it('refuses a phone number that already has an account, and a bad role, with a clear message', async () => {
    const owner = await staffMember('owner');
    const shopper = await createUser(store);
    const taken = await call(store, 'POST', '/addstaff', { full_name: 'X', countryCode: '+91', phoneNumber: shopper.phone, role: 'orders', password: 'First@Pass1' }, owner.auth);
    expect(taken.status).toBe(409);
    const role = await call(store, 'POST', '/addstaff', { full_name: 'X', countryCode: '+91', phoneNumber: '9810000099', role: 'boss', password: 'First@Pass1' }, owner.auth);
    expect(role.status).toBe(400);
    expect(role.body.description).toContain('Role must be one of owner, manager, orders, catalogue, accounts.');
  });
});

describe("the order desk's refund limit", () => {
  async function paidOnline() {
    const shopper = await createUser(store);
    const provider_order_id = `order_limit_${shopper.u_id}`;
    // ₹52,340.50, paid online.
    const { o_id } = await createOrder(store, { u_id: shopper.u_id, status: 2, fields: { payment_method: 'online', payment_status: 'paid', provider_order_id } });
    await store.db
      .insertInto('payments')
      .values({ provider: 'sandbox', provider_order_id, payment_session_id: `session_limit_${shopper.u_id}`, u_id: shopper.u_id, currency: 'INR', amount: 5234050, status: 'used', o_id })
      .execute();
    return o_id;
  }

  it('refuses a refund above the limit to the order desk, lets a manager make it, and follows the owner\'s new limit', async () => {
    const owner = await staffMember('owner');
    const desk = await staffMember('orders');
    const manager = await staffMember('manager');
    const o_id = await paidOnline();
    const refused = await call(store, 'PUT', '/updateorderstatus', { o_id, status: 5, refund_amount: 52340.5 }, desk.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.description).toBe(`Cancelling order #${o_id} refunds ₹52,340.50, above the order desk's limit of ₹50,000: ask the owner or a manager.`);
    expect((await store.db.selectFrom('orders').select('status').where('o_id', '=', o_id).executeTakeFirstOrThrow()).status).toBe(2);
    expect((await call(store, 'PUT', '/updateorderstatus', { o_id, status: 5, refund_amount: 52340.5 }, manager.auth)).status).toBe(200);

    const next = await paidOnline();
    expect((await call(store, 'PUT', '/setstaffsettings', { refund_limit: 60000 }, owner.auth)).body.data).toEqual({ refund_limit: 60000, rate_change_percent: 5, catalogue_sets_rates: false });
    const allowed = await call(store, 'PUT', '/updateorderstatus', { o_id: next, status: 5, refund_amount: 52340.5 }, desk.auth);
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.payment_status).toBe('refunded');
    await call(store, 'PUT', '/setstaffsettings', { refund_limit: 50000 }, owner.auth);
  });
});
