import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import path from 'node:path';
import { type DB, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { isEmptyStore, seedDemo } from '../db/seed/demo.ts';
import { type Config, DEMO_ADMIN_PASSWORD } from './env.ts';

/** Start cannot go on; the message is the one line the operator reads. */
export class StartRefused extends Error {}

/** SQLite's answers for a file that is not (or no longer) a database. */
const DAMAGE_CODES = /^SQLITE_(NOTADB|CORRUPT)/;

function isDamage(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && DAMAGE_CODES.test(e.code)) return true;
  }
  return false;
}

function damaged(config: Config, error: unknown): StartRefused {
  const what = error instanceof Error ? error.message.replace(/^.*SqliteError: /, '') : String(error);
  return new StartRefused(
    `The database ${config.databaseFile} is damaged (${what}); the store did not start. Stop every process using it, then restore the latest backup: npm run restore -- --from DIR (backups are in ${path.join(config.dataDir, 'backups')}), and start again.`,
  );
}

export interface OpenedStore {
  db: DB;
  /** What start did about demo data, for its log. */
  seeding: 'seeded' | 'not-empty' | 'refused-existing-empty';
}

/**
 * Opens, checks and migrates the store's database for `npm start`. Demo data goes only
 * into a database this start creates itself, decided before anything opens it: an
 * existing file, even an empty one, may be someone's store gone wrong, and seeding it
 * would hand it the README's administrator password. A public https store is never
 * seeded with that password. A damaged database stops start (StartRefused).
 */
export async function openStore(config: Config): Promise<OpenedStore> {
  const creating = !existsSync(config.databaseFile);
  if (creating && config.publicUrl.startsWith('https:') && config.admin.password === DEMO_ADMIN_PASSWORD) {
    throw new StartRefused(
      `PUBLIC_URL is https and ${config.databaseFile} is new: set ADMIN_PASSWORD (not the README's demo password) for the administrator this start creates.`,
    );
  }
  let db: DB | undefined;
  try {
    db = openDatabase(config.databaseFile);
    // Reads every page once; a store of 10,000 products checks in well under a second.
    const [check] = (await sql<{ quick_check: string }>`pragma quick_check`.execute(db)).rows;
    if (check && check.quick_check !== 'ok') throw Object.assign(new Error(check.quick_check), { code: 'SQLITE_CORRUPT' });
    await migrateToLatest(db);
  } catch (error) {
    await db?.destroy().catch(() => undefined);
    if (isDamage(error)) throw damaged(config, error);
    throw error;
  }
  if (creating) return { db, seeding: (await seedDemo(db, config)) ? 'seeded' : 'not-empty' };
  return { db, seeding: (await isEmptyStore(db)) ? 'refused-existing-empty' : 'not-empty' };
}
