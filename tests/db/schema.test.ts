import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATABASE_COLUMNS } from '../../db/schema.ts';
import { createTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

it('the hand-written table types match the migrated database, table by table and column by column', async () => {
  const tables = await store.db.introspection.getTables();
  // search_fts and its shadow tables are SQLite's FTS5 index (the engine's own, made by the search migration).
  const actual = Object.fromEntries(tables.filter((t) => !t.name.startsWith('search_fts')).map((t) => [t.name, t.columns.map((c) => c.name).sort()]));
  const expected = Object.fromEntries(Object.entries(DATABASE_COLUMNS).map(([t, cols]) => [t, Object.keys(cols).sort()]));
  expect(actual).toEqual(expected);
});

it('runs with WAL, foreign keys and a busy timeout', async () => {
  const { sql } = await import('kysely');
  const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db);
  const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(store.db);
  const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(store.db);
  expect(mode.rows[0].journal_mode).toBe('wal');
  expect(fk.rows[0].foreign_keys).toBe(1);
  expect(Object.values(busy.rows[0])[0]).toBe(5000);
});
