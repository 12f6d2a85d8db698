/**
 * Backups of a store whose media are on a bucket (MEDIA_URL=s3://..., a local s3rver on
 * 127.0.0.1): `npm run backup` copies the objects the database names into the backup
 * beside the database, and `npm run restore` puts them back in the bucket, so an image
 * lost from the bucket is served again after a restore.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { loadConfig } from '../../api/env.ts';
import { backupStore, restoreStore } from '../../db/backup.ts';
import { databaseLocation, openDatabase } from '../../db/connection.ts';
import { mediaKey, mediaStore } from '../../db/media-store.ts';
import { type Callers, formData, sendForm, storeOnLocalS3 } from '../helpers/admin.ts';
import { createTestDatabase } from '../helpers/database.ts';
import type { LocalS3 } from '../helpers/s3.ts';
import { TEST_PAN_KEY, type TestStore } from '../helpers/store.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!!';

let s3: LocalS3;
let store: TestStore;
let scratch: string;
let admin: Callers['admin'];

beforeAll(async () => {
  ({ s3, store, admin } = await storeOnLocalS3());
  scratch = mkdtempSync(path.join(tmpdir(), 'aurum-backup-s3-'));
});
afterAll(async () => {
  await store?.close();
  await s3?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const bucket = () => mediaStore(store.config.media);
const photo = (background: string) => sharp({ create: { width: 800, height: 300, channels: 3, background } }).jpeg().toBuffer();

async function uploadSlider(bytes: Buffer): Promise<string> {
  const res = await sendForm(store, '/adddynamicimages', formData({ dynamicImage: { bytes, name: 'banner.jpg' } }), admin.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data[0].image;
}

/** `node api/cli/backup.ts ...` as `npm run backup` / `npm run restore` run it, with this store's environment. */
async function cli(args: string[], dataDir: string, databaseUrl: string) {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['api/cli/backup.ts', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET, PAN_KEY: TEST_PAN_KEY, ...s3.env('shop') },
    timeout: 120_000,
  });
  return `${stdout}${stderr}`;
}

describe('backup and restore with media on a bucket', () => {
  it('copies the objects the database names into the backup, and a restore puts a lost one back where it is served again', async () => {
    const [first, second] = [await photo('#d4af37'), await photo('#8b0000')];
    const kept = await uploadSlider(first);
    const lost = await uploadSlider(second);
    // The pictures as the bucket holds them (encoded again without metadata on upload): what a backup must keep.
    const held = new Map<string, Buffer>();
    for (const name of [kept, lost]) held.set(name, (await bucket().read(mediaKey('Sliders', name)!))!);
    // A resized copy exists in the bucket; it is not backed up (it is made again on demand).
    expect((await store.app.request(`/Sliders/${kept}?w=480`)).status).toBe(200);

    const out = path.join(scratch, 'backup-1');
    const printed = await cli(['--out', out], store.dir, databaseUrlOf(store));
    expect(printed).toMatch(/backup written to .*: database \+ 2 media files from s3:\/\/aurum-test\/shop/);
    expect(readdirSync(path.join(out, 'media'))).toEqual(['Sliders']);
    expect(readdirSync(path.join(out, 'media', 'Sliders')).sort()).toEqual([kept, lost].sort());
    expect(readFileSync(path.join(out, 'media', 'Sliders', lost)).equals(held.get(lost)!)).toBe(true);
    expect(JSON.parse(readFileSync(path.join(out, 'backup.json'), 'utf8'))).toMatchObject({ mediaSource: 's3://aurum-test/shop', mediaFiles: 2, missingMedia: [] });

    // After the backup: an object is lost from the bucket, and a new slider is added.
    await bucket().remove([mediaKey('Sliders', lost)!]);
    expect((await store.app.request(`/Sliders/${lost}`)).status).toBe(404);
    const later = await uploadSlider(await photo('#004d40'));

    // Restored as README tells an operator: the database DATABASE_URL names (an empty one here), the same bucket.
    const target = path.join(scratch, 'restored');
    mkdirSync(target);
    const database = await createTestDatabase(target);
    const config = loadConfig({ DATA_DIR: target, DATABASE_URL: database.url, JWT_SECRET, PAN_KEY: TEST_PAN_KEY, ...s3.env('shop') });
    const result = await restoreStore({ fromDir: out, database: databaseLocation(database.url), mediaDir: config.mediaDir, media: config.media });
    expect(result).toEqual({ mediaRestored: 1, mediaAlreadyThere: 1 });
    // Nothing went to the local media folder: the media are on the bucket.
    expect(existsSync(config.mediaDir)).toBe(false);

    const db = openDatabase(config.database);
    try {
      const app = createApp({ db, config, onCatalogueChange: () => undefined });
      for (const name of [kept, lost]) {
        const served = await app.request(`/Sliders/${name}`);
        expect(served.status, name).toBe(200);
        expect(Buffer.from(await served.arrayBuffer()).equals(held.get(name)!)).toBe(true);
      }
      // The restored database is the backup's: the later slider's record is not in it (its object stays, named by nothing).
      const sliders = (await db.selectFrom('slider_images').select('image').execute()).map((r) => r.image).sort();
      expect(sliders).toEqual([kept, lost].sort());
      expect(await bucket().stat(mediaKey('Sliders', later)!)).not.toBeNull();
      // The catalogue is marked changed, so the next start builds (and publishes) from the restored database.
      const version = await db.selectFrom('site_state').select('value').where('key', '=', 'catalogue_version').executeTakeFirstOrThrow();
      expect(Number(version.value)).toBeGreaterThan(Date.now() - 60_000);
    } finally {
      await db.destroy();
      await database.drop();
    }
  }, 180_000);

  it('names in the backup an object the database refers to that the bucket no longer holds', async () => {
    const gone = await uploadSlider(await photo('#333333'));
    await bucket().remove([mediaKey('Sliders', gone)!]);
    const result = await backupStore({ database: store.config.database, mediaDir: store.config.mediaDir, outDir: path.join(scratch, 'backup-2'), media: store.config.media });
    expect(result.missingMedia).toContain(`Sliders/${gone}`);
    expect(result.mediaSource).toBe('s3://aurum-test/shop');
    expect(existsSync(path.join(result.dir, 'media', 'Sliders', gone))).toBe(false);
  }, 60_000);
});

/** The DATABASE_URL the test store was opened with. */
function databaseUrlOf(s: TestStore): string {
  return s.config.database.engine === 'postgres' ? s.config.database.url : s.config.database.file;
}
