/**
 * A shopper's photos of the pieces they ask back (issue 36): private files. Uploaded to one's
 * own request while it is requested (one JPEG, PNG or WebP per call, judged by its bytes,
 * stored upright without metadata: no GPS position), at most five whatever runs beside; read
 * only through GET /returnphoto/{rp_id} with a token (the shopper, staff holding orders.view),
 * never at a public media address; carried by backups. On local disk and on a bucket (s3rver).
 * Both engines: tests/helpers/with-pg.sh npx vitest run tests/api/return-photos.test.ts
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupStore } from '../../db/backup.ts';
import { mediaKey, mediaStore } from '../../db/media-store.ts';
import { utcTimestamp } from '../../db/time.ts';
import { createOrder, formData, hostileFiles, sendForm, storeOnLocalS3, tinyImage } from '../helpers/admin.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import type { LocalS3 } from '../helpers/s3.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/** A JPEG as a phone makes it: EXIF with the camera's GPS position and an orientation. */
const cameraPhoto = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#b8860b' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Orientation: '1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 1/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '72/1 34/1 0/1' } })
    .toBuffer();

/** A requested return of the shopper's: a delivered order (a minute ago), one piece asked back through the API. */
async function requestedReturn(store: TestStore, shopper: User): Promise<number> {
  const { o_id } = await createOrder(store, { u_id: shopper.u_id, status: 4, fields: { payment_status: 'paid' } });
  await store.db
    .insertInto('order_status_history')
    .values({ o_id, from_status: 3, to_status: 4, payment_status: 'paid', actor: 'shop', u_id: null, created_at: utcTimestamp(new Date(Date.now() - 60_000)) })
    .execute();
  const { oi_id } = await store.db.selectFrom('order_items').select('oi_id').where('o_id', '=', o_id).executeTakeFirstOrThrow();
  const res = await call(store, 'POST', '/requestreturn', { o_id, items: [{ oi_id, quantity: 1 }], kind: 'refund', reason: 'defective', note: 'The clasp is bent.' }, shopper.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.r_id;
}

const attach = (store: TestStore, r_id: number, bytes: Buffer, auth: Record<string, string>, name = 'clasp.jpg') =>
  sendForm(store, `/addreturnphoto/${r_id}`, formData({ file: { bytes, name } }), auth);

const photoCount = async (store: TestStore, r_id: number) =>
  Number((await store.db.selectFrom('return_photos').select((eb) => eb.fn.countAll<number | string>().as('n')).where('r_id', '=', r_id).executeTakeFirstOrThrow()).n);

const fileNameOf = async (store: TestStore, rp_id: number) =>
  (await store.db.selectFrom('return_photos').select('file_name').where('rp_id', '=', rp_id).executeTakeFirstOrThrow()).file_name;

/** The private folder's stored files (temporary upload files excluded), on whichever store. */
const storedPhotos = async (store: TestStore) => (await mediaStore(store.config.media).list('media/ReturnPhotos/')).filter((k) => !path.basename(k).startsWith('.'));

/** What each store must do, local disk or a bucket. */
function photoSuite(label: string, open: () => Promise<{ store: TestStore; close?: () => Promise<void> }>) {
  describe(`return photos (${label})`, () => {
    let store: TestStore;
    let close: (() => Promise<void>) | undefined;
    let shopper: User;
    let other: User;
    let owner: User;
    let cataloguer: User;

    beforeAll(async () => {
      ({ store, close } = await open());
      shopper = await createUser(store);
      other = await createUser(store);
      owner = await createUser(store, { u_type: '0' });
      cataloguer = await createUser(store, { u_type: '0' });
      await store.db.updateTable('users').set({ role: 'catalogue' }).where('u_id', '=', cataloguer.u_id).execute();
    });
    afterAll(async () => {
      await store?.close();
      await close?.();
    });

    it('takes a photo to the shopper\'s own request, stripped of its metadata, and answers it privately to the shopper and the desk', async () => {
      const r_id = await requestedReturn(store, shopper);
      const original = await cameraPhoto();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const res = await attach(store, r_id, original, shopper.auth);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expectMatchesContract('POST', `/addreturnphoto/${r_id}`, res);
      const { rp_id, url, content_type } = res.body.data;
      expect(url).toBe(`/returnphoto/${rp_id}`);
      expect(content_type).toBe('image/jpeg');

      const mine = await call(store, 'GET', '/getreturns', undefined, shopper.auth);
      expect(mine.body.data.find((r: { r_id: number }) => r.r_id === r_id).photos).toEqual([res.body.data]);
      const desk = await call(store, 'GET', `/getreturndetail/${r_id}`, undefined, owner.auth);
      expect(desk.status).toBe(200);
      expect(desk.body.data.photos.map((p: { rp_id: number }) => p.rp_id)).toEqual([rp_id]);

      for (const auth of [shopper.auth, owner.auth]) {
        const photo = await store.app.request(url, { headers: auth });
        expect(photo.status).toBe(200);
        expect(photo.headers.get('content-type')).toBe('image/jpeg');
        expect(photo.headers.get('cache-control')).toBe('private, no-store');
        expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
        const bytes = Buffer.from(await photo.arrayBuffer());
        const facts = await sharp(bytes).metadata();
        // Re-encoded: the picture stays, the EXIF (GPS, camera) does not.
        expect([facts.format, facts.width, facts.height, facts.exif, facts.xmp]).toEqual(['jpeg', 64, 48, undefined, undefined]);
        expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
        expect(Number(res.body.data.size)).toBe(bytes.length);
      }
    });

    it('answers another shopper, staff without orders.view and no token as if the photo and the request were missing', async () => {
      const r_id = await requestedReturn(store, shopper);
      const { rp_id } = (await attach(store, r_id, await tinyImage('png'), shopper.auth, 'a.png')).body.data;
      for (const auth of [other.auth, cataloguer.auth]) {
        const read = await call(store, 'GET', `/returnphoto/${rp_id}`, undefined, auth);
        expect(read.status).toBe(404);
        expect(read.body.description).toBe('Photo not found.');
      }
      expect((await call(store, 'GET', `/returnphoto/${rp_id}`)).status).toBe(403);
      const before = await storedPhotos(store);
      const res = await attach(store, r_id, await tinyImage('png'), other.auth, 'b.png');
      expect(res.status).toBe(404);
      expect(res.body.description).toBe('Return not found.');
      expect((await attach(store, 999_999, await tinyImage('png'), shopper.auth)).status).toBe(404);
      expect(await photoCount(store, r_id)).toBe(1);
      expect(await storedPhotos(store)).toEqual(before);
      expect((await call(store, 'GET', '/returnphoto/abc', undefined, shopper.auth)).status).toBe(400);
    });

    it('refuses a file that is not a JPEG, PNG or WebP by its bytes (whatever its name), one too large, and an empty form; nothing is kept', async () => {
      const r_id = await requestedReturn(store, shopper);
      const before = await storedPhotos(store);
      const refused = [...(await hostileFiles()), { label: 'a GIF (a real image, not a photo type)', bytes: await tinyImage('gif'), name: 'x.jpg' }, { label: 'an AVIF', bytes: await tinyImage('avif'), name: 'x.jpg' }];
      for (const file of refused) {
        const res = await attach(store, r_id, file.bytes, shopper.auth, file.name);
        expect(res.status, file.label).toBe(400);
        expect(res.body.description, file.label).toMatch(/is not a JPEG, PNG or WebP photo\.$/);
      }
      const huge = Buffer.concat([await tinyImage('jpeg'), Buffer.alloc(10 * 1024 * 1024)]);
      const tooLarge = await attach(store, r_id, huge, shopper.auth, 'huge.jpg');
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.description).toBe('huge.jpg is too large. Max size is 10MB.');
      const empty = await sendForm(store, `/addreturnphoto/${r_id}`, formData({ note: 'no file' }), shopper.auth);
      expect(empty.status).toBe(400);
      expect(empty.body.description).toBe('Choose a photo to send (the form field file).');
      expect(await photoCount(store, r_id)).toBe(0);
      expect(await storedPhotos(store)).toEqual(before);
      if (store.config.media.kind === 'local') expect(readdirSync(path.join(store.config.mediaDir, 'ReturnPhotos')).filter((n) => n.startsWith('.'))).toEqual([]);
    });

    it('is never served at a public media address', async () => {
      const r_id = await requestedReturn(store, shopper);
      const { rp_id } = (await attach(store, r_id, await tinyImage('webp'), shopper.auth, 'w.webp')).body.data;
      const name = await fileNameOf(store, rp_id);
      expect(await mediaStore(store.config.media).stat(mediaKey('ReturnPhotos', name)!)).not.toBeNull();
      // Where a public file of the same name would be: its own folder, each public folder, resized.
      for (const url of [`/ReturnPhotos/${name}`, `/ReturnPhotos/${name}?w=480`, `/media/ReturnPhotos/${name}`, `/Products/${name}`, `/Reviews/${name}?w=480`, `/Products/..%2FReturnPhotos%2F${name}`]) {
        const res = await store.app.request(url);
        expect(res.status, url).toBe(404);
        expect(res.headers.get('content-type') ?? '', url).not.toMatch(/^image\//);
      }
      expect(await mediaStore(store.config.media).list('media-cache/ReturnPhotos/')).toEqual([]);
    });

    it('takes at most five photos, and a sixth racing with the fifth does not make six', async () => {
      const r_id = await requestedReturn(store, shopper);
      const png = await tinyImage('png');
      for (let i = 0; i < 4; i++) expect((await attach(store, r_id, png, shopper.auth)).status).toBe(201);
      const raced = await Promise.all([attach(store, r_id, png, shopper.auth), attach(store, r_id, png, shopper.auth), attach(store, r_id, png, shopper.auth)]);
      expect(raced.map((r) => r.status).sort()).toEqual([201, 400, 400]);
      const refusal = raced.find((r) => r.status === 400)!;
      expect(refusal.body.description).toBe(`A return can carry at most 5 photos; return #${r_id} has 5 already.`);
      expect(await photoCount(store, r_id)).toBe(5);
      const slots = await store.db.selectFrom('return_photos').select('slot').where('r_id', '=', r_id).orderBy('slot').execute();
      expect(slots.map((s) => s.slot)).toEqual([1, 2, 3, 4, 5]);

      // Seven at once on an empty request: five kept, the refused two leave no file behind.
      const again = await requestedReturn(store, shopper);
      const filesBefore = (await storedPhotos(store)).length;
      const seven = await Promise.all(Array.from({ length: 7 }, () => attach(store, again, png, shopper.auth)));
      expect(seven.filter((r) => r.status === 201)).toHaveLength(5);
      expect(seven.filter((r) => r.status === 400)).toHaveLength(2);
      expect(await photoCount(store, again)).toBe(5);
      expect((await storedPhotos(store)).length).toBe(filesBefore + 5);
    });

    it('takes photos only while the request is requested', async () => {
      const r_id = await requestedReturn(store, shopper);
      expect((await call(store, 'PUT', '/updatereturnstatus', { r_id, status: 'approved' }, owner.auth)).status).toBe(200);
      const res = await attach(store, r_id, await tinyImage('png'), shopper.auth);
      expect(res.status).toBe(409);
      expect(res.body.description).toBe(`Return #${r_id} is no longer waiting for review: photos can be added only while it is requested.`);
    });

    it("go with the account for its returns already decided; an open one keeps its photos for the desk until it is decided", async () => {
      const leaving = await createUser(store);
      const decided = await requestedReturn(store, leaving);
      const open = await requestedReturn(store, leaving);
      const first = (await attach(store, decided, await tinyImage('jpeg'), leaving.auth)).body.data.rp_id;
      const second = (await attach(store, open, await tinyImage('png'), leaving.auth)).body.data.rp_id;
      const [decidedKey, openKey] = [mediaKey('ReturnPhotos', await fileNameOf(store, first)), mediaKey('ReturnPhotos', await fileNameOf(store, second))];
      expect((await call(store, 'PUT', '/updatereturnstatus', { r_id: decided, status: 'rejected', note: 'Worn: not as it was sold.' }, owner.auth)).status).toBe(200);
      // Another shopper's decided return, with its photo: not touched.
      const others = await requestedReturn(store, other);
      await attach(store, others, await tinyImage('jpeg'), other.auth);
      expect((await call(store, 'PUT', '/updatereturnstatus', { r_id: others, status: 'rejected', note: 'Outside the window.' }, owner.auth)).status).toBe(200);

      expect((await call(store, 'DELETE', `/user/delete/${leaving.u_id}`, undefined, leaving.auth)).status).toBe(200);
      expect([await photoCount(store, decided), await photoCount(store, open)]).toEqual([0, 1]);
      expect(await storedPhotos(store)).not.toContain(decidedKey);
      expect(await storedPhotos(store)).toContain(openKey);
      // The desk still reads the open request's photo, then decides it: the photo goes then.
      expect((await call(store, 'GET', `/returnphoto/${second}`, undefined, owner.auth)).status).toBe(200);
      expect((await call(store, 'PUT', '/updatereturnstatus', { r_id: open, status: 'rejected', note: 'The account was closed.' }, owner.auth)).status).toBe(200);
      expect(await photoCount(store, open)).toBe(0);
      expect(await storedPhotos(store)).not.toContain(openKey);
      // The returns themselves stay for the books, no longer linked to the account.
      const kept = await store.db.selectFrom('returns').select(['r_id', 'status', 'u_id']).where('r_id', 'in', [decided, open]).orderBy('r_id').execute();
      expect(kept).toEqual([{ r_id: decided, status: 'rejected', u_id: null }, { r_id: open, status: 'rejected', u_id: null }]);
      expect(await photoCount(store, others)).toBe(1);
    });

    it('an account deleted while the desk decides its return: the photo goes whichever ends first', async () => {
      for (let round = 0; round < 4; round++) {
        const leaving = await createUser(store);
        const r_id = await requestedReturn(store, leaving);
        const { rp_id } = (await attach(store, r_id, await tinyImage('jpeg'), leaving.auth)).body.data;
        const key = mediaKey('ReturnPhotos', await fileNameOf(store, rp_id));
        const [gone, decided] = await Promise.all([
          call(store, 'DELETE', `/user/delete/${leaving.u_id}`, undefined, leaving.auth),
          call(store, 'PUT', '/updatereturnstatus', { r_id, status: 'rejected', note: 'Not bought here.' }, owner.auth),
        ]);
        expect([gone.status, decided.status]).toEqual([200, 200]);
        expect(await photoCount(store, r_id)).toBe(0);
        expect(await storedPhotos(store)).not.toContain(key);
      }
    });

    it('goes into backups with the media', async () => {
      const r_id = await requestedReturn(store, shopper);
      const { rp_id } = (await attach(store, r_id, await tinyImage('jpeg'), shopper.auth)).body.data;
      const name = await fileNameOf(store, rp_id);
      const out = mkdtempSync(path.join(tmpdir(), 'aurum-photo-backup-'));
      try {
        const result = await backupStore({ database: store.config.database, mediaDir: store.config.mediaDir, outDir: path.join(out, 'b'), media: store.config.media });
        expect(result.missingMedia).toEqual([]);
        expect(existsSync(path.join(result.dir, 'media', 'ReturnPhotos', name))).toBe(true);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    });
  });
}

photoSuite('local disk', async () => ({ store: await createTestStore() }));

let s3: LocalS3 | undefined;
photoSuite('an S3-compatible bucket', async () => {
  const opened = await storeOnLocalS3();
  s3 = opened.s3;
  // The photos are in the bucket, not on the disk.
  return { store: opened.store, close: () => s3!.close() };
});
