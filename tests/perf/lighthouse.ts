/**
 * `npm run lighthouse [baseURL]`: Lighthouse (mobile, simulated throttling) on
 * home, /allproducts and a product page of a running store, with Debian's
 * chromium. Prints performance, accessibility, SEO and best-practices scores
 * and the JavaScript bytes each page transferred. Without a URL it starts the
 * store itself (node api/server.ts) on a spare port with the configured
 * DATA_DIR and stops it afterwards. Goals: performance >= 95, accessibility
 * >= 95, SEO 100; exits 1 when a page misses one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GOALS = { performance: 95, accessibility: 95, seo: 100 } as const;
/** Runs per page; the median (by performance) is reported. LH_RUNS overrides. */
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

const details = process.argv.includes('--details');
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
let server: ChildProcess | undefined;
let base = args[0];
if (!base) {
  const port = 8199;
  server = spawn(process.execPath, [path.join(ROOT, 'api/server.ts')], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: 'inherit' });
  base = `http://localhost:${port}`;
  await waitFor(`${base}/openapi.yaml`, 300_000);
}

// A product page: the first product the catalogue lists.
const listing = await fetch(new URL('/getallproducts', base), {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ is_admin: 1, page: 1, perPage: 1 }),
}).then((r) => r.json() as Promise<{ data?: { productData?: { p_id: number }[] } }>);
const productId = listing.data?.productData?.[0]?.p_id;
const pages = ['/', '/allproducts', ...(productId ? [`/product-details/${productId}`] : [])];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let missed = 0;
try {
  console.log(`Lighthouse (mobile) on ${base}`);
  console.log('page'.padEnd(28) + 'perf'.padStart(6) + 'a11y'.padStart(6) + 'seo'.padStart(6) + 'bp'.padStart(6) + 'JS KB'.padStart(8) + '  LCP / TBT / CLS');
  for (const page of pages) {
    // Lighthouse's own advice: scores vary run to run, so take the median of several.
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await lighthouse(new URL(page, base).href, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
      });
      if (run?.lhr.runtimeError) console.log(`    run ${i + 1}: ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}`);
      else if (run) runs.push(run);
    }
    if (runs.length === 0) throw new Error(`no Lighthouse result for ${page}`);
    runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
    const result = runs[Math.floor(runs.length / 2)];
    const spread = runs.map((r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100)).join('/');
    const { categories, audits } = result.lhr;
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    const scripts = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items?.find(
      (i) => i.resourceType === 'script',
    );
    const benchmark = Math.round(result.lhr.environment.benchmarkIndex);
    const row = { performance: score('performance'), accessibility: score('accessibility'), seo: score('seo') };
    const misses = (Object.keys(GOALS) as (keyof typeof GOALS)[]).filter((k) => row[k] < GOALS[k]);
    if (misses.length) missed++;
    console.log(
      `${page.padEnd(28)}${String(row.performance).padStart(6)}${String(row.accessibility).padStart(6)}${String(row.seo).padStart(6)}${String(score('best-practices')).padStart(6)}${((scripts?.transferSize ?? 0) / 1024).toFixed(1).padStart(8)}  ${audits['largest-contentful-paint']?.displayValue} / ${audits['total-blocking-time']?.displayValue} / ${audits['cumulative-layout-shift']?.displayValue}  (runs ${spread}, host benchmark ${benchmark})${misses.length ? `  below goal: ${misses.join(', ')}` : ''}`,
    );
    if (details) {
      for (const id of ['mainthread-work-breakdown', 'bootup-time', 'long-tasks', 'largest-contentful-paint-element']) {
        const items = (audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
        console.log(`    ${id}: ${JSON.stringify(items.slice(0, 6)).slice(0, 900)}`);
      }
      for (const id of ['aria-prohibited-attr']) {
        const items = (audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
        if (items.length) console.log(`    ${id}: ${JSON.stringify(items).slice(0, 600)}`);
      }
    }
    for (const key of ['accessibility', 'seo'] as const) {
      if (row[key] === 100) continue;
      const failing = categories[key]?.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id);
      if (failing?.length) console.log(`    ${key} audits to fix: ${failing.join(', ')}`);
    }
  }
} finally {
  chrome.kill();
  server?.kill('SIGTERM');
}
console.log(missed ? `${missed} page(s) below a goal` : 'all pages meet the goals');
process.exit(missed ? 1 : 0);
