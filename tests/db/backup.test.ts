import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backupStore, restoreStore } from '../../db/backup.ts';
import { databaseLocation, openDatabase } from '../../db/connection.ts';
import { createTestDatabase, testEngine } from '../helpers/database.ts';
import { createTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let scratch: string;
beforeAll(async () => {
  store = await createTestStore();
  scratch = mkdtempSync(path.join(tmpdir(), 'aurum-backup-'));
});
afterAll(async () => {
  await store.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function countMessages(db = store.db) {
  const row = await db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

it('copies the database and media online while the store keeps writing, and restores them', async () => {
  const slider = 'seed-slider-1.webp';
  mkdirSync(path.join(store.config.mediaDir, 'Sliders'), { recursive: true });
  writeFileSync(path.join(store.config.mediaDir, 'Sliders', slider), 'image bytes');
  await store.db.insertInto('slider_images').values({ image: slider }).execute();
  writeFileSync(path.join(store.dir, 'jwt-secret'), 'token-secret-of-this-store');
  writeFileSync(path.join(store.dir, 'pan-key'), 'pan-key-of-this-store');
  for (let i = 0; i < 500; i++) {
    await store.db.insertInto('contact_messages').values({ name: `Guest ${i}`, email: `g${i}@example.com`, message: 'Hello' }).execute();
  }

  // Writes continue while the backup runs; the copy is a consistent snapshot either way.
  let writing = true;
  const writer = (async () => {
    let n = 0;
    while (writing) {
      await store.db.insertInto('contact_messages').values({ name: `Late ${n++}`, email: 'late@example.com', message: 'x' }).execute();
      await new Promise((r) => setImmediate(r));
    }
    return n;
  })();
  const out = path.join(scratch, 'backup-1');
  const result = await backupStore({ database: store.config.database, mediaDir: store.config.mediaDir, outDir: out });
  writing = false;
  await writer;

  expect(result.mediaFiles).toBe(1);
  expect(result.missingMedia).toEqual([]);
  expect(path.basename(result.databaseFile)).toBe(testEngine === 'postgres' ? 'store.pgdump' : 'store.sqlite');

  // Restore into a fresh data directory (and, on PostgreSQL, an empty database), as the README tells an operator to.
  const target = path.join(scratch, 'restored');
  mkdirSync(target);
  const database = await createTestDatabase(target);
  const restoredMedia = await restoreStore({ fromDir: out, database: databaseLocation(database.url), mediaDir: path.join(target, 'media') });
  expect(restoredMedia.mediaRestored).toBe(1);
  const restored = openDatabase(database.url);
  const copied = await countMessages(restored);
  expect(copied).toBeGreaterThanOrEqual(500);
  expect(copied).toBeLessThanOrEqual(await countMessages());
  // The copy is one snapshot: the writer's rows are all there up to some point, none after a gap.
  const late = await restored.selectFrom('contact_messages').select('name').where('name', 'like', 'Late %').execute();
  expect(late.map((r) => r.name).sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)))).toEqual(late.map((_, i) => `Late ${i}`));
  expect(readFileSync(path.join(target, 'media', 'Sliders', slider), 'utf8')).toBe('image bytes');
  // Shoppers stay logged in after a restore: the token secret comes back too.
  expect(readFileSync(path.join(target, 'jwt-secret'), 'utf8')).toBe('token-secret-of-this-store');
  // And the key its PANs are sealed with (SQLite's generated PAN_KEY): without it they could not be read.
  expect(readFileSync(path.join(target, 'pan-key'), 'utf8')).toBe('pan-key-of-this-store');
  await restored.destroy();
  await database.drop();
});

it('refuses to write into a non-empty folder and to restore from a folder that is not a backup', async () => {
  const busy = path.join(scratch, 'busy');
  mkdirSync(busy);
  writeFileSync(path.join(busy, 'keep.txt'), 'x');
  await expect(backupStore({ database: store.config.database, mediaDir: store.config.mediaDir, outDir: busy })).rejects.toThrow(/not empty/);
  await expect(restoreStore({ fromDir: busy, database: store.config.database, mediaDir: path.join(scratch, 'm') })).rejects.toThrow(/not a backup/);
});
