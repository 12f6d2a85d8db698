/** `npm run migrate`: brings the database the environment names (DATABASE_URL or DATA_DIR) to the latest migration. */
import { describeDatabase, openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { loadConfig } from '../env.ts';

const config = loadConfig();
const db = openDatabase(config.database);
try {
  await migrateToLatest(db);
  console.log(`database ${describeDatabase(config.database)} is at the latest migration`);
} finally {
  await db.destroy();
}
