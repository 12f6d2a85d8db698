import { type Kysely, sql } from 'kysely';
import { engineOf } from './portable.ts';

// Frozen in time: this migration never imports application code.
// A piece sold (or given back by a cancel) changes product_carats.stock only; it no
// longer bumps catalogue_rows_version. Before, every order bumped that one row: each
// order's transaction held its lock until commit (PostgreSQL orders queued behind one
// another), and every API instance threw away its listing index, kept product views
// and kept answers after every sale. Stock reaches shoppers apart from the version
// (db/queries/stock-view.ts). Any other change to a carat row (price, carat, weight,
// an administrator's edit, which sets stock with the rest) still bumps it.
// A column added to product_carats later must be added to the trigger's list by a
// migration of its own (tests/db/schema.test.ts checks the list covers every column but stock).

/** product_carats' columns when this migration was written, stock excepted. */
const PRICED_COLUMNS = [
  'pc_id',
  'p_id',
  'carat_id',
  'inr_price',
  'usd_price',
  'position',
  'pricing',
  'net_weight_mg',
  'making_type',
  'making_value',
  'stone_value',
  'rate_per_gram',
  'rate_at',
  'lead_time_days',
] as const;

const columns = (names: readonly string[]) => sql.join(names.map((name) => sql.id(name)));

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`drop trigger product_carats_bumps_catalogue on product_carats`.execute(db);
    await sql`
      create trigger product_carats_bumps_catalogue
      after insert or delete or update of ${columns(PRICED_COLUMNS)} on product_carats
      for each statement execute function bump_catalogue_rows_version()`.execute(db);
    return;
  }
  await sql`drop trigger product_carats_update_bumps_catalogue`.execute(db);
  await sql`
    create trigger product_carats_update_bumps_catalogue
    after update of ${columns(PRICED_COLUMNS)} on product_carats
    begin
      update site_state set value = cast(value as integer) + 1 where key = 'catalogue_rows_version';
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`drop trigger product_carats_bumps_catalogue on product_carats`.execute(db);
    await sql`
      create trigger product_carats_bumps_catalogue
      after insert or update or delete on product_carats
      for each statement execute function bump_catalogue_rows_version()`.execute(db);
    return;
  }
  await sql`drop trigger product_carats_update_bumps_catalogue`.execute(db);
  await sql`
    create trigger product_carats_update_bumps_catalogue
    after update on product_carats
    begin
      update site_state set value = cast(value as integer) + 1 where key = 'catalogue_rows_version';
    end`.execute(db);
}
