import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { type DatabaseLocation, describeDatabase, openDatabase } from './connection.ts';

export interface BackupResult {
  dir: string;
  /** The database copy: store.sqlite, or store.pgdump (pg_dump's custom format) on PostgreSQL. */
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

const PG_DUMP_FILE = 'store.pgdump';

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
        const { rows } = await sql.raw<{ name: string }>(query).execute(db);
        referenced.push(...rows.map((row) => path.join(folder, row.name)));
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
    (copy.prepare(query).all() as { name: string }[]).map((row) => path.join(folder, row.name)),
  );
  copy.close();
  if (check !== 'ok') throw new Error(`backup copy failed its integrity check: ${String(check)}`);
  return { databaseFile, referenced };
}

/**
 * Makes a consistent online copy of the store: the database (SQLite's backup API,
 * or pg_dump in its custom format on PostgreSQL; both safe while the server writes),
 * then the media folders. Media names are generated and never rewritten, so files
 * referenced by the copied database already exist when it is taken; the result lists
 * any that vanished.
 */
export async function backupStore(options: { database: DatabaseLocation; mediaDir: string; outDir: string }): Promise<BackupResult> {
  const dir = path.resolve(options.outDir);
  mkdirSync(dir, { recursive: true });
  if (readdirSync(dir).length > 0) throw new Error(`backup folder ${dir} is not empty`);
  const { databaseFile, referenced } = await copyDatabase(options.database, dir);

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
 * Puts a backup back in place. The server must be stopped: the database is replaced
 * (SQLite: the file and its WAL; PostgreSQL: pg_restore --clean in one transaction,
 * into the database DATABASE_URL names, which must exist), and the media folders
 * with the backup's. A SQLite backup goes back into a SQLite store, a pg_dump into
 * PostgreSQL.
 */
export function restoreStore(options: { fromDir: string; database: DatabaseLocation; mediaDir: string }): void {
  const from = path.resolve(options.fromDir);
  const database = options.database;
  if (database.engine === 'postgres') {
    const dump = path.join(from, PG_DUMP_FILE);
    if (!existsSync(dump)) {
      throw new Error(`${from} holds no ${PG_DUMP_FILE}: not a backup folder of a PostgreSQL store${existsSync(path.join(from, 'store.sqlite')) ? ' (it is a SQLite backup)' : ''}`);
    }
    const { url, env } = pgConnection(database.url);
    runPgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', '--dbname', url, dump], env);
  } else {
    const backupDb = path.join(from, 'store.sqlite');
    if (!existsSync(backupDb)) {
      throw new Error(`${from} holds no store.sqlite: not a backup folder${existsSync(path.join(from, PG_DUMP_FILE)) ? ' of a SQLite store (it is a PostgreSQL backup)' : ''}`);
    }
    const check = new SQLite(backupDb, { readonly: true });
    const ok = check.pragma('integrity_check', { simple: true });
    check.close();
    if (ok !== 'ok') throw new Error('the backup database fails its integrity check; nothing was restored');
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${database.file}${suffix}`, { force: true });
    mkdirSync(path.dirname(database.file), { recursive: true });
    cpSync(backupDb, database.file);
  }
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
    restoreStore({ fromDir: values.from, database: config.database, mediaDir: config.mediaDir });
    console.log(`restored ${values.from} into ${describeDatabase(config.database)} and ${config.mediaDir}`);
  } else {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const outDir = values.out ?? path.join(config.dataDir, 'backups', stamp);
    const result = await backupStore({ database: config.database, mediaDir: config.mediaDir, outDir });
    console.log(`backup written to ${result.dir}: database + ${result.mediaFiles} media files`);
    if (result.missingMedia.length) console.warn(`media removed while copying: ${result.missingMedia.join(', ')}`);
  }
}
