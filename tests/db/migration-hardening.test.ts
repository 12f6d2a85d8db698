import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DB, openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { migrations } from '../../migrations/index.ts';

// An older database (every migration before 2026_11_24_0002_hardening) holding what
// older code let in: the same username in several spellings.
let dir: string;
let db: DB;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'aurum-migration-'));
  db = openDatabase(path.join(dir, 'store.sqlite'));
  const older = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '2026_11_24_0002_hardening'));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => older } }).migrateToLatest();
  if (error) throw error;
  const user = (u_name: string, phone: string) => ({ full_name: u_name, u_name, country_code: '+91', phone_number: phone, password_hash: 'x' });
  await (db as any).insertInto('users').values([user('asha', '9000000001'), user('Asha', '9000000002'), user('ravi', '9000000003'), user('ASHA', '9000000004'), user('Asha_2', '9000000005')]).execute();
});
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

it('suffixes duplicate usernames (the first keeps its name), gives every account its own token key, then refuses a new duplicate', async () => {
  await migrateToLatest(db);
  const rows = await db.selectFrom('users').select(['u_id', 'u_name', 'token_key']).orderBy('u_id').execute();
  expect(rows.map((r) => r.u_name)).toEqual(['asha', 'Asha_2_2', 'ravi', 'ASHA_4', 'Asha_2']);
  expect(new Set(rows.map((r) => r.u_name.toLowerCase())).size).toBe(rows.length);
  for (const row of rows) expect(row.token_key).toMatch(/^[\w-]{24}$/);
  expect(new Set(rows.map((r) => r.token_key)).size).toBe(rows.length);
  await expect(
    db.insertInto('users').values({ full_name: 'x', u_name: 'RAVI', country_code: '+91', phone_number: '9000000009', password_hash: 'x', token_key: 'k' }).execute(),
  ).rejects.toThrow(/UNIQUE/);
});
