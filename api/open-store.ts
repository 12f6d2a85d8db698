import { existsSync } from 'node:fs';
import path from 'node:path';
import { type DB, describeDatabase, openDatabase } from '../db/connection.ts';
import { hasMigrationTable, migrateToLatest, quickCheck } from '../db/migrate.ts';
import { isEmptyStore, seedDemo } from '../db/seed/demo.ts';
import { sealStoredPans } from '../db/queries/pan.ts';
import { SecretUnreadable } from '../db/secrets.ts';
import { log } from '../db/log.ts';
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
    `The database ${describeDatabase(config.database)} is damaged (${what}); the store did not start. Stop every process using it, then restore the latest backup: npm run restore -- --from DIR (backups are in ${path.join(config.dataDir, 'backups')}), and start again.`,
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
  const database = config.database;
  const refuseDemoPassword = () => {
    if (config.publicUrl.startsWith('https:') && config.admin.password === DEMO_ADMIN_PASSWORD) {
      throw new StartRefused(
        `PUBLIC_URL is https and ${describeDatabase(database)} is new: set ADMIN_PASSWORD (not the README's demo password) for the administrator this start creates.`,
      );
    }
  };
  // SQLite: decided before anything opens (and so creates) the file. PostgreSQL: the
  // database exists already (the operator creates it); one no migration ever ran in is new.
  let creating = database.engine === 'sqlite' && !existsSync(database.file);
  if (creating) refuseDemoPassword();
  let db: DB | undefined;
  try {
    db = openDatabase(database);
    if (database.engine === 'postgres') {
      creating = !(await hasMigrations(db, config));
      if (creating) refuseDemoPassword();
    }
    if (database.engine === 'sqlite') {
      // Reads every page once; a store of 10,000 products checks in well under a second.
      const check = await quickCheck(db);
      if (check !== undefined && check !== 'ok') throw Object.assign(new Error(check), { code: 'SQLITE_CORRUPT' });
    }
    await migrateToLatest(db);
    await sealPans(db, config);
    if (creating) return { db, seeding: (await seedDemo(db, config)) ? 'seeded' : 'not-empty' };
    return { db, seeding: (await isEmptyStore(db)) ? 'refused-existing-empty' : 'not-empty' };
  } catch (error) {
    await db?.destroy().catch(() => undefined);
    if (isDamage(error)) throw damaged(config, error);
    throw error;
  }
}

/**
 * Seals the PANs still stored in the clear (issue 34: a migration cannot, not knowing the
 * key), after checking that PAN_KEY opens those already sealed: a store started with another
 * key than its PANs were sealed with stops here, in one line, instead of failing order by order.
 */
async function sealPans(db: DB, config: Config): Promise<void> {
  try {
    const sealed = await sealStoredPans(db, config.panKey);
    if (sealed.orders + sealed.payments > 0) log.info(`sealed the PANs kept in the clear: ${sealed.orders} orders, ${sealed.payments} payments`);
  } catch (error) {
    if (!(error instanceof SecretUnreadable)) throw error;
    throw new StartRefused(
      `${error.message} Start with the PAN_KEY this store's PANs were sealed with (on SQLite, DATA_DIR/pan-key, kept with each backup).`,
    );
  }
}

/** Whether a PostgreSQL database has had the store's migrations; a server that cannot be reached stops start in one line. */
async function hasMigrations(db: DB, config: Config): Promise<boolean> {
  try {
    return await hasMigrationTable(db);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartRefused(`Cannot use the PostgreSQL database ${describeDatabase(config.database)}: ${reason}. Check DATABASE_URL, that the server runs and that the database exists (createdb).`);
  }
}
