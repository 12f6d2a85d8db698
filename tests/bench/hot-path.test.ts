/**
 * The API's hot path keeps the shortcuts the benchmark measured (npm run bench),
 * without losing what they stand in for: answers reused from the catalogue cache
 * are the same bytes as the first, API answers never go through the site's
 * middleware (gzip), and the 1 MB body limit holds for declared and streamed bodies.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { createTestStore, type TestStore } from '../helpers/store.ts';

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
