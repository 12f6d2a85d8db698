import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;

/**
 * Kysely's SQLite driver opens transactions with a plain BEGIN, which takes the
 * write lock only at the first write; two processes upgrading at once then fail
 * with SQLITE_BUSY whatever the busy timeout. Every transaction here writes, so
 * it takes the lock up front and waits its turn instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class StoreSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** How many prepared statements a connection keeps (the app has a few hundred distinct queries). */
const STATEMENT_CACHE_SIZE = 1000;

/** What openDatabase keeps about each connection, beside Kysely. */
interface Connection {
  sqlite: SQLite.Database;
  /** Prepared statements by SQL text, least recently used first (see prepared). */
  statements: Map<string, SQLite.Statement>;
  /** Statements that write, run through Kysely so far (see writeCount). */
  writes: number;
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
    statement = connection.sqlite.prepare(text);
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
    close: () => connection.sqlite.close(),
    prepare(text: string) {
      const statement = prepared(connection, text);
      if (!statement.readonly) connection.writes += 1;
      return statement;
    },
  };
}

export interface OpenOptions {
  /** Open read-only (the static site build reads the catalogue while the API writes). */
  readonly?: boolean;
}

/** Resolves DATABASE_URL (`file:` URL, `sqlite:` URL or a plain path) to a SQLite file path. */
export function sqlitePathFromUrl(url: string): string {
  if (url.startsWith('file:')) return decodeURIComponent(new URL(url).pathname);
  if (url.startsWith('sqlite:')) return url.slice('sqlite:'.length).replace(/^\/\//, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(`DATABASE_URL ${url.split(':')[0]}: is not supported yet; use a SQLite file path or file: URL`);
  }
  return url;
}

/**
 * Opens the store's SQLite database with the settings every process must share:
 * WAL, a busy timeout, foreign keys, and synchronous=FULL so an acknowledged
 * order survives a power cut, not only a process crash (a stated decision:
 * an order is money, and the extra fsync per commit costs well under a millisecond
 * on these disks).
 */
export function openDatabase(file: string, options: OpenOptions = {}): DB {
  const sqlite = new SQLite(file, { readonly: options.readonly ?? false, timeout: 5000 });
  if (!options.readonly) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = FULL');
  // The default page cache is 2 MB; a 10,000-product catalogue is ~15 MB. Pages are
  // allocated as they are read, so a small store does not pay for this.
  sqlite.pragma('cache_size = -32768');
  const connection: Connection = { sqlite, statements: new Map(), writes: 0 };
  const db = new Kysely<Database>({ dialect: new StoreSqliteDialect({ database: withStatementCache(connection) }) });
  connections.set(db, connection);
  return db;
}

/** The better-sqlite3 connection behind each database opened here. */
const connections = new WeakMap<DB, Connection>();

/**
 * How many statements that write (transactions' BEGIN IMMEDIATE included) this process
 * has run on the database so far, counted as each is about to run: something read
 * before that count last changed may be out of date, as far as this process's own
 * writes go. undefined for a database not opened by openDatabase.
 */
export function writeCount(db: DB): number | undefined {
  return connections.get(db)?.writes;
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
  if (!connection || connection.sqlite.inTransaction) return undefined;
  return prepared(connection, text);
}
