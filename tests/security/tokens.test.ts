/**
 * Token probes against the running store: tokens an outsider can make (forged
 * with another secret, edited with the signature kept, alg "none", RS256 and
 * embedded keys, expired or not yet valid, wrong issuer or audience) and odd
 * ways of sending them. Each is tried on an administrator call, on the
 * administrator's own cart and on a write; each must be a 403 that changes nothing.
 */

import { generateKeyPair, exportSPKI, exportJWK, SignJWT, base64url } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, expectUnchanged, ProbeLedger, snapshot } from './helpers/probe.ts';
import { DEMO_ADMIN, type ProbeServer, type Session } from './helpers/server.ts';
import { registerShopper, startProbeShop } from './helpers/shop.ts';

const ISSUER = 'aurum-jewellery-api';
const AUDIENCE = 'aurum-jewellery-store';
const ledger = new ProbeLedger('tokens');
let server: ProbeServer;
let admin: Session;
let shopper: Session;

beforeAll(async () => ({ server, admin, shopper } = await startProbeShop()));

afterAll(async () => {
  ledger.report();
  await server?.close();
});

const now = () => Math.floor(Date.now() / 1000);
const encode = (value: object) => base64url.encode(JSON.stringify(value));
const OTHER_SECRET = new TextEncoder().encode('a-secret-that-is-not-the-store-secret-at-all!!');

/** A JWT signed as asked: claims default to a good administrator session. */
function sign(options: { alg?: string; key?: Uint8Array | CryptoKey; claims?: Record<string, unknown>; header?: Record<string, unknown> } = {}) {
  const alg = options.alg ?? 'HS256';
  const claims = { sub: String(admin.u_id), iss: ISSUER, aud: AUDIENCE, iat: now() - 10, exp: now() + 3600, ...options.claims };
  for (const [key, value] of Object.entries(claims)) if (value === undefined) delete claims[key as keyof typeof claims];
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT', ...options.header }).sign(options.key ?? OTHER_SECRET);
}

/** Tokens an outsider can make, with what each tries. */
async function hostileTokens(): Promise<[string, string][]> {
  const secret = server.config.jwtSecret;
  const [headerPart, payloadPart, signaturePart] = shopper.token.split('.');
  const payload = JSON.parse(new TextDecoder().decode(base64url.decode(payloadPart)));
  const rsa = await generateKeyPair('RS256', { extractable: true });
  const publicPem = await exportSPKI(rsa.publicKey);
  const jwk = await exportJWK(rsa.publicKey);
  const noneHeader = (alg: string) => encode({ alg, typ: 'JWT' });
  const adminClaims = encode({ ...payload, sub: String(admin.u_id) });
  return [
    ['signed with another secret', await sign()],
    ['an empty secret', await sign({ key: new Uint8Array(32) })],
    ["the shopper's token with sub swapped to the administrator (signature kept)", `${headerPart}.${adminClaims}.${signaturePart}`],
    ["the shopper's token with sub as a number", `${headerPart}.${encode({ ...payload, sub: admin.u_id })}.${signaturePart}`],
    ["the shopper's token with an admin claim added", `${headerPart}.${encode({ ...payload, u_type: '0', isAdmin: true })}.${signaturePart}`],
    ["the shopper's token without its signature", `${headerPart}.${payloadPart}.`],
    ["the shopper's token without its signature part", `${headerPart}.${payloadPart}`],
    ['alg none', `${noneHeader('none')}.${adminClaims}.`],
    ['alg None', `${noneHeader('None')}.${adminClaims}.`],
    ['alg NONE with the old signature', `${noneHeader('NONE')}.${adminClaims}.${signaturePart}`],
    ['HS512 with the store secret (algorithm not pinned?)', await sign({ alg: 'HS512', key: secret })],
    ['HS384 with the store secret', await sign({ alg: 'HS384', key: secret })],
    ['RS256 with an attacker key', await sign({ alg: 'RS256', key: rsa.privateKey })],
    ['RS256 with the attacker key embedded as jwk', await sign({ alg: 'RS256', key: rsa.privateKey, header: { jwk } })],
    ['HS256 keyed with an RSA public key (key confusion)', await sign({ key: new TextEncoder().encode(publicPem) })],
    ['kid pointing at /dev/null with an empty key', await sign({ key: new Uint8Array(32), header: { kid: '../../../../../../dev/null' } })],
    ['jku to an attacker key set', await sign({ header: { jku: 'http://127.0.0.1:9/keys.json' } })],
    ['expired (store secret)', await sign({ key: secret, claims: { iat: now() - 8 * 86400, exp: now() - 86400 } })],
    ['expired a second ago (store secret)', await sign({ key: secret, claims: { exp: now() - 1 } })],
    ['not yet valid (store secret)', await sign({ key: secret, claims: { nbf: now() + 3600 } })],
    ['wrong issuer (store secret)', await sign({ key: secret, claims: { iss: 'someone-else' } })],
    ['wrong audience (store secret)', await sign({ key: secret, claims: { aud: 'another-app' } })],
    ['no issuer (store secret)', await sign({ key: secret, claims: { iss: undefined } })],
    ['no audience (store secret)', await sign({ key: secret, claims: { aud: undefined } })],
    ['no expiry (store secret)', await sign({ key: secret, claims: { exp: undefined } })],
    ['no subject (store secret)', await sign({ key: secret, claims: { sub: undefined } })],
    ['subject 0 (store secret)', await sign({ key: secret, claims: { sub: '0' } })],
    ['subject -1 (store secret)', await sign({ key: secret, claims: { sub: '-1' } })],
    ['subject 1.5 (store secret)', await sign({ key: secret, claims: { sub: '1.5' } })],
    ['subject "1 OR 1=1" (store secret)', await sign({ key: secret, claims: { sub: '1 OR 1=1' } })],
    ['subject of nobody (store secret)', await sign({ key: secret, claims: { sub: '999999' } })],
    ['not a JWT', 'not.a.token'],
    ['garbage base64', 'eyJ!!!.eyJ!!!.sig'],
    ['a JSON header that is an array', `${base64url.encode('[]')}.${adminClaims}.`],
    ['8 KB of token', 'a'.repeat(8 * 1024)],
  ];
}

describe('tokens an outsider can make', () => {
  it('the genuine tokens work (the probes below aim at live calls)', async () => {
    expect((await server.send('GET', '/getallusers', { token: admin.token })).status).toBe(200);
    expect((await server.send('GET', `/getcart/${shopper.u_id}`, { token: shopper.token })).status).toBe(200);
  });

  it('none is accepted by an administrator call, the administrator cart, or a write', async () => {
    const tokens = await hostileTokens();
    for (const [label, token] of tokens) {
      const attempts: [string, () => ReturnType<ProbeServer['send']>][] = [
        ['GET /getallusers', () => server.send('GET', '/getallusers', { token })],
        [`GET /getcart/${admin.u_id}`, () => server.send('GET', `/getcart/${admin.u_id}`, { token })],
        ['POST /addmaterial', () => server.send('POST', '/addmaterial', { token, body: { name: `Forged ${label}`.slice(0, 90) } })],
        ['POST /getuserorder', () => server.send('POST', '/getuserorder', { token, body: {} })],
      ];
      for (const [call, attempt] of attempts) {
        await ledger.probe(async () => {
          const before = await snapshot(server.db);
          const res = await attempt();
          expectRefused(res, [403], `${label} on ${call}`);
          expect(res.text, `${label} on ${call}`).not.toMatch(/Store Administrator|password/i);
          await expectUnchanged(server.db, before, `${label} on ${call}`);
        });
      }
    }
  });

  it("a deleted account's token stops working", async () => {
    const leaving = await registerShopper(server);
    expect((await server.send('DELETE', `/user/delete/${leaving.u_id}`, { token: leaving.token })).status).toBe(200);
    await ledger.probe(async () => {
      expectRefused(await server.send('GET', `/getcart/${leaving.u_id}`, { token: leaving.token }), [403], 'deleted account');
    });
  });
});

describe('tokens after a restore or a reset', () => {
  it("a token issued before a restore is refused for the account that gets its u_id afterwards, and cannot read or delete it", async () => {
    const before = await registerShopper(server);
    // A restore to a backup taken before this shopper registered: the row is gone and the id counter is back where it was.
    await server.db.deleteFrom('users').where('u_id', '=', before.u_id).execute();
    await sql`update sqlite_sequence set seq = ${before.u_id - 1} where name = 'users'`.execute(server.db);
    const after = await registerShopper(server);
    expect(after.u_id, 'the restored store gave the id out again').toBe(before.u_id);
    for (const [call, attempt] of [
      [`GET /getorder/${after.u_id}`, () => server.send('GET', `/getorder/${after.u_id}`, { token: before.token })],
      [`GET /getcart/${after.u_id}`, () => server.send('GET', `/getcart/${after.u_id}`, { token: before.token })],
      [`DELETE /user/delete/${after.u_id}`, () => server.send('DELETE', `/user/delete/${after.u_id}`, { token: before.token })],
    ] as const) {
      await ledger.probe(async () => expectRefused(await attempt(), [403], `the old token on ${call}`));
    }
    expect(await server.db.selectFrom('users').select('u_id').where('u_id', '=', after.u_id).executeTakeFirst()).toBeDefined();
    // The new owner's own token works.
    expect((await server.send('GET', `/getorder/${after.u_id}`, { token: after.token })).status).toBe(200);
  });

  it('a token signed with the store secret but without the account\'s identity is refused', async () => {
    const bare = await sign({ key: server.config.jwtSecret, claims: { sub: String(shopper.u_id) } });
    await ledger.probe(async () => expectRefused(await server.send('GET', `/getcart/${shopper.u_id}`, { token: bare }), [403], 'a token naming only the id'));
  });
});

describe('odd ways of sending a token', () => {
  it('only "Authorization: Bearer <token>" counts', async () => {
    const attempts: [string, Record<string, string>, string][] = [
      ['token in the query string', {}, `/getallusers?token=${admin.token}&auth_token=${admin.token}`],
      ['token in a cookie', { Cookie: `auth_token=${admin.token}; token=${admin.token}` }, '/getallusers'],
      ['token in X-Auth-Token', { 'X-Auth-Token': admin.token, 'X-Access-Token': admin.token }, '/getallusers'],
      ['Basic scheme', { Authorization: `Basic ${Buffer.from(`${DEMO_ADMIN.phoneNumber}:${DEMO_ADMIN.password}`).toString('base64')}` }, '/getallusers'],
      ['shopper token then the admin token', { Authorization: `Bearer ${shopper.token} ${admin.token}` }, '/getallusers'],
      ['two Bearer words', { Authorization: `Bearer Bearer ${shopper.token}` }, '/getallusers'],
      ['Bearer with nothing', { Authorization: 'Bearer ' }, '/getallusers'],
      ['a role header', { Authorization: `Bearer ${shopper.token}`, 'X-User-Role': 'admin', 'X-Is-Admin': '1', 'X-u_type': '0' }, '/getallusers'],
      ['a forwarded user', { Authorization: `Bearer ${shopper.token}`, 'X-Forwarded-User': String(admin.u_id), 'X-Remote-User': 'admin' }, '/getallusers'],
    ];
    for (const [label, headers, path] of attempts) {
      await ledger.probe(async () => {
        expectRefused(await server.send('GET', path, { headers }), [403], label);
      });
    }
  });

  it('a header too large for Node is refused by Node, not by a crash', async () => {
    await ledger.probe(async () => {
      // Node answers 431 and closes the socket; the client may see the close before the answer.
      const status = await server.sendRaw('GET', '/getallusers', { Authorization: `Bearer ${'a'.repeat(64 * 1024)}` }).then(
        (res) => res.status,
        (error: NodeJS.ErrnoException) => error.code,
      );
      expect([431, 'ECONNRESET', 'EPIPE']).toContain(status);
      // The store still answers afterwards.
      expect((await server.send('GET', '/getcategory')).status).toBe(200);
    });
  });
});
