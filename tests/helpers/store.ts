import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../api/app.ts';
import { issueToken } from '../../api/auth.ts';
import { loadConfig, type Config } from '../../api/env.ts';
import { hashPassword } from '../../db/passwords.ts';
import { type DB, openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { newTokenKey } from '../../db/queries/users.ts';
import { createTestDatabase } from './database.ts';

/** Every test store's signing key. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!!';

export interface TestStore {
  db: DB;
  config: Config;
  app: ReturnType<typeof createApp>;
  dir: string;
  catalogueChanges: number;
  close(): Promise<void>;
}

/**
 * A fresh store in its own temporary directory, on a migrated database of its own: a SQLite
 * file there, or a new database on TEST_DATABASE_URL's PostgreSQL server (tests/helpers/database.ts).
 */
export async function createTestStore(env: Record<string, string> = {}): Promise<TestStore> {
  const dir = mkdtempSync(path.join(tmpdir(), 'aurum-test-'));
  const database = await createTestDatabase(dir);
  const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: database.url, JWT_SECRET: TEST_JWT_SECRET, ...env });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const store: TestStore = {
    db,
    config,
    dir,
    catalogueChanges: 0,
    app: undefined as never,
    async close() {
      await db.destroy();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  store.app = createApp({ db, config, onCatalogueChange: () => void store.catalogueChanges++ });
  return store;
}

let cheapHash: Promise<string> | undefined;
let counter = 0;

/** Inserts a user directly and answers it with a valid token. */
export async function createUser(store: TestStore, overrides: { u_type?: string; countryCode?: string } = {}) {
  counter += 1;
  cheapHash ??= hashPassword('Secret@123');
  const phone = `9${String(Date.now() % 1e8).padStart(8, '0')}${counter}`.slice(0, 12);
  const row = await store.db
    .insertInto('users')
    .values({
      full_name: `Test User ${counter}`,
      u_name: `user${counter}`,
      country_code: overrides.countryCode ?? '+91',
      phone_number: phone,
      password_hash: await cheapHash,
      u_type: overrides.u_type ?? '1',
      token_key: newTokenKey(),
    })
    .returning(['u_id', 'token_key'])
    .executeTakeFirstOrThrow();
  const token = await issueToken(store.config, row);
  return { u_id: row.u_id, phone, password: 'Secret@123', token, auth: { Authorization: `Bearer ${token}` } };
}

/** Sends a JSON request to the app and answers the status and parsed envelope. */
export async function call(
  store: TestStore,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await store.app.request(url, {
    method,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json, headers: res.headers };
}
