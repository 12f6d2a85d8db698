import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Callers, formData, type FormValue, hostileFiles, mediaFiles, sendForm, storeWithCallers, tinyImage } from '../helpers/admin.ts';
import { contractCaller, expectMatchesContract } from '../helpers/contract.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { advanceOrder, placeCodOrder } from '../helpers/orders.ts';
import { createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let admin: Callers['admin'];
beforeAll(async () => ({ store, admin } = await storeWithCallers()));
afterAll(() => store.close());

type Shopper = Awaited<ReturnType<typeof createUser>>;

const api = contractCaller(() => store);

async function review(shopper: Shopper | null, fields: Record<string, FormValue>) {
  const res = await sendForm(store, '/adduserreviews', formData(fields), shopper ? shopper.auth : {});
  expectMatchesContract('POST', '/adduserreviews', res);
  return res;
}

/** A cash-on-delivery order of the product, placed through the API (Pending). */
async function placeOrder(shopper: Shopper, product: Awaited<ReturnType<typeof createProduct>>) {
  await api('POST', '/createcart', product.selection, shopper.auth);
  return placeCodOrder(store, shopper, { subtotal: 1000.5 });
}

/** The same, delivered through the lifecycle (the shop ships it with its HUIDs): what a reviewer needs. */
async function buy(shopper: Shopper, product: Awaited<ReturnType<typeof createProduct>>) {
  const o_id = await placeOrder(shopper, product);
  await advanceOrder(store, admin, o_id, 4);
  return o_id;
}

const reviewCount = async () => (await store.db.selectFrom('reviews').select('r_id').execute()).length;

describe('POST /getreviews', () => {
  it('answers slider images and testimonials without a body', async () => {
    await store.db.insertInto('slider_images').values([{ image: 'slide-2.webp', position: 2 }, { image: 'slide-1.webp', position: 1 }]).execute();
    const { r_id } = await store.db.insertInto('reviews').values({ u_id: null, u_name: 'Kavya', p_id: null, message: 'Lovely earrings', rating: 5 }).returning('r_id').executeTakeFirstOrThrow();
    await store.db.insertInto('review_images').values({ r_id, file_name: 'kavya.webp' }).execute();
    const res = await store.app.request('/getreviews', { method: 'POST' });
    const body = await res.json();
    expectMatchesContract('POST', '/getreviews', { status: res.status, body });
    expect(res.status).toBe(200);
    expect(body.data.sliderImages.map((s: { image: string }) => s.image)).toEqual(['slide-1.webp', 'slide-2.webp']);
    expect(body.data.reviews).toContainEqual(expect.objectContaining({ r_id, u_name: 'Kavya', rating: 5, review_image: 'kavya.webp', images: ['kavya.webp'], p_id: null }));
    // With an empty JSON object too.
    const empty = await api('POST', '/getreviews', {});
    expect(empty.body.data.reviews.map((r: { r_id: number }) => r.r_id)).toContain(r_id);
  });

  it('answers every review to an administrator naming their u_id, and 403 to anyone else', async () => {
    const shopper = await createUser(store);
    const admin = await createUser(store, { u_type: '0' });
    const product = await createProduct(store);
    const { r_id } = await store.db.insertInto('reviews').values({ u_id: shopper.u_id, u_name: 'S', p_id: product.p_id, message: 'Nice', rating: 4 }).returning('r_id').executeTakeFirstOrThrow();
    const asAdmin = await api('POST', '/getreviews', { u_id: admin.u_id }, admin.auth);
    expect(asAdmin.body.data.reviews.map((r: { r_id: number }) => r.r_id)).toContain(r_id);
    const plain = await api('POST', '/getreviews', {});
    expect(plain.body.data.reviews.map((r: { r_id: number }) => r.r_id)).not.toContain(r_id);
    expect((await api('POST', '/getreviews', { u_id: shopper.u_id }, shopper.auth)).status).toBe(403);
    expect((await api('POST', '/getreviews', { u_id: admin.u_id })).status).toBe(403);
  });
});

describe('POST /adduserreviews and /getuserreviews', () => {
  it('lets a buyer review a product once, with up to 2 images, and shows it with the average', async () => {
    const buyer = await createUser(store);
    const product = await createProduct(store);
    await buy(buyer, product);
    const png = await tinyImage('png');
    const jpeg = await tinyImage('jpeg');
    const before = mediaFiles(store, 'Reviews').length;
    const res = await review(buyer, {
      u_id: String(buyer.u_id),
      u_name: 'Nila R.',
      p_id: String(product.p_id),
      message: 'Beautiful craftsmanship',
      rating: '5',
      userReviewImages: [
        { bytes: png, name: 'a.png' },
        { bytes: jpeg, name: 'b.jpg' },
      ],
    });
    expect(res.status).toBe(201);
    // Named as the account is, whatever u_name the form sent.
    const { full_name } = await store.db.selectFrom('users').select('full_name').where('u_id', '=', buyer.u_id).executeTakeFirstOrThrow();
    expect(res.body.data).toMatchObject({ u_id: buyer.u_id, u_name: full_name, p_id: product.p_id, message: 'Beautiful craftsmanship', rating: 5 });
    expect(full_name).not.toBe('Nila R.');
    expect(res.body.data.images).toHaveLength(2);
    expect(res.body.data.images.every((name: string) => /^[0-9a-f]{32}\.(png|jpg)$/.test(name))).toBe(true);
    expect(mediaFiles(store, 'Reviews').length).toBe(before + 2);
    expect(store.catalogueChanges).toBeGreaterThan(0);

    const other = await createUser(store);
    await buy(other, product);
    expect((await review(other, { p_id: String(product.p_id), message: 'Good', rating: '2' })).status).toBe(201);

    const listed = await api('POST', '/getuserreviews', { p_id: product.p_id });
    expect(listed.status).toBe(200);
    expect(listed.body.data.count).toEqual({ avg_rating: 3.5, total: 2 });
    expect(listed.body.data.reviews[0].review_image === null || typeof listed.body.data.reviews[0].review_image === 'string').toBe(true);

    const twice = await review(buyer, { p_id: String(product.p_id), message: 'Again', rating: '4' });
    expect(twice.status).toBe(409);
    expect(twice.body.description).toBe('You have already reviewed this product.');
  });

  it('stores a review picture without where it was taken: EXIF with GPS is gone, the picture stays (a GIF keeps its frames)', async () => {
    const buyer = await createUser(store);
    const product = await createProduct(store);
    await buy(buyer, product);
    // A JPEG as a phone makes it: the camera and its GPS position in EXIF.
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b8860b' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 1/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '72/1 34/1 0/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const frames = await sharp({ create: { width: 8, height: 16, channels: 3, background: '#fff' } }).gif().toBuffer();
    const animated = await sharp(frames, { animated: true }).gif().toBuffer();
    const res = await review(buyer, {
      p_id: String(product.p_id), message: 'Worn at the wedding', rating: '5',
      userReviewImages: [{ bytes: photo, name: 'IMG_0001.jpg' }, { bytes: animated, name: 'sparkle.gif' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [jpegName, gifName] = res.body.data.images as string[];
    const stored = (name: string) => readFileSync(path.join(store.config.mediaDir, 'Reviews', name));
    const facts = await sharp(stored(jpegName)).metadata();
    expect([facts.format, facts.width, facts.height, facts.exif, facts.xmp]).toEqual(['jpeg', 64, 48, undefined, undefined]);
    expect(stored(jpegName).includes(Buffer.from('PhoneCo'))).toBe(false);
    expect(gifName).toMatch(/\.gif$/);
    expect((await sharp(stored(gifName)).metadata()).format).toBe('gif');
  });

  it('answers no reviews with an average of 0, and 400 for a bad p_id', async () => {
    const product = await createProduct(store);
    expect((await api('POST', '/getuserreviews', { p_id: product.p_id })).body.data).toEqual({ reviews: [], count: { avg_rating: 0, total: 0 } });
    expect((await api('POST', '/getuserreviews', { p_id: 'x' })).status).toBe(400);
  });

  describe('refuses, storing nothing', () => {
    it('a shopper who has not bought the product, whose order is not delivered yet, or was cancelled', async () => {
      const shopper = await createUser(store);
      const product = await createProduct(store);
      const notBought = await review(shopper, { p_id: String(product.p_id), message: 'Fake praise', rating: '5' });
      expect(notBought.status).toBe(409);
      expect(notBought.body.description).toBe('You can only review products you have purchased.');
      const cancelled = await placeOrder(shopper, product);
      expect((await api('PUT', '/cancelorder', { o_id: cancelled }, shopper.auth)).status).toBe(200);
      const o_id = await placeOrder(shopper, product);
      for (const status of [1, 2, 3] as const) {
        if (status !== 1) await advanceOrder(store, admin, o_id, status);
        const res = await review(shopper, { p_id: String(product.p_id), message: 'Fake praise', rating: '5' });
        expect(res.status, `order status ${status}, another cancelled`).toBe(409);
        expect(res.body.description).toBe('You can only review products you have purchased.');
      }
      expect((await api('POST', '/getuserreviews', { p_id: product.p_id })).body.data.count.total).toBe(0);
      await advanceOrder(store, admin, o_id, 4);
      expect((await review(shopper, { p_id: String(product.p_id), message: 'Arrived, lovely', rating: '5' })).status).toBe(201);
    });

    it.each([
      [{ message: '', rating: '5' }, 'Please provide a rating and comment.'],
      [{ message: '   ', rating: '5' }, 'Please provide a rating and comment.'],
      [{ message: 'Nice', rating: '0' }, 'Please provide a rating and comment.'],
      [{ message: 'Nice' }, 'Please provide a rating and comment.'],
      [{ message: 'Nice', rating: '6' }, 'Rating must be a whole number from 1 to 5.'],
      [{ message: 'Nice', rating: '4.5' }, 'Please provide a rating and comment.'],
    ])('%j', async (fields, description) => {
      const buyer = await createUser(store);
      const product = await createProduct(store);
      await buy(buyer, product);
      const before = [await reviewCount(), mediaFiles(store, 'Reviews').length];
      const res = await review(buyer, { p_id: String(product.p_id), ...fields, userReviewImages: { bytes: await tinyImage(), name: 'x.png' } });
      expect(res.status).toBe(400);
      expect(res.body.description).toBe(description);
      expect([await reviewCount(), mediaFiles(store, 'Reviews').length]).toEqual(before);
    });

    it('more than 2 images, and files that are not images', async () => {
      const buyer = await createUser(store);
      const product = await createProduct(store);
      await buy(buyer, product);
      const png = await tinyImage('png');
      const before = [await reviewCount(), mediaFiles(store, 'Reviews').length];
      const three = await review(buyer, {
        p_id: String(product.p_id),
        message: 'Nice',
        rating: '5',
        userReviewImages: [1, 2, 3].map((n) => ({ bytes: png, name: `${n}.png` })),
      });
      expect(three.status).toBe(400);
      expect(three.body.description).toBe('You can only select a maximum of 2 images.');
      for (const file of (await hostileFiles()).filter((f) => f.bytes.length > 0)) {
        const res = await review(buyer, { p_id: String(product.p_id), message: 'Nice', rating: '5', userReviewImages: { bytes: file.bytes, name: file.name } });
        expect(res.status, file.label).toBe(400);
      }
      expect([await reviewCount(), mediaFiles(store, 'Reviews').length]).toEqual(before);
    });

    it('another user\'s u_id (403), no token (403), an unknown product (404), JSON instead of a form (400)', async () => {
      const buyer = await createUser(store);
      const intruder = await createUser(store);
      const product = await createProduct(store);
      await buy(buyer, product);
      const before = await reviewCount();
      expect((await review(intruder, { u_id: String(buyer.u_id), p_id: String(product.p_id), message: 'x', rating: '1' })).status).toBe(403);
      expect((await review(null, { p_id: String(product.p_id), message: 'x', rating: '1' })).status).toBe(403);
      expect((await review(buyer, { p_id: '99999999', message: 'x', rating: '1' })).status).toBe(404);
      const json = await api('POST', '/adduserreviews', { p_id: product.p_id, message: 'x', rating: 5 }, buyer.auth);
      expect(json.status).toBe(400);
      expect(await reviewCount()).toBe(before);
    });
  });
});
