/**
 * Image bombs: a small PNG that decodes to 100 megapixels. /adduserreviews checks that
 * the caller may review before any upload is decoded, and every upload path refuses an
 * image over the pixel limit from its header, before decoding it.
 */

import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { formData, mediaFiles, sendForm } from '../helpers/admin.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let bomb: Buffer;

beforeAll(async () => {
  store = await createTestStore();
  // 10000 x 9999 pixels of one colour: about 100 KB on the wire, 300 MB once decoded.
  bomb = await sharp({ create: { width: 10_000, height: 9_999, channels: 3, background: '#c9a227' } }).png({ compressionLevel: 9 }).toBuffer();
}, 120_000);
afterAll(() => store.close());

let decoded: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  // Decoding a whole upload goes through sharp's stats(); nothing may get there with a bomb.
  decoded = vi.spyOn((sharp as unknown as { prototype: { stats: () => unknown } }).prototype, 'stats');
});
afterEach(() => decoded.mockClear());

it('a shopper who may not review the product is refused before any upload is decoded', { timeout: 60_000 }, async () => {
  const shopper = await createUser(store);
  const product = await createProduct(store);
  const before = mediaFiles(store, 'Reviews').length;
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c9a227' } }).png().toBuffer();
  for (const images of [[1, 2].map((i) => ({ bytes: photo, name: `photo${i}.png` })), [1, 2].map((i) => ({ bytes: bomb, name: `bomb${i}.png` }))]) {
    const res = await sendForm(store, '/adduserreviews', formData({ p_id: String(product.p_id), message: 'Lovely', rating: '5', userReviewImages: images }), shopper.auth);
    expect([409, 413]).toContain(res.status);
    if (images[0].bytes === photo) expect(res.body.description).toBe('You can only review products you have purchased.');
    expectMatchesContract('POST', '/adduserreviews', res);
    expect(decoded).not.toHaveBeenCalled();
  }
  expect(mediaFiles(store, 'Reviews').length).toBe(before);
});

it('an image over the pixel limit is refused from its header on every upload path (an administrator\'s too), never decoded', { timeout: 60_000 }, async () => {
  const admin = await createUser(store, { u_type: '0' });
  const before = mediaFiles(store, 'Category').length;
  const res = await sendForm(store, '/addcategory', formData({ cate_name: 'Bombs', categoryImage: { bytes: bomb, name: 'bomb.png' } }), admin.auth);
  expect(res.status).toBe(413);
  expect(res.body.description).toBe('bomb.png is too large: at most 40 megapixels (for example 8000 × 5000 pixels).');
  expectMatchesContract('POST', '/addcategory', res);
  expect(decoded).not.toHaveBeenCalled();
  expect(mediaFiles(store, 'Category').length).toBe(before);
  expect(await store.db.selectFrom('categories').select('cate_id').where('cate_name', '=', 'Bombs').execute()).toEqual([]);
  // A picture within the limit is still taken.
  const fine = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#c9a227' } }).png().toBuffer();
  const ok = await sendForm(store, '/addcategory', formData({ cate_name: 'Fine', categoryImage: { bytes: fine, name: 'fine.png' } }), admin.auth);
  expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  void call;
});
