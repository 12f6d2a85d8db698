/**
 * The storefront build (api/site/build.ts): two stores built at once from one
 * checkout (two DATA_DIRs, as a test beside `npm start` or two instances do) each get
 * their own complete site, the build swaps it in whole with its build-info, and leaves
 * no working directory behind. A product's URL serves its pre-rendered page only while
 * the product is as it was built: changed, new or hidden since, the bare page that loads
 * it from the API; no such product, that page as a 404. Stopping the server stops a
 * rebuild under way: no astro process outlives it, and the next start builds again.
 */

import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, createSiteRebuilder, siteIsStale } from '../../api/site/build.ts';
import { createCategory, createProduct } from '../helpers/catalogue.ts';
import { createTestStore, type TestStore } from '../helpers/store.ts';

const BUILDS_DIR = fileURLToPath(new URL('../../node_modules/.cache/aurum-site-builds/', import.meta.url));

const stores: TestStore[] = [];
const products: { p_id: number }[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const store = await createTestStore();
    stores.push(store);
    const category = await createCategory(store);
    products.push(await createProduct(store, { cate_id: category.cate_id, name: `Store ${i} solitaire ring` }));
  }
});
afterAll(async () => {
  for (const store of stores) await store.close();
});

describe('two storefront builds from one checkout at once', () => {
  it('each builds its own store, whole, and leaves no working directory behind', { timeout: 240_000 }, async () => {
    const before = existsSync(BUILDS_DIR) ? readdirSync(BUILDS_DIR) : [];
    for (const store of stores) expect(await siteIsStale(store.config, store.db)).toBe(true);

    await Promise.all(stores.map((store) => buildSite(store.config, store.db, () => undefined)));

    for (const [i, store] of stores.entries()) {
      const page = path.join(store.config.siteDir, 'product-details', String(products[i].p_id), 'index.html');
      expect(existsSync(page), page).toBe(true);
      const html = readFileSync(page, 'utf8');
      expect(html).toContain(`Store ${i} solitaire ring`);
      expect(html).not.toContain(`Store ${1 - i} solitaire ring`);
      expect(existsSync(path.join(store.config.siteDir, 'index.html'))).toBe(true);
      expect(existsSync(`${store.config.siteDir}.next`)).toBe(false);
      expect(await siteIsStale(store.config, store.db)).toBe(false);
    }
    const after = existsSync(BUILDS_DIR) ? readdirSync(BUILDS_DIR) : [];
    expect(after.filter((name) => !before.includes(name))).toEqual([]);
  });
});

describe('which page a product URL serves', () => {
  let store: TestStore;
  let p_id: number;
  const BUILT = '<!doctype html><title>built</title><p>pre-rendered</p>';
  const BARE = '<!doctype html><title>bare</title><p>loads the product</p>';
  const sqlTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

  beforeAll(async () => {
    store = await createTestStore();
    const category = await createCategory(store);
    p_id = (await createProduct(store, { cate_id: category.cate_id })).p_id;
    // A site as a build leaves it: this product's page, the bare page, and when the build began.
    const site = store.config.siteDir;
    mkdirSync(path.join(site, 'product-details', String(p_id)), { recursive: true });
    writeFileSync(path.join(site, 'product-details', String(p_id), 'index.html'), BUILT);
    writeFileSync(path.join(site, 'product-details', 'index.html'), BARE);
    await store.db.updateTable('products').set({ updated_at: sqlTime(Date.now() - 60_000) }).where('p_id', '=', p_id).execute();
    writeFileSync(path.join(site, 'build-info.json'), JSON.stringify({ sourceHash: 'test', catalogueVersion: '1', startedAt: new Date(Date.now() - 30_000).toISOString(), builtAt: new Date().toISOString() }));
  });
  afterAll(() => store.close());

  const page = async (url: string) => {
    const res = await store.app.request(url, { headers: { Accept: 'text/html' } });
    return { status: res.status, text: await res.text() };
  };

  it('the pre-rendered page while the product is as built', async () => {
    expect(await page(`/product-details/${p_id}`)).toEqual({ status: 200, text: BUILT });
  });

  it('the bare page once the product changed after the build began, or is hidden from shoppers', async () => {
    await store.db.updateTable('products').set({ updated_at: sqlTime(Date.now()) }).where('p_id', '=', p_id).execute();
    expect(await page(`/product-details/${p_id}`)).toEqual({ status: 200, text: BARE });
    await store.db.updateTable('products').set({ p_status: 0, updated_at: sqlTime(Date.now() - 60_000) }).where('p_id', '=', p_id).execute();
    expect(await page(`/product-details/${p_id}`)).toEqual({ status: 200, text: BARE });
    // Shown again, its last change before the build: the built page is true again.
    await store.db.updateTable('products').set({ p_status: 1 }).where('p_id', '=', p_id).execute();
    expect(await page(`/product-details/${p_id}`)).toEqual({ status: 200, text: BUILT });
  });

  it('the bare page as a 404 for a product that does not exist', async () => {
    expect(await page('/product-details/987654321')).toEqual({ status: 404, text: BARE });
    expect(await page('/product-details/not-a-number')).toEqual({ status: 404, text: BARE });
  });
});

/** Processes working in a site build's directory (astro build runs with its cwd there). */
function buildProcesses(): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // The builds' folder as the kernel names it (node_modules may be a link, as in a git worktree).
      if (readlinkSync(`/proc/${pid}/cwd`).startsWith(realpathSync(BUILDS_DIR))) found.push(pid);
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

describe.runIf(existsSync('/proc/self/cwd'))('stopping the rebuilder at shutdown', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
    const category = await createCategory(store);
    await createProduct(store, { cate_id: category.cate_id });
  });
  afterAll(() => store.close());

  it('kills the astro build under way, leaves no working directory, and the site stays stale for the next start', { timeout: 120_000 }, async () => {
    const before = buildProcesses();
    const rebuilder = createSiteRebuilder(store.config, store.db, 10);
    rebuilder.schedule();
    const deadline = Date.now() + 60_000;
    while (buildProcesses().filter((pid) => !before.includes(pid)).length === 0) {
      if (Date.now() > deadline) throw new Error('no astro build started');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await rebuilder.stop();
    expect(buildProcesses().filter((pid) => !before.includes(pid))).toEqual([]);
    expect(existsSync(path.join(store.config.siteDir, 'build-info.json'))).toBe(false);
    expect(await siteIsStale(store.config, store.db)).toBe(true);
    rebuilder.schedule(); // after stop: nothing is built
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(buildProcesses().filter((pid) => !before.includes(pid))).toEqual([]);
  });
});
