import { sql } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import { migrations } from '../migrations/index.ts';
import type { DB } from './connection.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the database to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: DB): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
}

/** Whether the store's migrations ever ran in this PostgreSQL database (its migration table exists). */
export async function hasMigrationTable(db: DB): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass('kysely_migration')::text as found`.execute(db);
  return rows[0]?.found != null;
}

/** SQLite's quick check of every page: 'ok', or what it found wrong. */
export async function quickCheck(db: DB): Promise<string | undefined> {
  const [check] = (await sql<{ quick_check: string }>`pragma quick_check`.execute(db)).rows;
  return check?.quick_check;
}
