import { execFileSync } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { type DatabaseLocation, openDatabase } from './connection.ts';
import { MEDIA_FOLDERS, type MediaLocation, mediaContentType, mediaKey, mediaStore, PRIVATE_MEDIA_FOLDERS, type StoredFolder } from './media-store.ts';
import { writeTransaction } from './transaction.ts';

export interface BackupResult {
  dir: string;
  /** The database copy: store.sqlite, or store.pgdump (pg_dump's custom format) on PostgreSQL. */
  databaseFile: string;
  mediaFiles: number;
  /** Media (Folder/name) the copied database refers to that were not found (deleted while the copy ran). */
  missingMedia: string[];
  /** Where the media were copied from: the media folder, or the bucket (s3://bucket/prefix). */
  mediaSource: string;
}

export interface RestoreResult {
  /** Media files put back: into the media folder, or uploaded to the bucket. */
  mediaRestored: number;
  /** On a bucket: files of the backup already there (same name and size: names are never reused), left as they were. */
  mediaAlreadyThere: number;
}

/** The media a database names, as Folder/name: the records that show them, and every stored file's size row. */
const MEDIA_QUERIES = [
  ['Products', 'select file_name as name from product_media'],
  ['Category', 'select cate_image as name from categories'],
  ['Sliders', 'select image as name from slider_images'],
  ['Reviews', 'select file_name as name from review_images'],
  // A shopper's return photos: private (never served publicly), backed up like the rest.
  ['ReturnPhotos', 'select file_name as name from return_photos'],
  [null, "select folder || '/' || name as name from media_files"],
] as const;

const mediaPath = (folder: string | null, name: string) => (folder ? `${folder}/${name}` : name);

/** Files copied or uploaded at once from or to a bucket. */
const BUCKET_PARALLEL = 8;

/** Runs `work` over items, `parallel` at a time. */
async function eachInParallel<T>(items: T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** Every folder a backup carries: the public media and the private ones. */
const BACKED_UP_FOLDERS: readonly StoredFolder[] = [...MEDIA_FOLDERS, ...PRIVATE_MEDIA_FOLDERS];

/** The key of a Folder/name a database names, or null when it cannot be a stored file. */
function keyOf(media: string): { folder: StoredFolder; name: string; key: string } | null {
  const slash = media.indexOf('/');
  const folder = media.slice(0, slash) as StoredFolder;
  const name = media.slice(slash + 1);
  if (slash < 0 || !BACKED_UP_FOLDERS.includes(folder)) return null;
  const key = mediaKey(folder, name);
  return key ? { folder, name, key } : null;
}

const PG_DUMP_FILE = 'store.pgdump';

/** The secrets a store on SQLite generates into DATA_DIR (api/env.ts): each backup carries them. */
const KEPT_SECRETS = ['jwt-secret', 'pan-key'];

/** A PostgreSQL client tool (pg_dump, pg_restore): on the PATH, else Debian's newest. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(path.join(debian, v, 'bin', name))) return path.join(debian, v, 'bin', name);
  }
  return name;
}

/** The server's URL without its password, and the password for the tool's environment (never its command line). */
function pgConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): void {
  try {
    execFileSync(pgTool(name), args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: Buffer };
    if (e.code === 'ENOENT') throw new Error(`${name} was not found: install PostgreSQL's client tools (apt-get install -y postgresql-client)`);
    throw new Error(`${name} failed: ${e.stderr?.toString().trim() || e.message}`);
  }
}

/** The database copied into dir; answers the copy's file and the media it refers to. */
async function copyDatabase(database: DatabaseLocation, dir: string): Promise<{ databaseFile: string; referenced: string[] }> {
  if (database.engine === 'postgres') {
    // pg_dump reads one snapshot (a repeatable-read transaction): consistent while the store writes.
    const databaseFile = path.join(dir, PG_DUMP_FILE);
    const { url, env } = pgConnection(database.url);
    runPgTool('pg_dump', ['--format=custom', '--no-owner', '--file', databaseFile, '--dbname', url], env);
    // The media to copy: those the live database names now, a superset of the dump's
    // (names are generated and never reused, files are deleted only after their rows).
    const db = openDatabase(database, { readonly: true });
    try {
      const referenced: string[] = [];
      for (const [folder, query] of MEDIA_QUERIES) {
        const { rows } = await sql.raw<{ name: string | null }>(query).execute(db);
        referenced.push(...rows.flatMap((row) => (row.name ? [mediaPath(folder, row.name)] : [])));
      }
      return { databaseFile, referenced };
    } finally {
      await db.destroy();
    }
  }
  const databaseFile = path.join(dir, 'store.sqlite');
  const source = new SQLite(database.file, { readonly: true, timeout: 5000 });
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
    (copy.prepare(query).all() as { name: string | null }[]).flatMap((row) => (row.name ? [mediaPath(folder, row.name)] : [])),
  );
  copy.close();
  if (check !== 'ok') throw new Error(`backup copy failed its integrity check: ${String(check)}`);
  return { databaseFile, referenced };
}

/**
 * Copies the media a database names from the bucket into `mediaOut`/<Folder>/<name>,
 * the layout of a local store's media folder (so a backup looks the same whichever
 * store it came from, and restores into either). Resized copies are not copied: they
 * are made again on demand. Answers how many were copied and which were not found.
 */
async function copyBucketMedia(location: Extract<MediaLocation, { kind: 's3' }>, referenced: string[], mediaOut: string): Promise<{ copied: number; missing: string[] }> {
  const store = mediaStore(location);
  const missing: string[] = [];
  let copied = 0;
  await eachInParallel([...new Set(referenced)].sort(), BUCKET_PARALLEL, async (media) => {
    const stored = keyOf(media);
    const object = stored && (await store.open(stored.key));
    if (!stored || !object) {
      missing.push(media);
      return;
    }
    const file = path.join(mediaOut, stored.folder, stored.name);
    mkdirSync(path.dirname(file), { recursive: true });
    await pipeline(object.body() as Readable, createWriteStream(file));
    copied += 1;
  });
  return { copied, missing: missing.sort() };
}

/** Where a location's media are, for messages and backup.json. */
export function describeMedia(media: MediaLocation | undefined, mediaDir: string): string {
  return media?.kind === 's3' ? `s3://${media.bucket}${media.prefix ? `/${media.prefix}` : ''}` : mediaDir;
}

/**
 * Makes a consistent online copy of the store: the database (SQLite's backup API,
 * or pg_dump in its custom format on PostgreSQL; both safe while the server writes),
 * then the media: the media folder, or with media on a bucket (`media` of kind s3)
 * every object the database names (its records' files and media_files' rows),
 * downloaded into the backup's media folder. Media names are generated and never
 * rewritten, so files referenced by the copied database already exist when it is
 * taken; the result lists any that vanished.
 */
export async function backupStore(options: { database: DatabaseLocation; mediaDir: string; outDir: string; media?: MediaLocation }): Promise<BackupResult> {
  const dir = path.resolve(options.outDir);
  mkdirSync(dir, { recursive: true });
  if (readdirSync(dir).length > 0) throw new Error(`backup folder ${dir} is not empty`);
  const { databaseFile, referenced } = await copyDatabase(options.database, dir);

  let mediaFiles = 0;
  let missingMedia: string[];
  const mediaOut = path.join(dir, 'media');
  if (options.media?.kind === 's3') {
    const copied = await copyBucketMedia(options.media, referenced, mediaOut);
    mediaFiles = copied.copied;
    missingMedia = copied.missing;
  } else {
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
    missingMedia = [...new Set(referenced)].filter((name) => !existsSync(path.join(mediaOut, name))).sort();
  }
  // The token secret goes along, so a restored store keeps its shoppers logged in; and the
  // key its PANs are sealed with (SQLite's generated PAN_KEY), without which they cannot be read.
  for (const name of KEPT_SECRETS) {
    const secret = path.join(path.dirname(options.mediaDir), name);
    if (existsSync(secret)) cpSync(secret, path.join(dir, name));
  }
  const mediaSource = describeMedia(options.media, options.mediaDir);
  writeFileSync(
    path.join(dir, 'backup.json'),
    JSON.stringify({ takenAt: new Date().toISOString(), mediaSource, mediaFiles, missingMedia }, null, 2),
  );
  return { dir, databaseFile, mediaFiles, missingMedia, mediaSource };
}

/**
 * Uploads a backup's media folder into the bucket: every <Folder>/<name> file under a
 * media folder the store keeps (public or private). An object already there under the same name and size
 * is left alone (names are generated and never reused, so it is the same file); objects
 * in the bucket that the backup does not hold (uploaded after it) are left too: no
 * restored record names them.
 */
async function restoreBucketMedia(location: Extract<MediaLocation, { kind: 's3' }>, fromMedia: string): Promise<RestoreResult> {
  const store = mediaStore(location);
  const files: { key: string; file: string; name: string }[] = [];
  for (const folder of BACKED_UP_FOLDERS) {
    const dir = path.join(fromMedia, folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const key = entry.isFile() ? mediaKey(folder, entry.name) : null;
      if (key) files.push({ key, file: path.join(dir, entry.name), name: entry.name });
    }
  }
  const result: RestoreResult = { mediaRestored: 0, mediaAlreadyThere: 0 };
  await eachInParallel(files, BUCKET_PARALLEL, async ({ key, file, name }) => {
    const there = await store.stat(key);
    if (there && there.size === statSync(file).size) {
      result.mediaAlreadyThere += 1;
      return;
    }
    await store.putFile(key, file, mediaContentType(name));
    result.mediaRestored += 1;
  });
  return result;
}

/**
 * After a restore the catalogue is an older one than the storefront built from the
 * live database (on a bucket, published for every instance, which never replaces a
 * build with one of an older catalogue): marking the catalogue changed now makes the
 * next start build from the restored database, and that build publishes.
 */
async function markCatalogueChanged(database: DatabaseLocation): Promise<void> {
  const db = openDatabase(database);
  try {
    await writeTransaction(db, async (trx) => {
      const value = String(Date.now());
      await trx
        .insertInto('site_state')
        .values({ key: 'catalogue_version', value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    });
  } finally {
    await db.destroy();
  }
}

/**
 * Puts a backup back in place. The server must be stopped: the database is replaced
 * (SQLite: the file and its WAL; PostgreSQL: pg_restore --clean in one transaction,
 * into the database DATABASE_URL names, which must exist), and the media: the media
 * folder replaced with the backup's, or with media on a bucket (`media` of kind s3)
 * the backup's files uploaded there first (adding objects under never-reused names
 * disturbs nothing), then the database. A SQLite backup goes back into a SQLite
 * store, a pg_dump into PostgreSQL; either restores onto local media or a bucket.
 */
export async function restoreStore(options: { fromDir: string; database: DatabaseLocation; mediaDir: string; media?: MediaLocation }): Promise<RestoreResult> {
  const from = path.resolve(options.fromDir);
  const database = options.database;
  const fromMedia = path.join(from, 'media');
  // Checked before anything is touched: the backup holds the database this store's engine restores.
  const dump = path.join(from, PG_DUMP_FILE);
  const backupDb = path.join(from, 'store.sqlite');
  if (database.engine === 'postgres' && !existsSync(dump)) {
    throw new Error(`${from} holds no ${PG_DUMP_FILE}: not a backup folder of a PostgreSQL store${existsSync(backupDb) ? ' (it is a SQLite backup)' : ''}`);
  }
  if (database.engine === 'sqlite') {
    if (!existsSync(backupDb)) {
      throw new Error(`${from} holds no store.sqlite: not a backup folder${existsSync(dump) ? ' of a SQLite store (it is a PostgreSQL backup)' : ''}`);
    }
    const check = new SQLite(backupDb, { readonly: true });
    const ok = check.pragma('integrity_check', { simple: true });
    check.close();
    if (ok !== 'ok') throw new Error('the backup database fails its integrity check; nothing was restored');
  }

  let result: RestoreResult = { mediaRestored: 0, mediaAlreadyThere: 0 };
  if (options.media?.kind === 's3' && existsSync(fromMedia)) result = await restoreBucketMedia(options.media, fromMedia);

  if (database.engine === 'postgres') {
    const { url, env } = pgConnection(database.url);
    runPgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', '--dbname', url, dump], env);
  } else {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${database.file}${suffix}`, { force: true });
    mkdirSync(path.dirname(database.file), { recursive: true });
    cpSync(backupDb, database.file);
  }
  await markCatalogueChanged(database);

  if (options.media?.kind !== 's3') {
    rmSync(options.mediaDir, { recursive: true, force: true });
    if (existsSync(fromMedia)) {
      cpSync(fromMedia, options.mediaDir, { recursive: true });
      const count = (folder: string): number =>
        readdirSync(folder, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? count(path.join(folder, e.name)) : 1), 0);
      result.mediaRestored = count(options.mediaDir);
    }
  }
  for (const name of KEPT_SECRETS) {
    const secret = path.join(from, name);
    if (existsSync(secret)) cpSync(secret, path.join(path.dirname(options.mediaDir), name));
  }
  return result;
}
