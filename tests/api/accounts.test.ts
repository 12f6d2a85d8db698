import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, createTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

const registration = (overrides: Record<string, unknown> = {}) => ({
  full_name: 'Asha Mehta',
  u_name: 'asha',
  countryCode: '+91',
  phoneNumber: '9876501234',
  password: 'Gold@2026',
  repeatPassword: 'Gold@2026',
  ...overrides,
});

async function userCount() {
  const row = await store.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /registeruser', () => {
  it('creates a shopper with a hashed password', async () => {
    const res = await call(store, 'POST', '/registeruser', registration());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 1, description: 'Registration successful. Please log in.' });
    expectMatchesContract('POST', '/registeruser', res);
    const user = await store.db.selectFrom('users').selectAll().where('phone_number', '=', '9876501234').executeTakeFirstOrThrow();
    expect(user.u_type).toBe('1');
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.password_hash).not.toContain('Gold@2026');
  });

  it.each([
    ['a taken phone', registration({ u_name: 'other' }), 409, 'This phone number is already registered. Please log in.'],
    ['mismatched passwords', registration({ phoneNumber: '9000000001', repeatPassword: 'Other@2026' }), 400, 'Passwords do not match'],
    ['a country code outside the five', registration({ phoneNumber: '9000000002', countryCode: '+33' }), 400, 'Country code must be one of +91, +1, +44, +81, +86.'],
    ['a blank full name', registration({ phoneNumber: '9000000003', full_name: '   ' }), 400, 'Full name is required.'],
    ['a missing username', registration({ phoneNumber: '9000000004', u_name: undefined }), 400, 'Username is required.'],
    ['an over-long name', registration({ phoneNumber: '9000000005', full_name: 'x'.repeat(101) }), 400, 'Full name must be at most 100 characters.'],
    ['a phone with letters', registration({ phoneNumber: '98765abcde' }), 400, 'Phone number must be 6 to 15 digits.'],
    ['a short password', registration({ phoneNumber: '9000000006', password: 'short', repeatPassword: 'short' }), 400, 'Password must be at least 8 characters.'],
    ['an extra u_type field', registration({ phoneNumber: '9000000007', u_type: '0' }), 400, 'Unknown field: u_type.'],
    ['an extra is_admin field', registration({ phoneNumber: '9000000008', is_admin: 1 }), 400, 'Unknown field: is_admin.'],
  ])('refuses %s and stores nothing', async (_name, body, status, description) => {
    const before = await userCount();
    const res = await call(store, 'POST', '/registeruser', body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ status: 0, description, data: null });
    expectMatchesContract('POST', '/registeruser', res);
    expect(await userCount()).toBe(before);
  });

  it('refuses a username already taken, whatever its case, with 409 and stores nothing', async () => {
    const before = await userCount();
    for (const u_name of ['asha', 'ASHA', 'Asha']) {
      const res = await call(store, 'POST', '/registeruser', registration({ phoneNumber: '9000000010', u_name }));
      expect(res.status, u_name).toBe(409);
      expect(res.body).toEqual({ status: 0, description: 'This username is already taken. Please choose another.', data: null });
      expectMatchesContract('POST', '/registeruser', res);
    }
    expect(await userCount()).toBe(before);
  });

  it('ten registrations of one new username at once: one account, nine 409s', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(store, 'POST', '/registeruser', registration({ phoneNumber: `90000001${String(i).padStart(2, '0')}`, u_name: i % 2 ? 'Ravi.K' : 'ravi.k' }))),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(9);
    const rows = await store.db.selectFrom('users').select('u_id').where('u_name', 'in', ['Ravi.K', 'ravi.k']).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses malformed JSON with a 400 envelope', async () => {
    const res = await call(store, 'POST', '/registeruser', '{"full_name": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 0, description: 'The request body is not valid JSON.', data: null });
  });

  it('refuses a body sent as a form instead of JSON with 415', async () => {
    const res = await store.app.request('/registeruser', { method: 'POST', body: new URLSearchParams(registration() as never) });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ status: 0, data: null });
  });
});

describe('POST /userlogin', () => {
  it('answers the session user with a verifiable token', async () => {
    const res = await call(store, 'POST', '/userlogin', { countryCode: '+91', phoneNumber: '9876501234', password: 'Gold@2026' });
    expect(res.status).toBe(200);
    expectMatchesContract('POST', '/userlogin', res);
    expect(res.body.data).toMatchObject({ full_name: 'Asha Mehta', phoneNumber: '9876501234', countryCode: '+91', u_type: '1' });
    expect(res.body.data.auth_token).toBe(res.body.data.token);
    const [header] = res.body.data.auth_token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('gives a wrong password and an unknown phone the same answer', async () => {
    const wrong = await call(store, 'POST', '/userlogin', { countryCode: '+91', phoneNumber: '9876501234', password: 'Wrong@2026' });
    const unknown = await call(store, 'POST', '/userlogin', { countryCode: '+44', phoneNumber: '7700900123', password: 'Wrong@2026' });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.description).toBe('Invalid phone number or password.');
    expectMatchesContract('POST', '/userlogin', wrong);
  });

  it('meets repeated failures on one phone with 429, and lets the owner back in after the window', async () => {
    await call(store, 'POST', '/registeruser', registration({ phoneNumber: '9811122233', u_name: 'asha-locked' }));
    const attempt = (password: string) => call(store, 'POST', '/userlogin', { countryCode: '+91', phoneNumber: '9811122233', password });
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await attempt(`Wrong${i}@pass`)).status);
    expect(answers.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(answers.slice(10).every((s) => s === 429)).toBe(true);
    const blocked = await attempt('Gold@2026');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expectMatchesContract('POST', '/userlogin', blocked);
    // The lock is short: once the window passes, the real owner logs in.
    await store.db.updateTable('rate_limits').set({ reset_at: Date.now() - 1 }).execute();
    expect((await attempt('Gold@2026')).status).toBe(200);
  });
});
