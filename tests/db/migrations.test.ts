/**
 * The unique indexes of 2026_11_24_0003_portable on a database written before them:
 * duplicates are merged or renamed, so the migration never fails on an old store
 * and nothing a shopper or the shop had is lost. Runs on the engine under test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, expect, it } from 'vitest';
import { type DB, openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { migrations } from '../../migrations/index.ts';
import { createProduct, createSize } from '../helpers/catalogue.ts';
import { createTestDatabase, databaseBefore, type OldDatabase, testEngine } from '../helpers/database.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'aurum-migrations-'));
let old: OldDatabase | undefined;
afterAll(async () => {
  await old?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('merges duplicate cart and wishlist lines and renames duplicate names before making them unique', async () => {
  old = await databaseBefore('2026_11_24_0003_portable');
  const { db } = old;

  const user = await db
    .insertInto('users')
    .values({ full_name: 'Old Shopper', u_name: 'old', country_code: '+91', phone_number: '9000000001', password_hash: 'x', token_key: 'old-key' })
    .returning('u_id')
    .executeTakeFirstOrThrow();
  const sized = await createProduct({ db });
  const unsized = await createProduct({ db }, { sizes: [] });
  const line = (product: typeof sized, quantity: number) => ({ u_id: user.u_id, ...product.selection, quantity });
  await db.insertInto('cart_items').values([line(sized, 1), line(sized, 2), line(unsized, 1), line(unsized, 4)]).execute();
  const wish = (product: typeof sized) => ({ u_id: user.u_id, ...product.selection });
  await db.insertInto('wishlist_items').values([wish(sized), wish(sized), wish(unsized), wish(unsized)]).execute();
  await createSize({ db }, 'Ring 12');
  const twin = await createSize({ db }, 'RING 12');
  await db.insertInto('coupons').values([{ coupon_name: 'DIWALI', discount_bp: 1000 }, { coupon_name: 'diwali', discount_bp: 500 }]).execute();

  await migrateToLatest(db);

  const cart = await db.selectFrom('cart_items').select(['p_id', 'quantity']).where('u_id', '=', user.u_id).orderBy('c_id').execute();
  expect(cart).toEqual([
    { p_id: sized.p_id, quantity: 3 },
    { p_id: unsized.p_id, quantity: 5 },
  ]);
  expect(await db.selectFrom('wishlist_items').select('p_id').where('u_id', '=', user.u_id).orderBy('w_id').execute()).toEqual([{ p_id: sized.p_id }, { p_id: unsized.p_id }]);
  const renamed = await db.selectFrom('sizes').select('size_name').where('size_id', '=', twin.size_id).executeTakeFirstOrThrow();
  expect(renamed.size_name).toBe(`RING 12 (${twin.size_id})`);
  const coupons = await db.selectFrom('coupons').select('coupon_name').orderBy('coupon_id').execute();
  expect(coupons[0].coupon_name).toBe('DIWALI');
  expect(coupons[1].coupon_name).toMatch(/^diwali-\d+$/);

  // And from now on the database itself refuses a second one.
  await expect(db.insertInto('wishlist_items').values(wish(unsized)).execute()).rejects.toThrow(/unique|duplicate/i);
  await db.insertInto('materials').values({ name: 'Platinum' }).execute();
  await expect(db.insertInto('materials').values({ name: 'PLATINUM' }).execute()).rejects.toThrow(/unique|duplicate/i);
});

// Four, not two: on SQLite the first thing each does is switch the new file to WAL, and
// two processes switching at once is where SQLITE_BUSY came without waiting (db/connection.ts).
it('four processes migrating one new database at once: all succeed, each migration runs once', async () => {
  const target = await createTestDatabase(mkdtempSync(path.join(dir, 'pair-')));
  const root = path.resolve(import.meta.dirname, '../..');
  const migrate = () =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['api/cli/migrate.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: target.url, DATA_DIR: dir, JWT_SECRET: 'migrations-test-secret-long-enough-for-hs256!!', PAN_KEY: 'b'.repeat(64) } });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('exit', (code) => resolve({ code, output }));
    });
  const runs = await Promise.all([migrate(), migrate(), migrate(), migrate()]);
  for (const run of runs) expect(run.code, run.output).toBe(0);
  const check = openDatabase(target.url);
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(check);
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(migrations).sort());
  } finally {
    await check.destroy();
    await target.drop();
  }
});

/** Everything the migrations make, as text, in a fixed order (the migration bookkeeping and extensions' own functions left out). */
async function schemaOf(db: DB): Promise<string[]> {
  const lines = async (query: ReturnType<typeof sql<{ line: string }>>) => (await query.execute(db)).rows.map((r) => r.line);
  if (testEngine === 'sqlite') {
    return lines(sql<{ line: string }>`select type || ' ' || name || ': ' || coalesce(sql, '') as line from sqlite_master where name not like 'sqlite_%' and name not like 'kysely_migration%' order by type, name`);
  }
  const parts = await Promise.all([
    lines(sql<{ line: string }>`select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as line from information_schema.columns where table_schema = current_schema() and table_name not like 'kysely_migration%' order by table_name, ordinal_position`),
    lines(sql<{ line: string }>`select indexdef as line from pg_indexes where schemaname = current_schema() and tablename not like 'kysely_migration%' order by indexname`),
    lines(sql<{ line: string }>`select c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid) as line from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = current_schema() and c.conrelid::regclass::text not like 'kysely_migration%' order by 1`),
    lines(sql<{ line: string }>`select pg_get_triggerdef(t.oid) as line from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and not t.tgisinternal order by 1`),
    lines(sql<{ line: string }>`select pg_get_functiondef(p.oid) as line from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema() and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') order by p.proname`),
    lines(sql<{ line: string }>`select 'view ' || viewname || ': ' || definition as line from pg_views where schemaname = current_schema() order by viewname`),
  ]);
  return parts.flat();
}

it('every migration goes down, newest first, and up again: the schema is then the one the migrations made', async () => {
  const target = await createTestDatabase(mkdtempSync(path.join(dir, 'down-')));
  const db = openDatabase(target.url);
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const made = await schemaOf(db);
    expect(made.length).toBeGreaterThan(50);
    const names = Object.keys(migrations).sort();
    for (const name of [...names].reverse()) {
      const down = await migrator.migrateDown();
      expect(down.error === undefined ? 'ok' : `${name}: ${String(down.error)}`).toBe('ok');
      expect(down.results?.map((r) => `${r.migrationName} ${r.direction} ${r.status}`)).toEqual([`${name} Down Success`]);
    }
    expect(await schemaOf(db)).toEqual([]);
    const again = await migrator.migrateToLatest();
    expect(again.error).toBeUndefined();
    expect(again.results).toHaveLength(names.length);
    expect(await schemaOf(db)).toEqual(made);
  } finally {
    await db.destroy();
    await target.drop();
  }
});
