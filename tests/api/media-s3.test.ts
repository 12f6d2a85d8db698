import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaStore } from '../../db/media-store.ts';
import { seedMediaStore } from '../../db/seed/demo.ts';
import { MediaWriter, renderSliderBanners } from '../../db/seed/media.ts';
import { type Callers, formData, hostileFiles, sendForm, storeOnLocalS3 } from '../helpers/admin.ts';
import type { LocalS3 } from '../helpers/s3.ts';
import { call, type TestStore } from '../helpers/store.ts';

let s3: LocalS3;
let store: TestStore;
let admin: Callers['admin'];

beforeAll(async () => ({ s3, store, admin } = await storeOnLocalS3()));
afterAll(async () => {
  await store?.close();
  await s3?.close();
});

const bucket = () => mediaStore(store.config.media);
const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#b8860b' } }).jpeg().toBuffer();

describe('media on an S3-compatible bucket (MEDIA_URL=s3://...)', () => {
  it('stores an upload in the bucket (not on disk), records its size, and serves it with validators', async () => {
    const bytes = await photo(1200, 500);
    const res = await sendForm(store, '/adddynamicimages', formData({ dynamicImage: { bytes, name: 'banner.jpg' } }), admin.auth);
    expect(res.status).toBe(201);
    const name: string = res.body.data[0].image;
    expect(await bucket().list('media/Sliders/')).toEqual([`media/Sliders/${name}`]);
    expect(existsSync(path.join(store.config.mediaDir, 'Sliders', name))).toBe(false);
    const size = await store.db.selectFrom('media_files').selectAll().where('name', '=', name).executeTakeFirst();
    expect(size).toEqual({ folder: 'Sliders', name, width: 1200, height: 500 });

    const served = await store.app.request(`/Sliders/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    // The picture as stored: encoded again without its metadata (api/uploads.ts), the same size.
    const stored = Buffer.from(await served.arrayBuffer());
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 500 });
    const etag = served.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await store.app.request(`/Sliders/${name}`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const range = await store.app.request(`/Sliders/${name}`, { headers: { Range: 'bytes=2-11' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(stored.subarray(2, 12))).toBe(true);
  });

  it('keeps resized copies in the bucket, and removes the file, its copies and its size with its record', async () => {
    const res = await sendForm(store, '/adddynamicimages', formData({ dynamicImage: { bytes: await photo(1000, 400), name: 'b.jpg' } }), admin.auth);
    const { s_id, image } = res.body.data[0];
    const resized = await store.app.request(`/Sliders/${image}?w=480`);
    expect(resized.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).width).toBe(480);
    expect(await bucket().list('media-cache/Sliders/')).toContain(`media-cache/Sliders/480/${image}.webp`);

    expect((await call(store, 'DELETE', `/deletedynamicimage?s_id=${s_id}`, undefined, admin.auth)).status).toBe(200);
    const left = [...(await bucket().list('media/')), ...(await bucket().list('media-cache/'))];
    expect(left.filter((key) => key.includes(image))).toEqual([]);
    expect(await store.db.selectFrom('media_files').select('name').where('name', '=', image).executeTakeFirst()).toBeUndefined();
    expect((await store.app.request(`/Sliders/${image}`)).status).toBe(404);
  });

  it('judges files by their bytes before they reach the bucket: a refused upload stores nothing', async () => {
    const before = await bucket().list('media/');
    for (const file of await hostileFiles()) {
      const res = await sendForm(store, '/adddynamicimages', formData({ dynamicImage: file }), admin.auth);
      expect(res.status, file.label).toBe(400);
    }
    expect(await bucket().list('media/')).toEqual(before);
  });

  it('answers 404 for a name that is not in the bucket or not a plain file name', async () => {
    expect((await store.app.request('/Products/missing.jpg')).status).toBe(404);
    expect((await store.app.request('/Products/..%2Fstore.sqlite')).status).toBe(404);
  });

  it('seeds media into the bucket with their sizes, and takes them back when a seed is discarded', async () => {
    const writer = new MediaWriter(seedMediaStore(store.config));
    const names = await renderSliderBanners(writer);
    const keys = await bucket().list('media/Sliders/');
    for (const name of names) expect(keys).toContain(`media/Sliders/${name}`);
    expect(writer.sizes.map((s) => [s.folder, s.width, s.height])).toEqual(names.map(() => ['Sliders', 1600, 640]));
    await writer.discard();
    const after = await bucket().list('media/Sliders/');
    expect(after.filter((key) => names.some((name) => key.endsWith(name)))).toEqual([]);
  }, 60_000);
});
