/**
 * Security headers of the running store on pages, media, API answers and
 * errors: a CSP everywhere (with frame-ancestors), pages running inline scripts
 * only by hash, nosniff, X-Frame-Options, Referrer-Policy, HSTS only when
 * TRUST_PROXY_TLS=1, the Cashfree library allowed only with that provider, and
 * no CORS for other origins.
 */

import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProbeLedger } from './helpers/probe.ts';
import { DEMO_ADMIN, type HttpAnswer, type ProbeServer, type Session, startProbeServer } from './helpers/server.ts';
import { listProducts } from './helpers/shop.ts';

const ledger = new ProbeLedger('headers');
const ISLAND_RUNTIME = '(()=>{var e=async t=>{await(await t())()};(self.Astro||(self.Astro={})).load=e;window.dispatchEvent(new Event("astro:load"));})();';
const ld = '{"@context":"https://schema.org","@type":"Organization","name":"Aurum Jewels"}';
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** A page as Astro writes one: an inline island runtime, a module script, JSON-LD. */
function writeSite(dir: string) {
  const site = path.join(dir, 'site');
  mkdirSync(path.join(site, 'about'), { recursive: true });
  writeFileSync(
    path.join(site, 'index.html'),
    `<!doctype html><html><head><title>Aurum</title><script type="application/ld+json">${ld}</script><script type="module" src="/_astro/page.js"></script></head><body><h1>Aurum Jewels</h1><script>${ISLAND_RUNTIME}</script></body></html>`,
  );
  writeFileSync(path.join(site, 'about', 'index.html'), '<!doctype html><title>About</title><h1>About us</h1>');
  writeFileSync(path.join(site, '404.html'), '<!doctype html><title>Not found</title><h1>Page not found</h1>');
}

let server: ProbeServer;
let behindTls: ProbeServer;
let withCashfree: ProbeServer;
let admin: Session;
let image: string;

beforeAll(async () => {
  [server, behindTls, withCashfree] = await Promise.all([
    startProbeServer({}, writeSite),
    startProbeServer({ TRUST_PROXY_TLS: '1', PUBLIC_URL: 'https://shop.example', PAYMENT_PROVIDER: 'sandbox' }, writeSite),
    startProbeServer({ PAYMENT_PROVIDER: 'cashfree', CASHFREE_APP_ID: 'app', CASHFREE_SECRET_KEY: 'secret', CASHFREE_API_URL: 'http://127.0.0.1:9/pg' }, writeSite),
  ]);
  admin = await server.login(DEMO_ADMIN);
  image = (await listProducts(server))[0].images[0].imageUrl;
});

afterAll(async () => {
  ledger.report();
  await Promise.all([server?.close(), behindTls?.close(), withCashfree?.close()]);
});

/** The directives of a CSP header by name. */
function csp(res: HttpAnswer): Map<string, string[]> {
  const header = res.headers.get('content-security-policy');
  expect(header, `no CSP on ${res.status} ${res.headers.get('content-type')}`).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

/** What every answer carries. */
function expectBaseHeaders(res: HttpAnswer, label: string, hsts: boolean) {
  expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), label).toBe('DENY');
  expect(res.headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
  expect(csp(res).get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(res.headers.get('x-powered-by'), label).toBeNull();
  if (hsts) expect(res.headers.get('strict-transport-security'), label).toMatch(/max-age=\d{7,}/);
  else expect(res.headers.get('strict-transport-security'), label).toBeNull();
}

const requests = (s: ProbeServer, token?: string): [string, () => Promise<HttpAnswer>][] => [
  ['the home page', () => s.sendRaw('GET', '/', { Accept: 'text/html' })],
  ['a page', () => s.sendRaw('GET', '/about', { Accept: 'text/html' })],
  ['the 404 page', () => s.sendRaw('GET', '/no-such-page', { Accept: 'text/html' })],
  ['a product image', () => s.sendRaw('GET', `/Products/${image}`)],
  ['a resized product image', () => s.sendRaw('GET', `/Products/${image}?w=240`)],
  ['a missing media file', () => s.sendRaw('GET', '/Products/missing.jpg')],
  ['an API answer', () => s.send('GET', '/getcategory')],
  ['an API refusal', () => s.send('GET', '/getallusers')],
  ['an administrator answer', () => s.send('GET', '/getallusers', { token })],
  ['an unknown endpoint', () => s.send('GET', '/no-such-endpoint')],
  ['the API docs', () => s.sendRaw('GET', '/docs')],
  ['the OpenAPI document', () => s.sendRaw('GET', '/openapi.yaml')],
];

describe('security headers', () => {
  it('every answer carries nosniff, X-Frame-Options, Referrer-Policy and a CSP with frame-ancestors; no HSTS without TLS', async () => {
    for (const [label, send] of requests(server, admin.token)) {
      await ledger.probe(async () => expectBaseHeaders(await send(), label, false));
    }
  });

  it('behind a TLS proxy (TRUST_PROXY_TLS=1) every answer also carries HSTS', async () => {
    const tlsAdmin = await behindTls.login(DEMO_ADMIN);
    for (const [label, send] of requests(behindTls, tlsAdmin.token)) {
      await ledger.probe(async () => expectBaseHeaders(await send(), label, true));
    }
  });

  it('pages run inline scripts only by hash, and no script from elsewhere', async () => {
    for (const url of ['/', '/about', '/no-such-page', '/docs']) {
      await ledger.probe(async () => {
        const res = await server.sendRaw('GET', url, { Accept: 'text/html' });
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        const directives = csp(res);
        const scripts = directives.get('script-src') ?? directives.get('default-src')!;
        expect(scripts, url).not.toContain("'unsafe-inline'");
        expect(scripts, url).not.toContain("'unsafe-eval'");
        expect(scripts.filter((s) => !s.startsWith("'")), `${url}: script hosts`).toEqual([]);
        expect(directives.get('object-src'), url).toEqual(["'none'"]);
        expect(directives.get('base-uri'), url).toEqual(["'self'"]);
        if (url === '/') {
          expect(scripts).toContain(`'${sha256(ISLAND_RUNTIME)}'`);
          // JSON-LD is data, not script: not hashed.
          expect(scripts).not.toContain(`'${sha256(ld)}'`);
        } else {
          expect(scripts.filter((s) => s.startsWith("'sha256-"))).toEqual([]);
        }
      });
    }
  });

  it('with the cashfree provider, pages allow exactly Cashfree\'s library, API and frames', async () => {
    await ledger.probe(async () => {
      const directives = csp(await withCashfree.sendRaw('GET', '/', { Accept: 'text/html' }));
      expect(directives.get('script-src')).toContain('https://sdk.cashfree.com');
      expect(directives.get('connect-src')).toContain('https://api.cashfree.com');
      expect(directives.get('frame-src')).toContain('https://payments.cashfree.com');
      expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    });
    await ledger.probe(async () => {
      const directives = csp(await server.sendRaw('GET', '/', { Accept: 'text/html' }));
      expect(directives.get('script-src')?.join(' ')).not.toContain('cashfree');
    });
  });

  it('media cannot run as a page: sandboxed, nothing allowed but itself, served with its own type', async () => {
    await ledger.probe(async () => {
      const res = await server.sendRaw('GET', `/Products/${image}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const directives = csp(res);
      expect(directives.get('default-src')).toEqual(["'none'"]);
      expect(directives.has('sandbox')).toBe(true);
    });
    await ledger.probe(async () => {
      const res = await server.send('GET', '/getcategory');
      expect(csp(res).get('default-src')).toEqual(["'none'"]);
    });
  });

  it('no CORS grant to another origin', async () => {
    for (const [method, url] of [['GET', '/getcategory'], ['OPTIONS', '/getallusers'], ['OPTIONS', '/createorder']] as const) {
      await ledger.probe(async () => {
        const res = await server.send(method, url, {
          token: method === 'GET' ? admin.token : undefined,
          headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
        });
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      });
    }
  });
});
