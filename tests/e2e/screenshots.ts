/**
 * Full-page screenshots of the storefront at phone and desktop widths, for a
 * person to look at: `node tests/e2e/screenshots.ts [baseURL] [outDir] [paths...]`.
 * Default base http://localhost:8080, out /tmp/aurum-shots.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:8080', out = '/tmp/aurum-shots', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['/', '/allproducts', '/product-details/1'];
const widths = [390, 1366];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const route of pages) {
    await page.goto(new URL(route, base).href, { waitUntil: 'networkidle' });
    // Let lazy images below the fold load before the full-page capture.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((r) => setTimeout(r, 150));
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
    });
    // Images resized on first request take a moment; wait for those in view to finish.
    await page
      .waitForFunction(() => [...document.images].filter((i) => i.loading !== 'lazy' || i.getBoundingClientRect().top < innerHeight).every((i) => i.complete), null, { timeout: 5_000 })
      .catch(() => undefined);
    await page.waitForTimeout(500);
    // A full-page capture is one tall frame: sections that render near the screen must all render now.
    await page.addStyleTag({ content: '.defer-render { content-visibility: visible !important; }' });
    await page.waitForTimeout(300);
    const name = `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: true });
    console.log(path.join(out, name));
  }
  await context.close();
}
await browser.close();
