/**
 * Login brute force against the running store: guessing one shopper's password
 * meets 429 after 10 failures (even with the right password then, and through
 * every spelling of the phone), guessing across many phones meets 429 after 30
 * failures from one address, and forwarding headers do not make a new address.
 * Behind a trusted proxy (TRUST_PROXY_HOPS=1) the address the proxy appends is the one
 * counted, and what the client wrote to its left is not. The server has its own data
 * folder: its address bucket ends up full.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf } from '../../api/client-address.ts';
import { expectRefused, ProbeLedger } from './helpers/probe.ts';
import { DEMO_SHOPPERS, ownProbeServer, type ProbeServer, startProbeServer } from './helpers/server.ts';

const ledger = new ProbeLedger('brute force');
const LONG = process.env.SECURITY_LONG === '1';
let server: ProbeServer;

beforeAll(async () => {
  server = await startProbeServer();
});

afterAll(async () => {
  ledger.report();
  await server?.close();
});

const login = (countryCode: string, phoneNumber: string, password: string, headers: Record<string, string> = {}) =>
  server.send('POST', '/userlogin', { body: { countryCode, phoneNumber, password }, headers });

describe('login brute force', () => {
  it('ten wrong passwords lock the phone: the eleventh try, even the right one, is 429', async () => {
    const { countryCode, phoneNumber, password } = DEMO_SHOPPERS[2];
    for (let i = 0; i < 10; i++) {
      await ledger.probe(async () => expectRefused(await login(countryCode, phoneNumber, `Guess${i}@123`), [400], `guess ${i}`));
    }
    await ledger.probe(async () => {
      const res = await login(countryCode, phoneNumber, password);
      expectRefused(res, [429], 'the right password while locked');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.text).not.toContain('auth_token');
    });
    // Other spellings of the same phone reach the same account only through the same lock.
    for (const spelling of [` ${phoneNumber}`, `${phoneNumber} `, `0${phoneNumber}`, `00${countryCode.slice(1)}${phoneNumber}`, `${countryCode}${phoneNumber}`, phoneNumber.replace(/^(\d{3})/, '$1 ')]) {
      await ledger.probe(async () => {
        const res = await login(countryCode, spelling, password);
        expect(res.status, `${JSON.stringify(spelling)}: ${res.text}`).toBeLessThan(500);
        expect(res.body.status, `${JSON.stringify(spelling)} logged in while locked`).toBe(0);
        expect(res.text).not.toContain('auth_token');
      });
    }
    // The lock passes with its window (simulated: the counter's reset time moved to the past).
    await server.db.updateTable('rate_limits').set({ reset_at: Date.now() - 1 }).where('bucket', 'like', `login:phone:%${phoneNumber}`).execute();
    await server.db.deleteFrom('rate_limits').where('bucket', 'like', 'login:address:%').execute();
    expect((await login(countryCode, phoneNumber, password)).status).toBe(200);
  });

  it('thirty failures from one address lock logins from it, whatever forwarding headers say', async () => {
    let phone = 7_000_000_000;
    for (let i = 0; i < 30; i++) {
      // Spraying: each guess at a different phone, and each claiming another client address.
      const forged = { 'X-Forwarded-For': `203.0.113.${i}`, 'X-Real-IP': `198.51.100.${i}`, Forwarded: `for=192.0.2.${i}` };
      await ledger.probe(async () => expectRefused(await login('+91', String(phone++), 'Summer2026!', forged), [400], `spray ${i}`));
    }
    const { countryCode, phoneNumber, password } = DEMO_SHOPPERS[0];
    const disguises: Record<string, string>[] = [{}, { 'X-Forwarded-For': '203.0.113.250' }, { 'X-Real-IP': '198.51.100.250' }, { 'X-Forwarded-For': '127.0.0.2, 10.0.0.1' }];
    for (const headers of disguises) {
      await ledger.probe(async () => {
        const res = await login(countryCode, phoneNumber, password, headers);
        expectRefused(res, [429], `the right password from the locked address with ${JSON.stringify(headers)}`);
        expect(res.text).not.toContain('auth_token');
      });
    }
  });
});

describe('login brute force by concurrency', () => {
  // Each case has a server of its own: its address bucket starts empty.
  let fresh: ProbeServer;
  ownProbeServer((server) => (fresh = server));

  const guesses = LONG ? 300 : 60;
  const rightAt = LONG ? 120 : 30;

  it(`${guesses} guesses at one phone sent at once, the right one at guess ${rightAt}: none logs in, at most 10 passwords are checked`, { timeout: 120_000 }, async () => {
    const { countryCode, phoneNumber, password } = DEMO_SHOPPERS[1];
    const answers = await ledger.probe(() =>
      Promise.all(
        Array.from({ length: guesses }, (_, i) =>
          fresh.send('POST', '/userlogin', { body: { countryCode, phoneNumber, password: i === rightAt ? password : `Guess${i}@123` } }),
        ),
      ),
    );
    for (const res of answers) expectRefused(res, [400, 429], 'a concurrent guess');
    expect(answers.some((res) => res.text.includes('auth_token')), 'a concurrent guess logged in').toBe(false);
    // Only guesses that held a slot reached the password check (400); every other one met 429.
    expect(answers.filter((res) => res.status === 400).length).toBeLessThanOrEqual(10);
    expect(answers.filter((res) => res.status === 429).length).toBeGreaterThanOrEqual(guesses - 10);
  });

  it('forty guesses at forty phones sent at once from one address: at most 30 are checked', { timeout: 120_000 }, async () => {
    await fresh.db.deleteFrom('rate_limits').execute();
    const answers = await ledger.probe(() =>
      Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          fresh.send('POST', '/userlogin', { body: { countryCode: '+91', phoneNumber: String(7_200_000_000 + i), password: 'Summer2026!' } }),
        ),
      ),
    );
    for (const res of answers) expectRefused(res, [400, 429], 'a concurrent spray');
    expect(answers.filter((res) => res.status === 400).length).toBeLessThanOrEqual(30);
  });

  it('a shopper who logs in right does not use up the address: forty good logins in a row from one address all succeed', { timeout: 120_000 }, async () => {
    await fresh.db.deleteFrom('rate_limits').execute();
    for (let i = 0; i < 40; i++) await fresh.login(DEMO_SHOPPERS[i % DEMO_SHOPPERS.length]);
  });
});

describe('sign-ups from one address', () => {
  let fresh: ProbeServer;
  ownProbeServer((server) => (fresh = server));

  it('sixty sign-ups sent at once from one address: at most 20 accounts, the rest 429 with Retry-After and a sentence', { timeout: 120_000 }, async () => {
    const users = async () => Number((await fresh.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await users();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const password = 'Signup@2026';
        const body = { full_name: 'Flood Account', u_name: `flood${i}`, countryCode: '+91', phoneNumber: String(7_300_000_000 + i), password, repeatPassword: password };
        return fresh.send('POST', '/registeruser', { body });
      }),
    );
    await ledger.probe(async () => {
      expect(answers.filter((res) => res.status === 201).length).toBeLessThanOrEqual(20);
      expect(await users()).toBeLessThanOrEqual(before + 20);
      const limited = answers.filter((res) => res.status === 429);
      expect(limited.length).toBeGreaterThanOrEqual(40);
      for (const res of limited) {
        expectRefused(res, [429], 'a sign-up over the limit');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(res.body.description).toMatch(/^Too many sign-ups from your network\. Please try again in \d+ minutes\.$/);
      }
    });
  });
});

describe('login brute force behind a trusted proxy (TRUST_PROXY_HOPS=1)', () => {
  let proxied: ProbeServer;
  beforeAll(async () => {
    proxied = await startProbeServer({ TRUST_PROXY_HOPS: '1' });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('counts the address the proxy appended: one client is locked, the next one is not, whatever the first wrote', async () => {
    const send = (phone: string, password: string, forwardedFor: string) =>
      proxied.send('POST', '/userlogin', { body: { countryCode: '+91', phoneNumber: phone, password }, headers: { 'X-Forwarded-For': forwardedFor } });
    let phone = 7_100_000_000;
    for (let i = 0; i < 30; i++) {
      // The attacker writes a new address of its own each time; the proxy appends the real one.
      await ledger.probe(async () => expectRefused(await send(String(phone++), 'Summer2026!', `198.51.100.${i}, 203.0.113.7`), [400], `spray ${i} behind the proxy`));
    }
    const { phoneNumber, password } = DEMO_SHOPPERS[0];
    await ledger.probe(async () => expectRefused(await send(phoneNumber, password, '10.9.8.7, 203.0.113.7'), [429], 'the locked client behind the proxy'));
    // Another visitor behind the same proxy (same socket address) still logs in.
    const other = await send(phoneNumber, password, '203.0.113.8');
    expect(other.status, other.text).toBe(200);
  });
});

describe('the address rate limits count', () => {
  it('is the socket\'s unless proxies are trusted, then the one the nearest proxies appended', () => {
    expect(addressOf('127.0.0.1', '203.0.113.9', 0)).toBe('127.0.0.1');
    expect(addressOf('10.0.0.2', '198.51.100.1, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(addressOf('10.0.0.2', '198.51.100.1, 203.0.113.9, 10.0.0.1', 2)).toBe('203.0.113.9');
    expect(addressOf('10.0.0.2', '203.0.113.9', 3)).toBe('203.0.113.9');
    expect(addressOf('10.0.0.2', undefined, 1)).toBe('10.0.0.2');
    expect(addressOf('10.0.0.2', 'not-an-address', 1)).toBe('unknown');
    expect(addressOf(undefined, undefined, 0)).toBe('unknown');
  });

  it('counts IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(addressOf('::ffff:203.0.113.9', undefined, 0)).toBe('203.0.113.9');
    expect(addressOf('2001:db8:1:2:aaaa::1', undefined, 0)).toBe('2001:db8:1:2::/64');
    expect(addressOf('2001:db8:1:2:bbbb:cccc:dddd:eeee', undefined, 0)).toBe('2001:db8:1:2::/64');
    expect(addressOf('2001:db8:1:3::1', undefined, 0)).not.toBe('2001:db8:1:2::/64');
  });
});
