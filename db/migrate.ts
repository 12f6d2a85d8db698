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
