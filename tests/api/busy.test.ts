import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { busyAnswers } from '../../api/errors.ts';
import { POSTGRES_TIMEOUTS } from '../../db/connection.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { testEngine } from '../helpers/database.ts';
import { call, createTestStore, type TestStore } from '../helpers/store.ts';

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
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const before = busyAnswers();
  try {
    const res = await call(store, 'POST', '/contactus', { name: 'Asha', email: 'asha@example.com', message: 'Do you resize rings?', mo_no: '9876543210' });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body).toEqual({ status: 0, description: 'The store is busy right now. Please try again in a moment.', data: null });
    expectMatchesContract('POST', '/contactus', res);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings.mock.calls.map((args) => args.join(' ')).join('\n')).toMatch(/busy database: POST \/contactus/);
    expect(busyAnswers()).toBe(before + 1);
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
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const before = busyAnswers();
  const started = Date.now();
  try {
    const res = await call(store, 'POST', '/contactus', { name: 'Asha', email: 'asha@example.com', message: 'Do you resize rings?', mo_no: '9876543210' });
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(POSTGRES_TIMEOUTS.lock_timeout - 100);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body).toEqual({ status: 0, description: 'The store is busy right now. Please try again in a moment.', data: null });
    expectMatchesContract('POST', '/contactus', res);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings.mock.calls.map((args) => args.join(' ')).join('\n')).toMatch(/busy database: POST \/contactus/);
    expect(busyAnswers()).toBe(before + 1);
  } finally {
    errors.mockRestore();
    warnings.mockRestore();
    await other.query('rollback');
    await other.end();
  }
  const res = await call(store, 'POST', '/contactus', { name: 'Asha', email: 'asha@example.com', message: 'Do you resize rings?', mo_no: '9876543210' });
  expect(res.status).toBe(201);
});
