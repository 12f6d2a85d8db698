/**
 * The engine the tests run on: SQLite files by default; with TEST_DATABASE_URL
 * (postgres://…@127.0.0.1:PORT/postgres, a throwaway cluster: tests/helpers/pg-cluster.sh)
 * every store gets a fresh database of its own on that server instead.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { type DB, type Engine, openDatabase } from '../../db/connection.ts';
import { migrations } from '../../migrations/index.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/** The engine under test. */
export const testEngine: Engine = serverUrl ? 'postgres' : 'sqlite';

/** For tests that mean something on one engine only: `it.skipIf(!onEngine('sqlite'))(…)`. */
export const onEngine = (engine: Engine) => testEngine === engine;

export interface TestDatabase {
  /** DATABASE_URL for the store: the SQLite file in dir, or the new PostgreSQL database. */
  url: string;
  /** Removes the PostgreSQL database (its connections first); the SQLite file goes with its directory. */
  drop(): Promise<void>;
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty database for one store (not migrated). */
export async function createTestDatabase(dir: string): Promise<TestDatabase> {
  if (!serverUrl) return { url: path.join(dir, 'store.sqlite'), drop: async () => undefined };
  const name = `aurum_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`create database ${name} template template0 encoding 'UTF8' locale 'C'`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** A database as a store had it before a migration: for testing that migration on old rows. */
export interface OldDatabase {
  db: DB;
  /** Destroys the connection, drops the database and removes its directory. */
  close(): Promise<void>;
}

/** A new database of its own, in a temporary directory, migrated up to the migration before `migration`. */
export async function databaseBefore(migration: string): Promise<OldDatabase> {
  const names = Object.keys(migrations);
  if (names.indexOf(migration) < 1) throw new Error(`no migration before ${migration}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'aurum-before-'));
  const database = await createTestDatabase(dir);
  const db = openDatabase(database.url);
  const close = async () => {
    await db.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  const migrated = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(names[names.indexOf(migration) - 1]);
  if (migrated.error) {
    await close();
    throw migrated.error;
  }
  return { db, close };
}
