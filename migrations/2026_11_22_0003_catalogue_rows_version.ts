import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration never imports application code.
// site_state 'catalogue_rows_version' counts writes to the tables a shop listing
// is made of, whoever makes them (any API instance, the back office, the seed, a
// script). The API keeps listing answers and its filter index while the number
// is unchanged. SQLite trigger syntax, on purpose: PostgreSQL gets the same
// triggers in its own syntax on that path.

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
  for (const table of TABLES) {
    for (const event of EVENTS) await sql`drop trigger if exists ${sql.id(`${table}_${event}_bumps_catalogue`)}`.execute(db);
  }
  await db.deleteFrom('site_state').where('key', '=', 'catalogue_rows_version').execute();
}
