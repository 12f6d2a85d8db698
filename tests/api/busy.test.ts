import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { loadConfig } from '../../api/env.ts';
import { busyAnswers } from '../../api/errors.ts';
import { openDatabase, POSTGRES_TIMEOUTS, type PostgresTimeouts } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { createTestDatabase, testEngine } from '../helpers/database.ts';
import { codOrderBody } from '../helpers/orders.ts';
import { call, createTestStore, createUser, TEST_PAN_KEY, type TestStore } from '../helpers/store.ts';
import { type LogSpy, spyOnLog } from '../helpers/log-spy.ts';

/**
 * The busy-database answer (api/errors.ts): 503 with Retry-After and the sentence, as the
 * contract says, logged as busy and counted, never as an unexpected error.
 */
function expectBusyAnswer(
  res: Awaited<ReturnType<typeof call>>,
  method: string,
  url: string,
  logged: { errors: LogSpy; warnings: LogSpy; before: number },
) {
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.body).toEqual({ status: 0, description: 'The store is busy right now. Please try again in a moment.', data: null });
  expectMatchesContract(method, url, res);
  expect(logged.errors.mock.calls).toEqual([]);
  expect(logged.warnings.mock.calls.map((args) => args.join(' ')).join('\n')).toContain(`busy database: ${method} ${url}`);
  expect(busyAnswers()).toBe(logged.before + 1);
}

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

// SQLite: another process holding its one write lock (PostgreSQL: see the next test).
it.skipIf(testEngine !== 'sqlite')('a write that waits past the busy timeout for the lock answers 503 with Retry-After and a sentence, logged as busy, not as an error', { timeout: 30_000 }, async () => {
  // Another process holds the write lock (a long backup step, a second instance's transaction).
  const other = new SQLite(store.config.database.engine === 'sqlite' ? store.config.database.file : '');
  other.exec('begin immediate');
  const errors = spyOnLog('error');
  const warnings = spyOnLog('warn');
  const before = busyAnswers();
  try {
    const res = await call(store, 'POST', '/contactus', { name: 'Asha', email: 'asha@example.com', message: 'Do you resize rings?', mo_no: '9876543210' });
    expect(res.status).toBe(503);
    expectBusyAnswer(res, 'POST', '/contactus', { errors, warnings, before });
  } finally {
    errors.mockRestore();
    warnings.mockRestore();
    other.exec('rollback');
    other.close();
  }
  // Once the lock is free, the same write goes through.
  const res = await call(store, 'POST', '/contactus', { name: 'Asha', email: 'asha@example.com', message: 'Do you resize rings?', mo_no: '9876543210' });
  expect(res.status).toBe(201);
});

// PostgreSQL: a write waits for another session's lock up to lock_timeout (db/connection.ts), then gets the same answer.
it.skipIf(testEngine !== 'postgres')('a write that waits past lock_timeout for a lock answers 503 with Retry-After and a sentence, logged as busy, not as an error', { timeout: 30_000 }, async () => {
  const other = new pg.Client({ connectionString: store.config.database.engine === 'postgres' ? store.config.database.url : '' });
  await other.connect();
  // Another session holds the table (a long migration step, an operator's maintenance).
  await other.query('begin');
  await other.query('lock table contact_messages in exclusive mode');
  const errors = spyOnLog('error');
  const warnings = spyOnLog('warn');
  const before = busyAnswers();
  const started = Date.now();
  try {
    const res = await call(store, 'POST', '/contactus', { name: 'Asha', email: 'asha@example.com', message: 'Do you resize rings?', mo_no: '9876543210' });
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(POSTGRES_TIMEOUTS.lock_timeout - 100);
    expectBusyAnswer(res, 'POST', '/contactus', { errors, warnings, before });
  } finally {
    errors.mockRestore();
    warnings.mockRestore();
    await other.query('rollback');
    await other.end();
  }
  const res = await call(store, 'POST', '/contactus', { name: 'Asha', email: 'asha@example.com', message: 'Do you resize rings?', mo_no: '9876543210' });
  expect(res.status).toBe(201);
});

/** The PostgreSQL session a query runs on: its backend and its three timeouts in milliseconds (pg_settings' unit for them). */
async function sessionOf(db: Kysely<any>): Promise<{ pid: number; timeouts: PostgresTimeouts }> {
  const { rows } = await sql<{ pid: number; lock_timeout: string; statement_timeout: string; idle_in_transaction_session_timeout: string }>`
    select pg_backend_pid() as pid,
      (select setting from pg_settings where name = 'lock_timeout') as lock_timeout,
      (select setting from pg_settings where name = 'statement_timeout') as statement_timeout,
      (select setting from pg_settings where name = 'idle_in_transaction_session_timeout') as idle_in_transaction_session_timeout`.execute(db);
  const [row] = rows;
  return {
    pid: row.pid,
    timeouts: {
      lock_timeout: Number(row.lock_timeout),
      statement_timeout: Number(row.statement_timeout),
      idle_in_transaction_session_timeout: Number(row.idle_in_transaction_session_timeout),
    },
  };
}

/** Four connections of the store's pool at once (each held a moment, so the pool opens four): the sessions they are. */
function sessionsAtOnce(db: Kysely<any>) {
  return Promise.all([0, 1, 2, 3].map(() => db.connection().execute(async (connection) => {
    const session = await sessionOf(connection);
    await sql`select pg_sleep(0.2)`.execute(connection);
    return session;
  })));
}

it.skipIf(testEngine !== 'postgres')('every pooled store connection has the session timeouts: POSTGRES_TIMEOUTS by default, DATABASE_*_TIMEOUT_MS when set', { timeout: 30_000 }, async () => {
  const sessions = await sessionsAtOnce(store.db);
  expect(new Set(sessions.map((s) => s.pid)).size).toBe(4);
  for (const session of sessions) expect(session.timeouts).toEqual(POSTGRES_TIMEOUTS);
  const show = async (db: Kysely<any>, name: string) => Object.values((await sql.raw(`show ${name}`).execute(db)).rows[0] as object)[0];
  expect([await show(store.db, 'lock_timeout'), await show(store.db, 'statement_timeout'), await show(store.db, 'idle_in_transaction_session_timeout')]).toEqual(['5s', '30s', '1min']);

  const tuned = await createTestStore({ DATABASE_LOCK_TIMEOUT_MS: '4000', DATABASE_STATEMENT_TIMEOUT_MS: '20000', DATABASE_IDLE_TRANSACTION_TIMEOUT_MS: '45000' });
  try {
    const configured = await sessionsAtOnce(tuned.db);
    expect(new Set(configured.map((s) => s.pid)).size).toBe(4);
    for (const session of configured) expect(session.timeouts).toEqual({ lock_timeout: 4000, statement_timeout: 20_000, idle_in_transaction_session_timeout: 45_000 });
  } finally {
    await tuned.close();
  }
});

it.skipIf(testEngine !== 'postgres')('the migrator lifts lock_timeout and statement_timeout while it migrates, and its connection goes back to the pool with the store\'s values', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'aurum-test-'));
  const database = await createTestDatabase(dir);
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: database.url,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!',
    PAN_KEY: TEST_PAN_KEY,
    DATABASE_LOCK_TIMEOUT_MS: '4000',
    DATABASE_STATEMENT_TIMEOUT_MS: '20000',
    DATABASE_IDLE_TRANSACTION_TIMEOUT_MS: '45000',
  });
  const storeValues = { lock_timeout: 4000, statement_timeout: 20_000, idle_in_transaction_session_timeout: 45_000 };
  // A pool of one connection: the migrator's session is the one every later query gets.
  vi.stubEnv('DATABASE_POOL_SIZE', '1');
  const db = openDatabase(config.database);
  vi.unstubAllEnvs();
  try {
    const before = await sessionOf(db);
    expect(before.timeouts).toEqual(storeValues);
    // A migration run by the store's migrator (its adapter, its lock) sees the lifted values…
    let during: Awaited<ReturnType<typeof sessionOf>> | undefined;
    const probe = new Migrator({
      db,
      provider: { getMigrations: async () => ({ '0001_probe': { up: async (trx: Kysely<any>) => void (during = await sessionOf(trx)) } }) },
      migrationTableName: 'probe_migration',
      migrationLockTableName: 'probe_migration_lock',
    });
    const probed = await probe.migrateToLatest();
    expect(probed.error).toBeUndefined();
    expect(probed.results?.map((r) => r.status)).toEqual(['Success']);
    expect(during).toEqual({ pid: before.pid, timeouts: { ...storeValues, lock_timeout: 0, statement_timeout: 0 } });
    // …and the same connection has the store's values again afterwards.
    expect(await sessionOf(db)).toEqual(before);
    // The store's own migrations, from an empty database: likewise.
    await migrateToLatest(db);
    expect(await sessionOf(db)).toEqual(before);
  } finally {
    await db.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});

// statement_timeout 2 s under lock_timeout's 10 s: the order's wait for a lock below is ended by the statement timeout (57014).
it.skipIf(testEngine !== 'postgres')('a statement that runs past statement_timeout is cancelled: the order answers 503 with Retry-After and a sentence, logged as busy, not as an error, and nothing of it remains', { timeout: 60_000 }, async () => {
  const slow = await createTestStore({ DATABASE_STATEMENT_TIMEOUT_MS: '2000', DATABASE_LOCK_TIMEOUT_MS: '10000' });
  const other = new pg.Client({ connectionString: slow.config.database.engine === 'postgres' ? slow.config.database.url : '' });
  await other.connect();
  try {
    // A statement that simply runs too long, on the store's own connection: cancelled after 2 s with 57014.
    let started = Date.now();
    await expect(sql`select pg_sleep(5)`.execute(slow.db)).rejects.toMatchObject({ code: '57014' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - started).toBeLessThan(4900);

    const shopper = await createUser(slow);
    const product = await createProduct(slow);
    const pc_id = product.selection.pc_id;
    await slow.db.updateTable('product_carats').set({ stock: 3 }).where('pc_id', '=', pc_id).execute();
    expect((await call(slow, 'POST', '/createcart', { ...product.selection, quantity: 1 }, shopper.auth)).status).toBe(201);

    // Another session holds the remembered addresses (an operator's maintenance): the order's statement
    // (its stock, the order, its lines and its history, then the address: one statement on PostgreSQL,
    // insertOrder) has the tables before it and waits for the address's.
    await other.query('begin');
    await other.query('lock table saved_addresses in exclusive mode');
    const errors = spyOnLog('error');
    const warnings = spyOnLog('warn');
    const before = busyAnswers();
    started = Date.now();
    try {
      let answered = false;
      const answer = call(slow, 'POST', '/createorder', codOrderBody(shopper, { subtotal: 1000.5 }), shopper.auth).finally(() => void (answered = true));
      // While it waits: the waiting statement is the order's, holding the tables it writes before the address's.
      let waiting: number | undefined;
      while (waiting === undefined && !answered) {
        // (pg_locks, not pg_stat_activity's query: the lock is taken as the statement is parsed, before its text is shown.)
        const { rows } = await other.query<{ pid: number }>(
          "select l.pid from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'saved_addresses' and not l.granted",
        );
        waiting = rows[0]?.pid;
        if (waiting === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(waiting, 'the order never waited for saved_addresses').toBeDefined();
      const written = await other.query<{ relname: string }>(
        "select distinct c.relname from pg_locks l join pg_class c on c.oid = l.relation where l.pid = $1 and l.granted and l.mode = 'RowExclusiveLock' and c.relkind = 'r'",
        [waiting],
      );
      expect(written.rows.map((r) => r.relname)).toEqual(expect.arrayContaining(['product_carats', 'orders', 'order_items', 'order_status_history']));

      const res = await answer;
      const elapsed = Date.now() - started;
      expect(res.status).toBe(503);
      // At least the statement timeout; under the lock timeout even with the order's work before the wait.
      expect(elapsed).toBeGreaterThanOrEqual(1900);
      expect(elapsed).toBeLessThan(10_000);
      expectBusyAnswer(res, 'POST', '/createorder', { errors, warnings, before });
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
      await other.query('rollback');
    }
    // The transaction rolled back: no order, line or history row, the stock and the cart line as they were.
    const count = async (table: 'orders' | 'order_items' | 'order_status_history' | 'saved_addresses') =>
      Number((await slow.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect([await count('orders'), await count('order_items'), await count('order_status_history'), await count('saved_addresses')]).toEqual([0, 0, 0, 0]);
    const stock = async () => (await slow.db.selectFrom('product_carats').select('stock').where('pc_id', '=', pc_id).executeTakeFirstOrThrow()).stock;
    expect(await stock()).toBe(3);
    const cartLines = () => slow.db.selectFrom('cart_items').select('c_id').where('u_id', '=', shopper.u_id).execute();
    expect(await cartLines()).toHaveLength(1);

    // Once the lock is free, the same order goes through.
    const res = await call(slow, 'POST', '/createorder', codOrderBody(shopper, { subtotal: 1000.5 }), shopper.auth);
    expect(res.status).toBe(201);
    expect([await count('orders'), await count('order_items'), await count('saved_addresses')]).toEqual([1, 1, 1]);
    expect(await stock()).toBe(2);
    expect(await cartLines()).toHaveLength(0);
  } finally {
    await other.end();
    await slow.close();
  }
});

it.skipIf(testEngine !== 'postgres')('a transaction left idle past idle_in_transaction_session_timeout is ended by the server: its write rolls back, the loss is logged once, the process carries on and the next call is served', { timeout: 30_000 }, async () => {
  const idle = await createTestStore({ DATABASE_IDLE_TRANSACTION_TIMEOUT_MS: '300' });
  const count = async () => Number((await idle.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  // The server ends the session while the store has its connection checked out: unheard, that error event would end the process.
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => void uncaught.push(error);
  process.on('uncaughtException', onUncaught);
  const errors = spyOnLog('error');
  try {
    // A stuck piece of work keeps its transaction open, doing nothing, past the timeout.
    const stuck = writeTransaction(idle.db, async (trx) => {
      await trx.insertInto('contact_messages').values({ name: 'Asha', email: 'asha@example.com', message: 'Do you resize rings?' }).execute();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await trx.selectFrom('contact_messages').select('c_id').execute();
    });
    await expect(stuck).rejects.toThrow(/not queryable|terminat/i);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(uncaught).toEqual([]);
    expect(errors.mock.calls.map((args) => args.join(' '))).toEqual(['database connection lost: terminating connection due to idle-in-transaction timeout']);
  } finally {
    process.off('uncaughtException', onUncaught);
    errors.mockRestore();
  }
  try {
    // Nothing of it remains, and the pool serves the next call on a connection of its own.
    expect(await count()).toBe(0);
    const res = await call(idle, 'POST', '/contactus', { name: 'Asha', email: 'asha@example.com', message: 'Do you resize rings?', mo_no: '9876543210' });
    expect(res.status).toBe(201);
    expect(await count()).toBe(1);
  } finally {
    await idle.close();
  }
});

// Either engine's store may run on PostgreSQL: a database that cannot be reached (down, restarting,
// a session dropped) is answered 503 with Retry-After, not 500, and logged as such.
it('a database that cannot be reached answers 503 with Retry-After and a sentence, never 500', { timeout: 30_000 }, async () => {
  const config = loadConfig({ DATA_DIR: store.dir, DATABASE_URL: 'postgres://aurum@127.0.0.1:1/none', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!', PAN_KEY: TEST_PAN_KEY });
  const db = openDatabase(config.database);
  const { createApp } = await import('../../api/app.ts');
  const down = { ...store, db, config, app: createApp({ db, config, onCatalogueChange: () => undefined }) };
  const errors = spyOnLog('error');
  const warnings = spyOnLog('warn');
  try {
    for (const [method, url, body] of [
      ['POST', '/getallproducts', { is_admin: 1, page: 1, perPage: 12 }],
      ['POST', '/contactus', { name: 'Asha', email: 'asha@example.com', message: 'Do you resize rings?', mo_no: '9876543210' }],
    ] as const) {
      const res = await call(down, method, url, body);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.body).toEqual({ status: 0, description: 'The store is unavailable for a moment. Please try again shortly.', data: null });
      expectMatchesContract(method, url, res);
    }
    expect(errors.mock.calls).toEqual([]);
    expect(warnings.mock.calls.map((args) => args.join(' ')).join('\n')).toMatch(/database unreachable: POST \/getallproducts answered 503/);
  } finally {
    errors.mockRestore();
    warnings.mockRestore();
    await db.destroy();
  }
});
