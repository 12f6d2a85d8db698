import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATABASE_COLUMNS } from '../../db/schema.ts';
import { testEngine } from '../helpers/database.ts';
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

it('keeps money in minor units and clocks in milliseconds past 32 bits, read back as exact numbers', async () => {
  // ₹4.98 crore in paise, and a rate-limit reset in epoch milliseconds: both beyond 2^31.
  const paise = 4_980_000_000;
  const at = Date.now() + 60_000;
  await store.db.insertInto('rate_limits').values({ bucket: 'schema-test', hits: 1, reset_at: at }).execute();
  const row = await store.db.selectFrom('rate_limits').select('reset_at').where('bucket', '=', 'schema-test').executeTakeFirstOrThrow();
  expect(row.reset_at).toBe(at);
  const order = await store.db
    .insertInto('orders')
    .values({
      currency: 'INR', subtotal: paise, total: paise, first_name: 'A', last_name: 'B', email: 'a@example.com', phone_number: '9999999999',
      address: 'x', city: 'x', state: 'x', zip_code: '400001', payment_method: 'cod', payment_status: 'unpaid',
    })
    .returning(['o_id', 'total'])
    .executeTakeFirstOrThrow();
  expect(order.total).toBe(paise);
  const sum = await store.db.selectFrom('orders').select((eb) => eb.fn.sum<number>('total').as('t')).where('o_id', '=', order.o_id).executeTakeFirstOrThrow();
  expect(sum.t).toBe(paise);
});

// SQLite only: PostgreSQL has no pragmas (its durability and locking are the server's).
it.skipIf(testEngine !== 'sqlite')('runs with WAL, foreign keys and a busy timeout', async () => {
  const { sql } = await import('kysely');
  const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db);
  const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(store.db);
  const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(store.db);
  expect(mode.rows[0].journal_mode).toBe('wal');
  expect(fk.rows[0].foreign_keys).toBe(1);
  expect(Object.values(busy.rows[0])[0]).toBe(5000);
});
