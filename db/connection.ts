import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  sql,
  type DatabaseConnection,
  type Dialect,
  type DialectAdapter,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { log } from './log.ts';

export type DB = Kysely<Database>;

/**
 * Where the store's database is: the embedded SQLite file, or a PostgreSQL server
 * (with the timeouts its sessions get: POSTGRES_TIMEOUTS unless given).
 */
export type DatabaseLocation = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string; timeouts?: PostgresTimeouts };

export { engineOf, type Engine } from '../migrations/portable.ts';

const FORMS = 'use a SQLite file path or file: URL, or a postgres:// (postgresql://) URL';

/**
 * Reads DATABASE_URL: a plain path, `file:` or `sqlite:` URL is the SQLite file;
 * `postgres://` or `postgresql://` a PostgreSQL server. Anything else (another
 * scheme, a libpq `host=… dbname=…` string) is refused rather than taken for a
 * file name. The value itself is never repeated: it may hold a password.
 */
export function databaseLocation(url: string): DatabaseLocation {
  if (/^postgres(ql)?:\/\//i.test(url)) {
    try {
      new URL(url);
    } catch {
      throw new Error(`DATABASE_URL is not a valid postgres:// URL; ${FORMS}`);
    }
    return { engine: 'postgres', url };
  }
  if (url.startsWith('file:')) return { engine: 'sqlite', file: decodeURIComponent(new URL(url).pathname) };
  if (url.startsWith('sqlite:')) return { engine: 'sqlite', file: url.slice('sqlite:'.length).replace(/^\/\//, '') };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) throw new Error(`DATABASE_URL scheme ${url.split(':')[0]}: is not supported; ${FORMS}`);
  if (/^\s*[a-z_]+\s*=/i.test(url)) throw new Error(`DATABASE_URL looks like a libpq keyword string (host=… dbname=…), which is not supported; ${FORMS}`);
  if (url.trim() === '') throw new Error(`DATABASE_URL is empty; ${FORMS}`);
  return { engine: 'sqlite', file: url };
}

/** DATABASE_URL for a child process (the storefront build) that must open the same database. */
export function databaseUrl(location: DatabaseLocation): string {
  return location.engine === 'sqlite' ? location.file : location.url;
}

/** The environment variable that sets each PostgreSQL session timeout (POSTGRES_TIMEOUTS when unset). */
const TIMEOUT_VARIABLES: Readonly<Record<keyof PostgresTimeouts, string>> = {
  lock_timeout: 'DATABASE_LOCK_TIMEOUT_MS',
  statement_timeout: 'DATABASE_STATEMENT_TIMEOUT_MS',
  idle_in_transaction_session_timeout: 'DATABASE_IDLE_TRANSACTION_TIMEOUT_MS',
};

/**
 * Where the environment says the store's database is: DATABASE_URL (databaseLocation), else
 * store.sqlite in DATA_DIR (./data); a PostgreSQL server's sessions get DATABASE_*_TIMEOUT_MS,
 * else POSTGRES_TIMEOUTS. The API's configuration (api/env.ts) checks those values and takes
 * its database from here, and so does the storefront build, which the store starts with its
 * environment and which reads no other configuration.
 */
export function databaseFromEnv(env: Readonly<Record<string, string | undefined>>): DatabaseLocation {
  if (!env.DATABASE_URL) return { engine: 'sqlite', file: path.join(path.resolve(env.DATA_DIR ?? './data'), 'store.sqlite') };
  const location = databaseLocation(env.DATABASE_URL);
  if (location.engine === 'sqlite') return location;
  const timeout = (name: keyof PostgresTimeouts) => {
    const value = env[TIMEOUT_VARIABLES[name]];
    return value === undefined ? POSTGRES_TIMEOUTS[name] : Number(value);
  };
  return { ...location, timeouts: { lock_timeout: timeout('lock_timeout'), statement_timeout: timeout('statement_timeout'), idle_in_transaction_session_timeout: timeout('idle_in_transaction_session_timeout') } };
}

/** The database as a log line may name it: the file, or the server and database without user or password. */
export function describeDatabase(location: DatabaseLocation): string {
  if (location.engine === 'sqlite') return location.file;
  const url = new URL(location.url);
  return `postgres://${url.host}${url.pathname}`;
}

/**
 * Kysely's SQLite driver opens transactions with a plain BEGIN, which takes the
 * write lock only at the first write; two processes upgrading at once then fail
 * with SQLITE_BUSY whatever the busy timeout. Every transaction here writes, so
 * it takes the lock up front and waits its turn instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #inTransaction: () => boolean;
  constructor(config: SqliteDialectConfig, inTransaction: () => boolean) {
    super(config);
    this.#inTransaction = inTransaction;
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  /**
   * SQLite ends a transaction itself on some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM:
   * a COMMIT refused by a full disk rolls back): a ROLLBACK then fails with "cannot rollback -
   * no transaction is active", and Kysely would throw that in place of the error that ended it
   * (a full disk answered 500 instead of 503, api/errors.ts). Nothing is left to roll back.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#inTransaction()) return;
    await super.rollbackTransaction(connection);
  }
}

/**
 * SQLite runs DDL inside transactions; Kysely's adapter says it does not, so its
 * migrator would read the pending migrations and run them with no lock held, and
 * two processes starting at once would both run them. Said true, the migrator runs
 * in one transaction, which here begins immediate: the write lock, held throughout.
 */
class StoreSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** Kysely's dialect with the store's driver and adapter in place of its own; its query compiler and introspector as they are. */
function storeDialect(kysely: Dialect, createDriver: () => Driver, createAdapter: () => DialectAdapter): Dialect {
  return {
    createDriver,
    createAdapter,
    createQueryCompiler: () => kysely.createQueryCompiler(),
    createIntrospector: (db) => kysely.createIntrospector(db),
  };
}

/** How many prepared statements a connection keeps (the app has a few hundred distinct queries). */
const STATEMENT_CACHE_SIZE = 1000;

/** What openDatabase keeps about each database, beside Kysely. */
interface Connection {
  /** The SQLite connection; undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
  /** Prepared statements by SQL text, least recently used first (see prepared). */
  statements: Map<string, SQLite.Statement>;
  /** Statements that may change the catalogue, run through Kysely so far (see writeCount). */
  writes: number;
  /** PostgreSQL's connection pool; undefined on SQLite. */
  pool?: pg.Pool;
}

/**
 * Kysely prepares every query anew; preparing costs more than running a small
 * indexed query. Queries are parameterised, so their SQL text repeats: keep the
 * prepared statements (least recently used dropped first). One connection runs
 * one query at a time, so a cached statement is never busy when reused.
 */
function prepared(connection: Connection, text: string): SQLite.Statement {
  const cache = connection.statements;
  let statement = cache.get(text);
  if (statement) {
    cache.delete(text);
  } else {
    statement = connection.sqlite!.prepare(text);
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  cache.set(text, statement);
  return statement;
}

/**
 * The connection as Kysely's SQLite driver sees it: statements from the shared cache.
 * Kysely runs each statement as soon as it is prepared: a statement that writes is
 * counted here, before it runs (writeCount).
 */
function withStatementCache(connection: Connection): SqliteDialectConfig['database'] {
  return {
    close: () => connection.sqlite!.close(),
    prepare(text: string) {
      const statement = prepared(connection, text);
      if (!statement.readonly && mayChangeCatalogue(text)) connection.writes += 1;
      return statement;
    },
  };
}

/**
 * The tables a catalogue answer is made of (the catalogue version's triggers are on
 * them, migration 2026_11_22_0003), the version row's table, and any change of schema.
 * Only a statement that may write one of these makes what was read of the catalogue
 * out of date (writeCount): an order, a cart or a login does not (measured on
 * PostgreSQL: counting every write made each catalogue answer during checkout read
 * the version row again, a round trip per answer).
 */
const CATALOGUE_WRITE =
  /^\s*(create|alter|drop)\b|\b(products|product_carats|product_materials|product_sizes|product_media|product_key_points|categories|materials|sizes|carats|site_state)\b/i;

/** Whether a statement that writes may change what catalogue answers are made of. */
export function mayChangeCatalogue(text: string): boolean {
  return CATALOGUE_WRITE.test(text);
}

export interface OpenOptions {
  /** Open read-only (the static site build reads the catalogue while the API writes). */
  readonly?: boolean;
  /** PostgreSQL: connections the pool keeps, instead of DATABASE_POOL_SIZE's (poolSize). */
  poolSize?: number;
}

/**
 * Turns on WAL (it stays on in the file once set). Two processes opening a new
 * database file at once (two instances started together, or a migration beside
 * `npm start`) can both hold the shared lock and both want the exclusive one to
 * switch: SQLite then answers SQLITE_BUSY at once instead of waiting, to avoid a
 * deadlock, so the switch is tried again, a bounded number of times, after a short
 * random pause that lets the other process finish its switch.
 */
function useWriteAheadLog(sqlite: SQLite.Database): void {
  for (let attempt = 1; ; attempt++) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 50) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10 + Math.floor(Math.random() * 40));
    }
  }
}

/**
 * Opens the store's SQLite database with the settings every process must share:
 * WAL, a busy timeout, foreign keys, and synchronous=FULL so an acknowledged
 * order survives a power cut, not only a process crash (a stated decision:
 * an order is money, and the extra fsync per commit costs well under a millisecond
 * on these disks).
 */
function openSqlite(file: string, options: OpenOptions): DB {
  const sqlite = new SQLite(file, { readonly: options.readonly ?? false, timeout: 5000 });
  if (!options.readonly) useWriteAheadLog(sqlite);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = FULL');
  // The default page cache is 2 MB; a 10,000-product catalogue is ~15 MB. Pages are
  // allocated as they are read, so a small store does not pay for this.
  sqlite.pragma('cache_size = -32768');
  const connection: Connection = { sqlite, statements: new Map(), writes: 0 };
  const config: SqliteDialectConfig = { database: withStatementCache(connection) };
  const dialect = storeDialect(new SqliteDialect(config), () => new ImmediateSqliteDriver(config, () => sqlite.inTransaction), () => new StoreSqliteAdapter());
  const db = new Kysely<Database>({ dialect });
  connections.set(db, connection);
  return db;
}

/** Opens the store's database: DATABASE_URL's location (or the text itself, read as DATABASE_URL is). */
export function openDatabase(location: DatabaseLocation | string, options: OpenOptions = {}): DB {
  const where = typeof location === 'string' ? databaseLocation(location) : location;
  return where.engine === 'postgres' ? openPostgres(where.url, where.timeouts ?? POSTGRES_TIMEOUTS, options) : openSqlite(where.file, options);
}

/** The better-sqlite3 connection (or PostgreSQL write counter) behind each database opened here. */
const connections = new WeakMap<DB, Connection>();

/**
 * How many statements that may change the catalogue (mayChangeCatalogue) this process
 * has run on the database so far, counted as each is about to run (on PostgreSQL, the
 * commit of their transaction too): catalogue rows read before that count last changed
 * may be out of date, as far as this process's own writes go. undefined for a
 * database not opened by openDatabase.
 */
export function writeCount(db: DB): number | undefined {
  return connections.get(db)?.writes;
}

/** A PostgreSQL database's pool as it stands (the /metrics gauges); undefined on SQLite, which has one connection. */
export function poolStats(db: DB): { total: number; idle: number; waiting: number } | undefined {
  const pool = connections.get(db)?.pool;
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : undefined;
}

/**
 * A prepared statement on the database's own connection, to be run synchronously,
 * for the few reads made before every answer of a hot route, where Kysely's
 * asynchronous round (connection lock, promises, query compiling) costs more than
 * the query (measured: a tenth of a cached catalogue answer). undefined while that
 * connection is inside a transaction, whose uncommitted rows it would see, and for
 * a database not opened by openDatabase (a transaction object): use Kysely then.
 */
export function hotStatement(db: DB, text: string): SQLite.Statement | undefined {
  const connection = connections.get(db);
  if (!connection?.sqlite || connection.sqlite.inTransaction) return undefined;
  return prepared(connection, text);
}


/** Connections each process keeps to PostgreSQL (DATABASE_POOL_SIZE; pg's default is 10); the checkout lane keeps twice as many (openDatabase's poolSize). */
export function poolSize(): number {
  const size = Number(process.env.DATABASE_POOL_SIZE ?? 10);
  return Number.isInteger(size) && size > 0 ? size : 10;
}

/**
 * Money in minor units and millisecond clocks are bigint (int8) columns, counts are
 * int8 and sums of int8 are numeric: pg answers them as strings, the store computes
 * with numbers. Converted where exact (every value below 2^53: ₹90 trillion in paise);
 * a value beyond that is an error, never a rounded number.
 */
function exactNumber(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    if (Number.isFinite(value) && !/^-?\d+$/.test(text)) return value;
    throw new RangeError(`database value ${text} is beyond exact JavaScript numbers`);
  }
  return value;
}

const INT8 = 20;
const NUMERIC = 1700;

const storeTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return exactNumber;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * The PostgreSQL driver counts statements that may change the catalogue, as the
 * SQLite connection does (writeCount): counted as each is sent, and the commit of a
 * transaction that sent one once it is done (a read on another connection in between
 * saw the catalogue before it).
 */
class CountingPostgresDriver extends PostgresDriver {
  readonly #connection: Connection;
  readonly #counted = new WeakSet<DatabaseConnection>();
  constructor(config: PostgresDialectConfig, connection: Connection) {
    super(config);
    this.#connection = connection;
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    if (!this.#counted.has(connection)) {
      this.#counted.add(connection);
      const run = connection.executeQuery.bind(connection);
      const counter = this.#connection;
      const touched = this.#touched;
      connection.executeQuery = ((query: CompiledQuery) => {
        if (query.query.kind !== 'SelectQueryNode' && mayChangeCatalogue(query.sql)) {
          counter.writes += 1;
          touched.add(connection);
        }
        return run(query);
      }) as DatabaseConnection['executeQuery'];
    }
    return connection;
  }
  /** Connections whose open transaction wrote a catalogue table: its commit is counted too. */
  readonly #touched = new WeakSet<DatabaseConnection>();
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(connection);
    } finally {
      if (this.#touched.delete(connection)) this.#connection.writes += 1;
    }
  }
  override async rollbackTransaction(connection: Parameters<PostgresDriver['rollbackTransaction']>[0]): Promise<void> {
    this.#touched.delete(connection);
    await super.rollbackTransaction(connection);
  }
}

/** Session settings of every PostgreSQL connection the store opens, in milliseconds. */
export interface PostgresTimeouts {
  lock_timeout: number;
  statement_timeout: number;
  idle_in_transaction_session_timeout: number;
}

/**
 * How long one statement of a web request may wait for a row lock (the same 5 s as
 * SQLite's busy timeout), and run at all. Past either the statement fails (55P03,
 * 57014), its transaction rolls back, and the call is answered 503 busy with
 * Retry-After (api/errors.ts), as a SQLite write past its busy timeout is. A
 * transaction left open by a stuck process is ended after a minute. The defaults;
 * DATABASE_LOCK_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS and
 * DATABASE_IDLE_TRANSACTION_TIMEOUT_MS change them (api/env.ts).
 */
export const POSTGRES_TIMEOUTS: Readonly<PostgresTimeouts> = { lock_timeout: 5_000, statement_timeout: 30_000, idle_in_transaction_session_timeout: 60_000 };

/**
 * Migrations are not a web request: two instances starting at once wait for each
 * other's migrations (Kysely's advisory lock, held for up to an hour), and a
 * migration may rebuild an index of a large table. The session running them lifts
 * the request timeouts, and puts them back when done.
 */
class StorePostgresAdapter extends PostgresAdapter {
  override async acquireMigrationLock(db: Parameters<PostgresAdapter['acquireMigrationLock']>[0], options: Parameters<PostgresAdapter['acquireMigrationLock']>[1]) {
    await sql`select set_config('lock_timeout', '0', false), set_config('statement_timeout', '0', false)`.execute(db);
    await super.acquireMigrationLock(db, options);
  }
  override async releaseMigrationLock(db: Parameters<PostgresAdapter['releaseMigrationLock']>[0], options: Parameters<PostgresAdapter['releaseMigrationLock']>[1]) {
    try {
      await super.releaseMigrationLock(db, options);
    } finally {
      await sql`reset lock_timeout`.execute(db).catch(() => undefined);
      await sql`reset statement_timeout`.execute(db).catch(() => undefined);
    }
  }
}

function openPostgres(url: string, timeouts: PostgresTimeouts, options: OpenOptions): DB {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? poolSize(),
    types: storeTypes,
    // Every session bounds its lock waits and statements (POSTGRES_TIMEOUTS, or the configured
    // values); a read-only open (the storefront build) also refuses writes, as on SQLite.
    options: [
      ...(['lock_timeout', 'statement_timeout', 'idle_in_transaction_session_timeout'] as const).map((name) => `-c ${name}=${timeouts[name]}`),
      ...(options.readonly ? ['-c default_transaction_read_only=on'] : []),
    ].join(' '),
    application_name: 'aurum',
  });
  // A connection the server ends reports it as an error event on its client: while the client
  // is checked out (a transaction left idle past idle_in_transaction_session_timeout, a backend
  // terminated between two statements) pg's pool does not listen, and an unheard error event ends
  // the process. Every client gets a listener of its own: the loss is logged once, the work on that
  // connection fails at its next statement (its transaction rolled back by the server), and the
  // pool drops the client when it is released. An idle client the server drops (restart, failover)
  // is discarded by the pool, which needs a listener too; this one has logged it already.
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (error) => {
      if (!reported) log.error(`database connection lost: ${error.message}`);
      reported = true;
    });
  });
  pool.on('error', () => undefined);
  const connection: Connection = { statements: new Map(), writes: 0, pool };
  const config: PostgresDialectConfig = { pool };
  const dialect = storeDialect(new PostgresDialect(config), () => new CountingPostgresDriver(config, connection), () => new StorePostgresAdapter());
  const db = new Kysely<Database>({ dialect });
  connections.set(db, connection);
  return db;
}
