import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
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
/** Every test store's key of sealed PANs and TOTP secrets (PAN_KEY: 32 bytes in base64; required on PostgreSQL). */
export const TEST_PAN_KEY = 'dGVzdC1wYW4ta2V5LW9mLXRoaXJ0eS10d28tYnl0ZXM=';

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
  const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: database.url, JWT_SECRET: TEST_JWT_SECRET, PAN_KEY: TEST_PAN_KEY, ...env });
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

/** A key no test store signs with (theirs is TEST_JWT_SECRET): what a forger would use. */
const FORGERS_KEY = new TextEncoder().encode('not-the-store-secret-not-the-store-secret!!');

/**
 * A token naming user `u_id` as the store's do, signed with `key` (a forger's unless given),
 * issued at `issuedAt` (now unless given) and expiring at `expiresAt` (in an hour unless given).
 */
export function signToken(u_id: number, options: { key?: Uint8Array; issuedAt?: number; expiresAt?: number | string } = {}): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(u_id))
    .setIssuer('aurum-jewellery-api')
    .setAudience('aurum-jewellery-store')
    .setIssuedAt(options.issuedAt)
    .setExpirationTime(options.expiresAt ?? '1h')
    .sign(options.key ?? FORGERS_KEY);
}

/** The status, the parsed envelope (the text when it is not JSON) and the headers of an answer. */
export async function answerOf(res: Response) {
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
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
  return answerOf(res);
}
