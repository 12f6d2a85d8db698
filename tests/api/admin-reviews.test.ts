import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Callers, createWithForm, expectFormRefused, expectRefused, formData, type FormValue, hostileFiles, mediaFiles, sendForm, storeWithCallers, tinyImage } from '../helpers/admin.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let admin: Callers['admin'];
let refused: Callers['refused'];
let sentinel: string;

beforeAll(async () => {
  ({ store, admin, refused } = await storeWithCallers());
  sentinel = path.join(store.dir, 'sentinel.txt');
  writeFileSync(sentinel, 'keep me');
});
afterAll(() => store.close());

const reviewFile = (name: string) => path.join(store.config.mediaDir, 'Reviews', name);
const sliderFile = (name: string) => path.join(store.config.mediaDir, 'Sliders', name);
const countReviews = async () => Number((await store.db.selectFrom('reviews').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function testimonialForm(overrides: Record<string, FormValue | undefined> = {}) {
  return formData({
    u_id: String(admin.u_id),
    message: 'Beautiful craftsmanship.',
    u_name: 'Meera',
    rating: '5',
    reviewsImage: { bytes: await tinyImage('jpeg'), name: 'meera.jpg' },
    ...overrides,
  });
}

const addTestimonial = async (overrides: Record<string, FormValue | undefined> = {}) => createWithForm(store, '/addreviews', await testimonialForm(overrides), admin);

describe('POST /addreviews', () => {
  it('adds a testimonial with its image, authored by the administrator the token names', async () => {
    const shopper = await createUser(store);
    const changes = store.catalogueChanges;
    const res = await sendForm(store, '/addreviews', await testimonialForm({ u_id: String(shopper.u_id) }), admin.auth);
    expect(res.status).toBe(201);
    expectMatchesContract('POST', '/addreviews', res);
    expect(res.body.data).toMatchObject({ u_id: admin.u_id, p_id: null, u_name: 'Meera', message: 'Beautiful craftsmanship.', rating: 5 });
    expect(res.body.data.review_image).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(existsSync(reviewFile(res.body.data.review_image))).toBe(true);
    expect(store.catalogueChanges).toBe(changes + 1);
    // The home page shows it.
    const home = await call(store, 'POST', '/getreviews');
    expect(home.body.data.reviews.map((r: any) => r.r_id)).toContain(res.body.data.r_id);
  });

  it('refuses bad input with the document\'s messages, storing nothing', async () => {
    const png = { bytes: await tinyImage('png'), name: 'a.png' };
    const cases: Array<[string, Record<string, FormValue | undefined>, string]> = [
      ['no message', { message: undefined }, 'Message is required.'],
      ['a blank message', { message: '  ' }, 'Message is required.'],
      ['no user name', { u_name: '' }, 'User Name is required.'],
      ['no rating', { rating: undefined }, 'Rating is required.'],
      ['a blank rating', { rating: ' ' }, 'Rating is required.'],
      ['rating 0', { rating: '0' }, 'Rating must be a whole number from 1 to 5.'],
      ['rating 6', { rating: '6' }, 'Rating must be a whole number from 1 to 5.'],
      ['rating 4.5', { rating: '4.5' }, 'Rating must be a whole number from 1 to 5.'],
      ['no image', { reviewsImage: undefined }, 'Reviews Image is required.'],
      ['four images', { reviewsImage: [png, png, png, png] }, 'You can only select up to 3 images.'],
    ];
    for (const file of await hostileFiles()) cases.push([file.label, { reviewsImage: file }, 'Please select a valid image file.']);
    const before = { files: mediaFiles(store, 'Reviews'), rows: await countReviews() };
    for (const [label, overrides, description] of cases) {
      const res = await sendForm(store, '/addreviews', await testimonialForm(overrides), admin.auth);
      expect(res.status, label).toBe(400);
      expect(res.body, label).toEqual({ status: 0, description, data: null });
      expectMatchesContract('POST', '/addreviews', res);
    }
    await expectFormRefused(store, refused, '/addreviews', () => testimonialForm());
    expect({ files: mediaFiles(store, 'Reviews'), rows: await countReviews() }).toEqual(before);
  });
});

describe('POST /updatereviews', () => {
  it('edits a testimonial, keeping its image when none is sent and replacing it (file removed) when one is', async () => {
    const review = await addTestimonial();
    const kept = await sendForm(store, '/updatereviews', await testimonialForm({ r_id: String(review.r_id), message: 'Even better.', rating: '4', reviewsImage: undefined }), admin.auth);
    expect(kept.status).toBe(200);
    expectMatchesContract('POST', '/updatereviews', kept);
    expect(kept.body.data).toMatchObject({ r_id: review.r_id, message: 'Even better.', rating: 4, review_image: review.review_image });

    const replaced = await sendForm(store, '/updatereviews', await testimonialForm({ r_id: String(review.r_id), reviewsImage: { bytes: await tinyImage('webp'), name: 'n.webp' } }), admin.auth);
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.review_image).toMatch(/\.webp$/);
    expect(existsSync(reviewFile(replaced.body.data.review_image))).toBe(true);
    expect(existsSync(reviewFile(review.review_image))).toBe(false);
  });

  it("refuses a shopper's product review (409), an unknown review (404), bad fields and non-administrators, changing nothing", async () => {
    const review = await addTestimonial();
    const shopper = await createUser(store);
    const { p_id } = await createProduct(store);
    const { r_id: productReview } = await store.db
      .insertInto('reviews')
      .values({ u_id: shopper.u_id, u_name: 'Ravi', p_id, message: 'Good', rating: 4 })
      .returning('r_id')
      .executeTakeFirstOrThrow();
    const png = { bytes: await tinyImage('png'), name: 'a.png' };
    const before = { files: mediaFiles(store, 'Reviews'), rows: await store.db.selectFrom('reviews').selectAll().orderBy('r_id').execute() };
    const cases: Array<[string, Record<string, FormValue | undefined>, number, string]> = [
      ['a product review', { r_id: String(productReview), reviewsImage: png }, 409, "This is a shopper's product review: it can be deleted, not edited."],
      ['an unknown review', { r_id: '999999', reviewsImage: png }, 404, 'Review not found.'],
      ['no r_id', { reviewsImage: png }, 400, 'r_id must be a record id (a whole number, 1 or more).'],
      ['a blank message', { r_id: String(review.r_id), message: ' ', reviewsImage: png }, 400, 'Message is required.'],
      ['a bad rating', { r_id: String(review.r_id), rating: '9', reviewsImage: png }, 400, 'Rating must be a whole number from 1 to 5.'],
    ];
    for (const [label, overrides, status, description] of cases) {
      const res = await sendForm(store, '/updatereviews', await testimonialForm(overrides), admin.auth);
      expect(res.status, label).toBe(status);
      expect(res.body.description, label).toBe(description);
      expectMatchesContract('POST', '/updatereviews', res);
    }
    await expectFormRefused(store, refused, '/updatereviews', () => testimonialForm({ r_id: String(review.r_id) }));
    expect({ files: mediaFiles(store, 'Reviews'), rows: await store.db.selectFrom('reviews').selectAll().orderBy('r_id').execute() }).toEqual(before);
  });
});

describe('POST /deletereview', () => {
  it('deletes a testimonial with its image, reading only r_id from the record sent', async () => {
    const review = await addTestimonial();
    const other = await addTestimonial();
    const changes = store.catalogueChanges;
    const res = await call(store, 'POST', '/deletereview', { ...review, review_image: '../../sentinel.txt', images: [other.review_image, sentinel] }, admin.auth);
    expect(res.status).toBe(200);
    expectMatchesContract('POST', '/deletereview', res);
    expect(res.body).toEqual({ status: 1, description: 'Review deleted successfully.', data: null });
    expect(existsSync(reviewFile(review.review_image))).toBe(false);
    expect(existsSync(reviewFile(other.review_image))).toBe(true);
    expect(readFileSync(sentinel, 'utf8')).toBe('keep me');
    expect(store.catalogueChanges).toBe(changes + 1);
  });

  it("deletes a shopper's product review with its images (moderation)", async () => {
    const shopper = await createUser(store);
    const { p_id } = await createProduct(store);
    const file = 'f00dbabef00dbabef00dbabef00dbabe.png';
    mkdirSync(path.dirname(reviewFile(file)), { recursive: true });
    writeFileSync(reviewFile(file), await tinyImage('png'));
    const { r_id } = await store.db.insertInto('reviews').values({ u_id: shopper.u_id, u_name: 'Ravi', p_id, message: 'Spam', rating: 1 }).returning('r_id').executeTakeFirstOrThrow();
    await store.db.insertInto('review_images').values({ r_id, file_name: file }).execute();
    const res = await call(store, 'POST', '/deletereview', { r_id }, admin.auth);
    expect(res.status).toBe(200);
    expect(existsSync(reviewFile(file))).toBe(false);
  });

  it('refuses an unknown review, a missing r_id and non-administrators', async () => {
    const review = await addTestimonial();
    const cases: Array<[unknown, Record<string, string>, number]> = [
      [{ r_id: 999999 }, admin.auth, 404],
      [{ review_image: review.review_image }, admin.auth, 400],
      [{ r_id: '1; DROP TABLE reviews' }, admin.auth, 400],
      ...refused.map(([, headers]) => [{ r_id: review.r_id }, headers, 403] as [unknown, Record<string, string>, number]),
    ];
    for (const [body, headers, status] of cases) {
      const res = await call(store, 'POST', '/deletereview', body, headers);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expectMatchesContract('POST', '/deletereview', res);
    }
    expect(existsSync(reviewFile(review.review_image))).toBe(true);
    expect(await store.db.selectFrom('reviews').select('r_id').where('r_id', '=', review.r_id).executeTakeFirst()).toBeDefined();
  });
});

describe('slider images', () => {
  it('adds up to 3 images after the existing ones and removes one with its file', async () => {
    const changes = store.catalogueChanges;
    const first = await sendForm(store, '/adddynamicimages', formData({ dynamicImage: [{ bytes: await tinyImage('png'), name: 'a.png' }] }), admin.auth);
    expect(first.status).toBe(201);
    expectMatchesContract('POST', '/adddynamicimages', first);
    const images = await Promise.all(['webp', 'jpeg', 'avif'].map(async (f) => ({ bytes: await tinyImage(f as 'webp'), name: `b.${f}` })));
    const more = await sendForm(store, '/adddynamicimages', formData({ dynamicImage: images }), admin.auth);
    expect(more.status).toBe(201);
    expect(more.body.data).toHaveLength(3);
    for (const s of [...first.body.data, ...more.body.data]) expect(existsSync(sliderFile(s.image))).toBe(true);
    const home = await call(store, 'POST', '/getreviews');
    expect(home.body.data.sliderImages.map((s: any) => s.s_id)).toEqual([...first.body.data, ...more.body.data].map((s: any) => s.s_id));

    const target = more.body.data[1];
    const removed = await call(store, 'DELETE', `/deletedynamicimage?s_id=${target.s_id}`, undefined, admin.auth);
    expect(removed.status).toBe(200);
    expectMatchesContract('DELETE', '/deletedynamicimage', removed);
    expect(existsSync(sliderFile(target.image))).toBe(false);
    expect(existsSync(sliderFile(more.body.data[0].image))).toBe(true);
    expect(store.catalogueChanges).toBe(changes + 3);
  });

  it('refuses no images, more than 3, files that are not images, unknown ids and non-administrators, storing nothing', async () => {
    const png = { bytes: await tinyImage('png'), name: 'a.png' };
    const before = { files: mediaFiles(store, 'Sliders'), rows: await store.db.selectFrom('slider_images').selectAll().execute() };
    const cases: Array<[string, FormData, number, string]> = [
      ['no images', formData({}), 400, 'Please Select Images.'],
      ['an empty file input', (() => { const f = new FormData(); f.append('dynamicImage', new Blob([]), ''); return f; })(), 400, 'Please Select Images.'],
      ['four images', formData({ dynamicImage: [png, png, png, png] }), 400, 'You can only select up to 3 images.'],
    ];
    for (const file of await hostileFiles()) cases.push([file.label, formData({ dynamicImage: [png, file] }), 400, 'Please select a valid image file.']);
    for (const [label, form, status, description] of cases) {
      const res = await sendForm(store, '/adddynamicimages', form, admin.auth);
      expect(res.status, label).toBe(status);
      expect(res.body, label).toEqual({ status: 0, description, data: null });
      expectMatchesContract('POST', '/adddynamicimages', res);
    }
    await expectFormRefused(store, refused, '/adddynamicimages', () => formData({ dynamicImage: png }));
    await expectRefused(store, refused, [['DELETE', '/deletedynamicimage?s_id=1']]);
    const unknown = await call(store, 'DELETE', '/deletedynamicimage?s_id=999999', undefined, admin.auth);
    expect(unknown.status).toBe(404);
    expectMatchesContract('DELETE', '/deletedynamicimage', unknown);
    const pathLike = await call(store, 'DELETE', `/deletedynamicimage?s_id=${encodeURIComponent('../../sentinel.txt')}`, undefined, admin.auth);
    expect(pathLike.status).toBe(400);
    expect({ files: mediaFiles(store, 'Sliders'), rows: await store.db.selectFrom('slider_images').selectAll().execute() }).toEqual(before);
    expect(readFileSync(sentinel, 'utf8')).toBe('keep me');
  });
});
