import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

// Helpers for migrations that must give the same schema on SQLite and PostgreSQL.
// Migrations are frozen in time: these helpers only ever gain functions, never
// change what an existing one produces.

export type Engine = 'sqlite' | 'postgres';

/** Which engine a migration runs on. */
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** A generated integer primary key: SQLite's autoincrement, PostgreSQL's identity. */
export function identityKey(db: Kysely<any>) {
  return (column: ColumnDefinitionBuilder) =>
    engineOf(db) === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();
}

/**
 * The store's one representation of a time: UTC text 'YYYY-MM-DD HH:MM:SS', as
 * SQLite's CURRENT_TIMESTAMP writes it, so both engines read and compare it alike.
 */
export function utcNow(db: Kysely<any>): RawBuilder<string> {
  return engineOf(db) === 'postgres' ? sql`to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')` : sql`CURRENT_TIMESTAMP`;
}

/** Money in minor units and clocks in milliseconds: 64-bit on both engines. */
export const BIG_INTEGER = 'bigint' as const;
