/**
 * The real storefront under its real CSP (long run only: SECURITY_LONG=1, as
 * `npm run test:security:long` sets it): the site is built with Astro from the
 * demo store, served by the app, and opened in chromium. Every island hydrates
 * and no page reports a CSP violation, although pages allow inline scripts only
 * by hash. A page that lost its hashes would leave its islands unhydrated.
 */

import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../api/site/build.ts';
import { ProbeLedger } from './helpers/probe.ts';
import { type ProbeServer, startProbeServer } from './helpers/server.ts';
import { listProducts } from './helpers/shop.ts';

const LONG = process.env.SECURITY_LONG === '1';
const ledger = new ProbeLedger('pages under CSP');

describe.runIf(LONG)('the built storefront in chromium', () => {
  let server: ProbeServer;

  beforeAll(async () => {
    server = await startProbeServer();
    await buildSite(server.config, server.db, () => undefined);
  }, 300_000);

  afterAll(async () => {
    ledger.report();
    await server?.close();
  });

  it('hydrates every island with no CSP violation', { timeout: 300_000 }, async () => {
    const [product] = await listProducts(server);
    const pages = ['/', '/allproducts', '/category', `/product-details/${product.p_id}`, '/product-details', '/about', '/contact', '/login', '/signup', '/cart', '/wishlist', '/checkout', '/orderconfirm', '/privacypolicy', '/admin/', '/no-such-page'];
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const context = await browser.newContext();
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
      for (const url of pages) {
        await ledger.probe(async () => {
          const page = await context.newPage();
          const response = await page.goto(`${server.origin}${url}`, { waitUntil: 'networkidle' });
          expect(response?.headers()['content-security-policy']?.split(';').find((d) => d.trim().startsWith('script-src')), url).not.toContain('unsafe-inline');
          // Islands that wait for visibility or idle time hydrate once scrolled to; those that
          // wait for someone to reach for them (client:interaction), once a pointer is over them.
          await page.evaluate(async () => {
            for (let y = 0; y < document.body.scrollHeight; y += 400) {
              window.scrollTo(0, y);
              await new Promise((resolve) => setTimeout(resolve, 50));
            }
            // A loaded machine may paint no frame while an island passes through the view: each
            // island still waiting is brought into view and given time to be seen.
            for (const island of document.querySelectorAll('astro-island[ssr]')) {
              island.scrollIntoView({ block: 'center' });
              await new Promise((resolve) => setTimeout(resolve, 250));
            }
            for (const island of document.querySelectorAll('astro-island[ssr]')) island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
          });
          await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')), null, { timeout: 15_000 }).catch(() => undefined);
          const unhydrated = await page.evaluate(() => [...document.querySelectorAll('astro-island[ssr]')].map((island) => island.getAttribute('component-url')));
          const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
          expect({ url, unhydrated, violations }).toEqual({ url, unhydrated: [], violations: [] });
          await page.close();
        });
      }
    } finally {
      await browser.close();
    }
  });
});
