/**
 * Two-factor sign-in for staff (issue 34) with worked codes: the codes are made with the same
 * library an authenticator app's maths follows (otpauth, RFC 6238) at fixed times, the store's
 * clock set to those times. Set-up, turning on and off, the second step of POST /userlogin
 * (single-use codes, the step before, recovery codes), the login limits, and STAFF_TOTP=required.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { matchingStep, totpCodeAt } from '../../api/routes/totp/codes.ts';
import { nationalNumber } from '../../rules/phone.ts';
import { contractCaller } from '../helpers/contract.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
/** A store that requires two-factor sign-in of every member of staff. */
let strict: TestStore;

beforeAll(async () => {
  // One trusted proxy: each scenario signs in from an address of its own (X-Forwarded-For), so the address limit is its alone.
  [store, strict] = await Promise.all([createTestStore({ TRUST_PROXY_HOPS: '1' }), createTestStore({ TRUST_PROXY_HOPS: '1', STAFF_TOTP: 'required' })]);
});
afterAll(async () => {
  await Promise.all([store.close(), strict.close()]);
});
afterEach(() => {
  vi.useRealTimers();
});

const api = contractCaller(() => store);
const strictApi = contractCaller(() => strict);

const STEP = 30_000;
/** The start of the current 30-second step (tokens are checked against the same clock, so it is near now), fixed for the file. */
const T0 = Math.floor(Date.now() / STEP) * STEP;

/** Sets the store's clock (Date only: timers and the database run as usual). */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

let addresses = 0;
type Staff = Awaited<ReturnType<typeof createUser>> & { from: Record<string, string> };

/** A member of staff (the owner role) signing in from an address of their own. */
async function staffMember(target: TestStore = store): Promise<Staff> {
  const member = await createUser(target, { u_type: '0' });
  return { ...member, from: { 'X-Forwarded-For': `10.34.0.${++addresses}` } };
}

const login = (member: Staff, totp?: string, target = api) =>
  target('POST', '/userlogin', { countryCode: '+91', phoneNumber: member.phone, password: member.password, ...(totp === undefined ? {} : { totp }) }, member.from);

/** Sets up and turns on two-factor sign-in at T0 with the code of that step; answers the secret and the recovery codes. */
async function withTotp(member: Staff, target = api) {
  clockAt(T0);
  const setup = await target('POST', '/totp/setup', undefined, member.auth);
  expect(setup.status).toBe(200);
  const { secret, recovery_codes } = setup.body.data as { secret: string; recovery_codes: string[] };
  const on = await target('POST', '/totp/enable', { code: totpCodeAt(secret, T0) }, member.auth);
  expect(on.status, on.body.description).toBe(200);
  return { secret, recovery_codes };
}

/** A 6-digit code that is none of the right ones around `at` (a wrong guess). */
function wrongCode(secret: string, at: number): string {
  const right = new Set([-1, 0, 1].map((k) => totpCodeAt(secret, at + k * STEP)));
  for (let n = 0; ; n++) {
    const guess = String(123456 + n * 7919).slice(-6);
    if (!right.has(guess)) return guess;
  }
}

const auditOf = (u_id: number) =>
  store.db.selectFrom('audit_log').select(['action', 'entity', 'entity_id', 'before', 'after', 'actor_u_id']).where('entity', '=', 'staff').where('entity_id', '=', String(u_id)).orderBy('id').execute();

describe('the codes', () => {
  it('are RFC 6238\'s: the standard\'s SHA-1 test key gives its test vectors (6 digits), good in their step and the ones either side', () => {
    // RFC 6238 appendix B: key "12345678901234567890" (base32 below); T = 59 s -> 94287082, T = 1111111109 s -> 07081804.
    const key = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCodeAt(key, 59_000)).toBe('287082');
    expect(totpCodeAt(key, 1_111_111_109_000)).toBe('081804');
    expect(matchingStep(key, '287082', 59_000)).toBe(1);
    expect(matchingStep(key, '081804', 1_111_111_109_000)).toBe(37_037_036);
    expect(matchingStep(key, '081804', 1_111_111_109_000 + STEP)).toBe(37_037_036);
    expect(matchingStep(key, '081804', 1_111_111_109_000 + 2 * STEP)).toBeNull();
    expect(matchingStep(key, '081805', 1_111_111_109_000)).toBeNull();
  });
});

describe('POST /totp/setup and /totp/enable', () => {
  it('gives a secret, its otpauth address and ten recovery codes; keeps the secret sealed and the codes as digests; on after one right code', async () => {
    const member = await staffMember();
    clockAt(T0);
    const setup = await api('POST', '/totp/setup', undefined, member.auth);
    expect(setup.status).toBe(200);
    const { secret, otpauth_url, recovery_codes } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(otpauth_url).searchParams.get('secret')).toBe(secret);
    expect(new URL(otpauth_url).searchParams.get('digits')).toBe('6');
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

    const row = await store.db.selectFrom('users').select(['totp_secret', 'totp_enabled']).where('u_id', '=', member.u_id).executeTakeFirstOrThrow();
    expect(row.totp_enabled).toBe(0);
    expect(row.totp_secret).toMatch(/^enc:v1:/);
    expect(row.totp_secret).not.toContain(secret);
    const kept = await store.db.selectFrom('totp_recovery_codes').select('code_hash').where('u_id', '=', member.u_id).execute();
    expect(kept).toHaveLength(10);
    for (const { code_hash } of kept) for (const code of recovery_codes) expect(code_hash).not.toContain(code.replaceAll('-', ''));

    // Set up, not on: sign-in asks nothing more yet.
    expect((await login(member)).status).toBe(200);
    expect((await api('GET', '/totp/status', undefined, member.auth)).body.data).toEqual({ totp_enabled: false, totp_required: false, recovery_codes_left: 0 });

    const wrong = await api('POST', '/totp/enable', { code: wrongCode(secret, T0) }, member.auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body.description).toBe('That code is not right. Enter the code your authenticator app shows now.');
    const badShape = await api('POST', '/totp/enable', { code: '12345' }, member.auth);
    expect(badShape.status).toBe(400);
    expect(badShape.body.description).toMatch(/Enter the 6-digit code your authenticator app shows\./);

    // The code as an app shows it, "123 456".
    const code = totpCodeAt(secret, T0 + 10_000);
    const on = await api('POST', '/totp/enable', { code: `${code.slice(0, 3)} ${code.slice(3)}` }, member.auth);
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({ totp_enabled: true, totp_required: false, recovery_codes_left: 10 });
    expect((await api('POST', '/totp/enable', { code }, member.auth)).status).toBe(409);
    const again = await api('POST', '/totp/setup', undefined, member.auth);
    expect(again.status).toBe(409);
    expect(again.body.description).toBe('Two-factor sign-in is already on. To set it up again (a new phone), turn it off first with a code.');

    const audit = await auditOf(member.u_id);
    expect(audit.map((a) => a.action)).toEqual(['totp.setup', 'totp.enable']);
    expect(audit[1]).toMatchObject({ actor_u_id: member.u_id, before: JSON.stringify({ two_factor: 'off' }), after: JSON.stringify({ two_factor: 'on' }) });
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('refuses a shopper and a visitor', async () => {
    const shopper = await createUser(store);
    for (const headers of [shopper.auth, {}]) {
      for (const [method, url, body] of [['POST', '/totp/setup'], ['POST', '/totp/enable', { code: '123456' }], ['POST', '/totp/disable', { code: '123456' }], ['GET', '/totp/status']] as const) {
        expect((await api(method, url, body, headers)).status, `${method} ${url}`).toBe(403);
      }
    }
  });
});

describe('POST /userlogin with two-factor sign-in on', () => {
  it('asks for the code (401, totp_required), takes each right code once, the step before too, and refuses a wrong or older one', async () => {
    const member = await staffMember();
    const { secret } = await withTotp(member);
    // Enabled with the code of step T0: that step is used.
    clockAt(T0 + 5_000);
    const asked = await login(member);
    expect(asked.status).toBe(401);
    expect(asked.body).toEqual({ status: 0, description: 'Enter the 6-digit code from your authenticator app to sign in (or one of your recovery codes).', data: { totp_required: true } });
    const used = await login(member, totpCodeAt(secret, T0));
    expect(used.status).toBe(401);
    expect(used.body.description).toBe('That code is not right, or was used already. Enter the code your authenticator app shows now, or an unused recovery code.');
    expect(used.body.data).toEqual({ totp_required: true });
    expect((await login(member, wrongCode(secret, T0 + 5_000))).status).toBe(401);

    // A minute later: the step before (T0 + 30 s, never used) still signs in, once; the current one after it.
    clockAt(T0 + 2 * STEP + 5_000);
    const previous = totpCodeAt(secret, T0 + STEP);
    const signedIn = await login(member, previous);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ u_id: member.u_id, role: 'owner', auth_token: expect.any(String) });
    expect(signedIn.body.data.totp_setup_required).toBeUndefined();
    expect((await login(member, previous)).status).toBe(401);
    const current = totpCodeAt(secret, T0 + 2 * STEP);
    expect((await login(member, current)).status).toBe(200);
    expect((await login(member, current)).status).toBe(401);
    // Two steps back is outside the window, used or not.
    expect((await login(member, totpCodeAt(secret, T0))).status).toBe(401);
    // A wrong password is still the password's answer, code or not.
    const wrongPassword = await api('POST', '/userlogin', { countryCode: '+91', phoneNumber: member.phone, password: 'Wrong@123', totp: current }, member.from);
    expect(wrongPassword.status).toBe(400);
  });

  it('takes a code sent twice at once only once', async () => {
    const member = await staffMember();
    const { secret } = await withTotp(member);
    clockAt(T0 + STEP);
    const code = totpCodeAt(secret, T0 + STEP);
    const answers = await Promise.all([login(member, code), login(member, code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('signs in once with each recovery code, typed in any case and without dashes', async () => {
    const member = await staffMember();
    const { recovery_codes } = await withTotp(member);
    const [first, second] = recovery_codes;
    expect((await login(member, first)).status).toBe(200);
    expect((await login(member, first)).status).toBe(401);
    expect((await login(member, second.replaceAll('-', '').toUpperCase())).status).toBe(200);
    expect((await login(member, 'abcd-efgh-jkmn-pqrs')).status).toBe(401);
    expect((await api('GET', '/totp/status', undefined, member.auth)).body.data).toEqual({ totp_enabled: true, totp_required: false, recovery_codes_left: 8 });
    const usedUp = await store.db.selectFrom('totp_recovery_codes').select('code_hash').where('u_id', '=', member.u_id).where('used_at', 'is not', null).execute();
    expect(usedUp).toHaveLength(2);
  });

  it('counts wrong codes toward the phone\'s login limit: after ten, even the right code waits', async () => {
    const member = await staffMember();
    const { secret } = await withTotp(member);
    clockAt(T0 + STEP);
    const wrong = wrongCode(secret, T0 + STEP);
    for (let i = 0; i < 10; i++) expect((await login(member, wrong)).status).toBe(401);
    const bucket = `login:phone:+91${nationalNumber(member.phone, '+91') ?? member.phone}`;
    const hits = () => store.db.selectFrom('rate_limits').select('hits').where('bucket', '=', bucket).executeTakeFirst();
    expect((await hits())?.hits).toBe(10);
    const blocked = await login(member, totpCodeAt(secret, T0 + STEP));
    expect(blocked.status).toBe(429);
    expect(blocked.body.description).toMatch(/^Too many login attempts\. Please try again in \d+ minutes\.$/);
    // The window passes: the right code signs in, and the phone starts afresh.
    clockAt(T0 + 16 * 60_000);
    expect((await login(member, totpCodeAt(secret, T0 + 16 * 60_000))).status).toBe(200);
    expect(await hits()).toBeUndefined();
  });

  it('asks nothing more of an account without it (a code sent is ignored)', async () => {
    const member = await staffMember();
    expect((await login(member, '123456')).status).toBe(200);
  });
});

describe('POST /totp/disable', () => {
  it('turns it off with a right code or a recovery code, forgetting the secret and the codes; a wrong one is refused', async () => {
    const member = await staffMember();
    const { secret, recovery_codes } = await withTotp(member);
    clockAt(T0 + STEP);
    const wrong = await api('POST', '/totp/disable', { code: wrongCode(secret, T0 + STEP) }, member.auth);
    expect(wrong.status).toBe(400);
    const wrongRecovery = await api('POST', '/totp/disable', { code: 'abcd-efgh-jkmn-pqrs' }, member.auth);
    expect(wrongRecovery.status).toBe(400);
    expect(wrongRecovery.body.description).toBe('This recovery code is not right, or was used already.');
    const off = await api('POST', '/totp/disable', { code: recovery_codes[3] }, member.auth);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ status: 1, description: 'Two-factor sign-in is off: signing in asks for your password only.', data: { totp_enabled: false, totp_required: false, recovery_codes_left: 0 } });
    const row = await store.db.selectFrom('users').select(['totp_secret', 'totp_enabled', 'totp_last_step']).where('u_id', '=', member.u_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_secret: null, totp_enabled: 0, totp_last_step: null });
    expect(await store.db.selectFrom('totp_recovery_codes').select('trc_id').where('u_id', '=', member.u_id).execute()).toEqual([]);
    expect((await login(member)).status).toBe(200);
    expect((await api('POST', '/totp/disable', { code: totpCodeAt(secret, T0 + STEP) }, member.auth)).status).toBe(409);

    // On again (a new secret), off with a code of the app.
    const { secret: next } = await withTotp(member);
    clockAt(T0 + STEP);
    expect((await api('POST', '/totp/disable', { code: totpCodeAt(next, T0 + STEP) }, member.auth)).status).toBe(200);
    expect((await auditOf(member.u_id)).map((a) => a.action)).toEqual(['totp.setup', 'totp.enable', 'totp.disable', 'totp.setup', 'totp.enable', 'totp.disable']);
  });
});

describe('STAFF_TOTP=required', () => {
  it('signs staff without it in with totp_setup_required and a token good only for setting it up, until it is on', async () => {
    const member = await staffMember(strict);
    const first = await login(member, undefined, strictApi);
    expect(first.status).toBe(200);
    expect(first.body.description).toBe('Login successful. The shop requires two-factor sign-in for staff: please turn it on before you go on.');
    expect(first.body.data).toMatchObject({ role: 'owner', totp_setup_required: true });
    const held = { Authorization: `Bearer ${first.body.data.auth_token}` };

    for (const [method, url] of [['GET', '/getorderlist'], ['GET', '/getuserprofile'], ['GET', '/getstaff']] as const) {
      const refused = await strictApi(method, url, undefined, held);
      expect(refused.status, url).toBe(403);
      expect(refused.body.data).toEqual({ totp_setup_required: true });
      expect(refused.body.description).toBe('The shop requires two-factor sign-in for staff: please turn it on before you go on (POST /totp/setup, then POST /totp/enable with a code).');
    }
    expect((await strictApi('GET', '/totp/status', undefined, held)).body.data).toEqual({ totp_enabled: false, totp_required: true, recovery_codes_left: 0 });
    const { secret } = await withTotp({ ...member, auth: held }, strictApi);
    expect((await strictApi('GET', '/getorderlist', undefined, held)).status).toBe(200);

    // Off again: held back again until it is set up anew.
    clockAt(T0 + STEP);
    const off = await strictApi('POST', '/totp/disable', { code: totpCodeAt(secret, T0 + STEP) }, held);
    expect(off.body.description).toBe('Two-factor sign-in is off. The shop requires it: set it up again before you go on.');
    expect((await strictApi('GET', '/getorderlist', undefined, held)).status).toBe(403);
  });

  it('asks a first password to be changed before two-factor sign-in is set up; shoppers are not asked', async () => {
    const member = await staffMember(strict);
    await strict.db.updateTable('users').set({ password_change_required: 1 }).where('u_id', '=', member.u_id).execute();
    const first = await login(member, undefined, strictApi);
    expect(first.body.description).toBe('Login successful. Please change the password the owner set for you.');
    expect(first.body.data).toMatchObject({ password_change_required: true, totp_setup_required: true });
    const held = { Authorization: `Bearer ${first.body.data.auth_token}` };
    const setup = await strictApi('POST', '/totp/setup', undefined, held);
    expect(setup.status).toBe(403);
    expect(setup.body.data).toEqual({ password_change_required: true });
    const changed = await strictApi('PUT', '/changepassword', { password: 'Changed@123', repeatPassword: 'Changed@123' }, held);
    expect(changed.status).toBe(200);
    const next = { Authorization: `Bearer ${changed.body.data.auth_token}` };
    expect((await strictApi('GET', '/getorderlist', undefined, next)).body.data).toEqual({ totp_setup_required: true });
    expect((await strictApi('POST', '/totp/setup', undefined, next)).status).toBe(200);

    const shopper = await createUser(strict);
    const shopperLogin = await strictApi('POST', '/userlogin', { countryCode: '+91', phoneNumber: shopper.phone, password: shopper.password }, { 'X-Forwarded-For': '10.34.1.1' });
    expect(shopperLogin.status).toBe(200);
    expect(shopperLogin.body.data.totp_setup_required).toBeUndefined();
    expect((await strictApi('GET', '/getuserprofile', undefined, shopper.auth)).status).toBe(200);
  });
});

describe("the owner's reset of a member's two-factor sign-in (a lost phone)", () => {
  it('turns it off, ends their sessions and drops their recovery codes; they sign in with the password and set it up again', async () => {
    const owner = await staffMember();
    const member = await staffMember();
    const { recovery_codes } = await withTotp(member);
    vi.useRealTimers();
    const reset = await api('PUT', '/updatestaff', { u_id: member.u_id, totp_reset: true }, owner.auth);
    expect(reset.status, reset.body.description).toBe(200);
    expect(reset.body.data.totp_enabled).toBe(false);
    expect((await api('GET', '/totp/status', undefined, member.auth)).status).toBe(403);
    const row = await store.db.selectFrom('users').select(['totp_enabled', 'totp_secret']).where('u_id', '=', member.u_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_enabled: 0, totp_secret: null });
    expect(await store.db.selectFrom('totp_recovery_codes').select('trc_id').where('u_id', '=', member.u_id).execute()).toEqual([]);
    const back = await login(member);
    expect(back.status, back.body.description).toBe(200);
    expect(back.body.data.token).toEqual(expect.any(String));
    // A recovery code of the old set is no code any more.
    expect((await login(member, recovery_codes[0])).status).toBe(200);
    const trail = await auditOf(member.u_id);
    expect(trail.at(-1)).toMatchObject({ action: 'staff.update', actor_u_id: owner.u_id });
    expect(JSON.parse(trail.at(-1)!.after!)).toMatchObject({ two_factor: 'reset' });
    expect(JSON.stringify(trail)).not.toContain(recovery_codes[0]);
  });
});
