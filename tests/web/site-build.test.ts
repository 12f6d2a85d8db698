/**
 * The storefront build (api/site/build.ts): two stores built at once from one
 * checkout (two DATA_DIRs, as a test beside `npm start` or two instances do) each get
 * their own complete site, the build swaps it in whole with its build-info, and leaves
 * no working directory behind.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, siteIsStale } from '../../api/site/build.ts';
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
