import { type Kysely, sql } from 'kysely';
import { engineOf } from './portable.ts';

// Frozen in time: this migration never imports application code.
// site_state 'catalogue_rows_version' counts writes to the tables a shop listing
// is made of, whoever makes them (any API instance, the back office, the seed, a
// script). The API keeps listing answers and its filter index while the number
// is unchanged. SQLite: a trigger per table and event (unchanged since first
// released). PostgreSQL: one plpgsql function, run once per statement by one
// trigger per table (a statement's bump is enough: the number only has to change).

const TABLES = [
  'products',
  'product_carats',
  'product_materials',
  'product_sizes',
  'product_media',
  'product_key_points',
  'categories',
  'materials',
  'sizes',
  'carats',
] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('site_state')
    .values({ key: 'catalogue_rows_version', value: '0' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  if (engineOf(db) === 'postgres') {
    await sql`
      create function bump_catalogue_rows_version() returns trigger language plpgsql as $$
      begin
        update site_state set value = (value::bigint + 1)::text where key = 'catalogue_rows_version';
        return null;
      end
      $$`.execute(db);
    for (const table of TABLES) {
      await sql`
        create trigger ${sql.id(`${table}_bumps_catalogue`)}
        after insert or update or delete on ${sql.table(table)}
        for each statement execute function bump_catalogue_rows_version()`.execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const event of EVENTS) {
      await sql`
        create trigger ${sql.id(`${table}_${event}_bumps_catalogue`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update site_state set value = cast(value as integer) + 1 where key = 'catalogue_rows_version';
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    for (const table of TABLES) await sql`drop trigger if exists ${sql.id(`${table}_bumps_catalogue`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists bump_catalogue_rows_version()`.execute(db);
    await db.deleteFrom('site_state').where('key', '=', 'catalogue_rows_version').execute();
    return;
  }
  for (const table of TABLES) {
    for (const event of EVENTS) await sql`drop trigger if exists ${sql.id(`${table}_${event}_bumps_catalogue`)}`.execute(db);
  }
  await db.deleteFrom('site_state').where('key', '=', 'catalogue_rows_version').execute();
}
