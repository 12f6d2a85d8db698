/**
 * Screenshots of back-office screens at phone and desktop sizes, for a person
 * to look at: `node tests/e2e/admin-screenshots.ts [baseURL] [outDir] [paths...]`.
 * Logs in as the seeded administrator (ADMIN_* or the README's defaults).
 * Each path is captured at 390x700, 390x844 (viewport only: what a phone
 * shows first) and 1366x900 (full page). Default base http://localhost:8080,
 * out /tmp/aurum-admin-shots.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:8080', out = '/tmp/aurum-admin-shots', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['/admin/products', '/admin/orders', '/admin/users'];
const sizes = [
  { width: 390, height: 700, fullPage: false },
  { width: 390, height: 844, fullPage: false },
  { width: 1366, height: 900, fullPage: true },
];

const login = await fetch(new URL('/userlogin', base), {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({
    countryCode: process.env.ADMIN_COUNTRY_CODE ?? '+91',
    phoneNumber: process.env.ADMIN_PHONE ?? '9999999999',
    password: process.env.ADMIN_PASSWORD ?? 'Admin@12345',
  }),
});
const session = (await login.json()).data;
if (!session?.auth_token) throw new Error(`login failed: ${login.status}`);

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const size of sizes) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1 });
  await context.addInitScript((user) => {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('token', user.auth_token);
  }, session);
  const page = await context.newPage();
  for (const route of pages) {
    await page.goto(new URL(route, base).href, { waitUntil: 'networkidle' });
    await page.waitForTimeout(600);
    const name = `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '')}-${size.width}x${size.height}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: size.fullPage });
    console.log(path.join(out, name));
  }
  await context.close();
}
await browser.close();
