/**
 * The API's hot path keeps the shortcuts the benchmark measured (npm run bench),
 * without losing what they stand in for: answers reused from the catalogue cache
 * are the same bytes as the first, API answers never go through the site's
 * middleware (gzip), cached answers carry every security header although they skip
 * the middleware that adds them, the catalogue version read straight from the
 * connection never sees a transaction's uncommitted rows, and the 1 MB body limit
 * holds for declared and streamed bodies.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRowsVersion } from '../../db/queries/catalogue-rows-version.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { createCategory, createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { createTestStore, type TestStore } from '../helpers/store.ts';
import { testEngine } from '../helpers/database.ts';

let store: TestStore;
let p_id: number;

beforeAll(async () => {
  store = await createTestStore();
  const category = await createCategory(store);
  for (let i = 0; i < 14; i++) p_id = (await createProduct(store, { cate_id: category.cate_id })).p_id;
});
afterAll(() => store.close());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  store.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

describe('catalogue answers from the cache', () => {
  it('repeat the first answer byte for byte, in the contract\'s shape', async () => {
    for (const [path, body] of [
      ['/getallproducts', JSON.stringify({ is_admin: 1, page: 1, perPage: 12, filter: { countryCode: 'inr_price', minPrice: '', maxPrice: '' } })],
      ['/getproductbyid', JSON.stringify({ p_id })],
    ] as const) {
      const first = await post(path, body);
      const again = await post(path, body);
      const [firstText, againText] = [await first.text(), await again.text()];
      expect(again.status).toBe(200);
      expect(againText).toBe(firstText);
      expect(again.headers.get('content-type')).toBe('application/json; charset=UTF-8');
      const parsed = JSON.parse(againText);
      expect(parsed.status).toBe(1);
      expectMatchesContract('POST', path, { status: again.status, body: parsed });
    }
  });

  it('answer 404 for an unknown product, again and again', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await post('/getproductbyid', JSON.stringify({ p_id: p_id + 1000 }));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ status: 0, description: 'Product not found.', data: null });
    }
  });
});

describe('security headers of cached answers', () => {
  const expected = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };

  it('are those of any other JSON answer, first time and repeated', async () => {
    const uncached = await store.app.request('/getmaterials');
    for (let i = 0; i < 2; i++) {
      const res = await post('/getproductbyid', JSON.stringify({ p_id }));
      expect(res.status).toBe(200);
      for (const [name, value] of Object.entries(expected)) {
        expect(res.headers.get(name)).toBe(value);
        expect(uncached.headers.get(name)).toBe(value);
      }
      expect(res.headers.get('permissions-policy')).toBe(uncached.headers.get('permissions-policy'));
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('include HSTS behind TLS', async () => {
    const tls = await createTestStore({ TRUST_PROXY_TLS: '1' });
    try {
      const category = await createCategory(tls);
      const product = await createProduct(tls, { cate_id: category.cate_id });
      for (let i = 0; i < 2; i++) {
        const res = await tls.app.request('/getproductbyid', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ p_id: product.p_id }) });
        expect(res.status).toBe(200);
        expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
    } finally {
      await tls.close();
    }
  });
});

describe('the catalogue version', () => {
  it('is read as committed: a write still inside a transaction is not seen, and is once it commits', async () => {
    const before = await catalogueRowsVersion(store.db);
    let release!: () => void;
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const transaction = writeTransaction(store.db, async (trx) => {
      await trx.updateTable('products').set({ name: 'Renamed in a transaction' }).where('p_id', '=', p_id).execute();
      entered();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await inside;
    let seen: string | null | undefined;
    const read = catalogueRowsVersion(store.db).then((version) => (seen = version));
    try {
      await new Promise((resolve) => setTimeout(resolve, 20));
      // SQLite: the read waits for the transaction (one connection); PostgreSQL: it reads the last commit. Never into it.
      if (testEngine === 'sqlite') expect(seen).toBeUndefined();
      else expect(seen).toBe(before);
    } finally {
      release();
      await transaction;
    }
    await read;
    const after = await catalogueRowsVersion(store.db);
    expect(Number(after)).toBeGreaterThan(Number(before));
    if (testEngine === 'sqlite') expect(after).toBe(seen);
    const res = await post('/getproductbyid', JSON.stringify({ p_id }));
    expect((await res.json()).data.name).toBe('Renamed in a transaction');
  });
});

describe('API answers and the site middleware', () => {
  it('a listing asked for with gzip accepted comes back as plain JSON', async () => {
    const res = await post('/getallproducts', JSON.stringify({ perPage: 12 }), { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect((await res.json()).data.productData).toHaveLength(12);
  });

  it('a POST nobody handles is the JSON 404, not wrapped by the site', async () => {
    const res = await post('/about', '{}', { 'Accept-Encoding': 'gzip', Accept: 'text/html' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual({ status: 0, description: 'No such endpoint: POST /about', data: null });
  });
});

describe('the 1 MB JSON body limit', () => {
  it('refuses a declared length over 1 MB without reading the body', async () => {
    const res = await post('/getallproducts', '{}', { 'Content-Length': String(1024 * 1024 + 1) });
    expect(res.status).toBe(413);
    expect((await res.json()).status).toBe(0);
  });

  it('refuses a streamed body (no declared length) once it passes 1 MB', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 20) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await store.app.request('/getallproducts', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('lets a streamed body under 1 MB through to validation', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ p_id })));
        controller.close();
      },
    });
    const res = await store.app.request('/getproductbyid', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(200);
  });
});
