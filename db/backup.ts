import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export interface BackupResult {
  dir: string;
  databaseFile: string;
  mediaFiles: number;
  /** Media names the copied database refers to that were not found (deleted while the copy ran). */
  missingMedia: string[];
}

const MEDIA_QUERIES = [
  ['Products', 'select file_name as name from product_media'],
  ['Category', 'select cate_image as name from categories'],
  ['Sliders', 'select image as name from slider_images'],
  ['Reviews', 'select file_name as name from review_images'],
] as const;

/**
 * Makes a consistent online copy of the store: the database through SQLite's
 * backup API (safe while the server writes), then the media folders. Media
 * names are generated and never rewritten, so files referenced by the copied
 * database already exist when it is taken; the result lists any that vanished.
 */
export async function backupStore(options: { databaseFile: string; mediaDir: string; outDir: string }): Promise<BackupResult> {
  const dir = path.resolve(options.outDir);
  mkdirSync(dir, { recursive: true });
  if (readdirSync(dir).length > 0) throw new Error(`backup folder ${dir} is not empty`);
  const databaseFile = path.join(dir, 'store.sqlite');
  const source = new SQLite(options.databaseFile, { readonly: true, timeout: 5000 });
  try {
    // One pass: with WAL a reader never blocks the store's writers, whereas the default
    // 100-page steps start over each time another process commits in between.
    await source.backup(databaseFile, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SQLite(databaseFile, { readonly: true });
  const check = copy.pragma('integrity_check', { simple: true });
  const referenced = MEDIA_QUERIES.flatMap(([folder, query]) =>
    (copy.prepare(query).all() as { name: string }[]).map((row) => path.join(folder, row.name)),
  );
  copy.close();
  if (check !== 'ok') throw new Error(`backup copy failed its integrity check: ${String(check)}`);

  let mediaFiles = 0;
  const mediaOut = path.join(dir, 'media');
  if (existsSync(options.mediaDir)) {
    cpSync(options.mediaDir, mediaOut, {
      recursive: true,
      filter: (src) => !path.basename(src).startsWith('.'),
    });
    const count = (folder: string): number =>
      readdirSync(folder, { withFileTypes: true }).reduce(
        (n, e) => n + (e.isDirectory() ? count(path.join(folder, e.name)) : 1),
        0,
      );
    mediaFiles = count(mediaOut);
  }
  const missingMedia = referenced.filter((name) => !existsSync(path.join(mediaOut, name)));
  // The token secret goes along, so a restored store keeps its shoppers logged in.
  const secret = path.join(path.dirname(options.mediaDir), 'jwt-secret');
  if (existsSync(secret)) cpSync(secret, path.join(dir, 'jwt-secret'));
  writeFileSync(
    path.join(dir, 'backup.json'),
    JSON.stringify({ takenAt: new Date().toISOString(), mediaFiles, missingMedia }, null, 2),
  );
  return { dir, databaseFile, mediaFiles, missingMedia };
}

/**
 * Puts a backup back in place. The server must be stopped: the database file
 * and its WAL are replaced, and the media folders with the backup's.
 */
export function restoreStore(options: { fromDir: string; databaseFile: string; mediaDir: string }): void {
  const from = path.resolve(options.fromDir);
  const backupDb = path.join(from, 'store.sqlite');
  if (!existsSync(backupDb)) throw new Error(`${from} holds no store.sqlite: not a backup folder`);
  const check = new SQLite(backupDb, { readonly: true });
  const ok = check.pragma('integrity_check', { simple: true });
  check.close();
  if (ok !== 'ok') throw new Error('the backup database fails its integrity check; nothing was restored');
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${options.databaseFile}${suffix}`, { force: true });
  mkdirSync(path.dirname(options.databaseFile), { recursive: true });
  cpSync(backupDb, options.databaseFile);
  rmSync(options.mediaDir, { recursive: true, force: true });
  if (existsSync(path.join(from, 'media'))) cpSync(path.join(from, 'media'), options.mediaDir, { recursive: true });
  const secret = path.join(from, 'jwt-secret');
  if (existsSync(secret)) cpSync(secret, path.join(path.dirname(options.mediaDir), 'jwt-secret'));
}

if (import.meta.main) {
  // npm run backup [-- --out DIR]   |   npm run restore -- --from DIR
  const { loadConfig } = await import('../api/env.ts');
  const { parseArgs } = await import('node:util');
  const { values } = parseArgs({ options: { out: { type: 'string' }, from: { type: 'string' }, restore: { type: 'boolean' } } });
  const config = loadConfig();
  if (values.restore) {
    if (!values.from) throw new Error('restore needs --from DIR');
    restoreStore({ fromDir: values.from, databaseFile: config.databaseFile, mediaDir: config.mediaDir });
    console.log(`restored ${values.from} into ${config.dataDir}`);
  } else {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const outDir = values.out ?? path.join(config.dataDir, 'backups', stamp);
    const result = await backupStore({ databaseFile: config.databaseFile, mediaDir: config.mediaDir, outDir });
    console.log(`backup written to ${result.dir}: database + ${result.mediaFiles} media files`);
    if (result.missingMedia.length) console.warn(`media removed while copying: ${result.missingMedia.join(', ')}`);
  }
}
