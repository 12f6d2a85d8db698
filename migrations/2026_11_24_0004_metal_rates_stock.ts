import type { Kysely } from 'kysely';
import { BIG_INTEGER, identityKey, utcNow } from './portable.ts';

// Frozen in time: this migration never imports application code.
// Priced like a jeweller (issue 16):
// - metal_rate_changes: each time the administrator sets the day's rates, with the
//   rupees-per-dollar rate (paise per dollar) and how many carat rows it repriced;
// - metal_rates: the rupees per gram (paise) of each carat set in that change; a
//   carat's rate now is its latest row;
// - product_carats: priced by 'rate' (net weight in milligrams, making charge as
//   basis points of the metal or paise per gram, stones in paise, and the rate and
//   time it was last priced at) or 'fixed' (as before); stock (null: made to order)
//   and the lead time in days;
// - order_items: the breakup the line was priced at (paise, milligrams).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('metal_rate_changes')
    .addColumn('rc_id', 'integer', identityKey(db))
    .addColumn('usd_inr', BIG_INTEGER, (c) => c.notNull())
    .addColumn('rows_repriced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();

  await db.schema
    .createTable('metal_rates')
    .addColumn('mr_id', 'integer', identityKey(db))
    .addColumn('rc_id', 'integer', (c) => c.notNull().references('metal_rate_changes.rc_id').onDelete('cascade'))
    .addColumn('carat_id', 'integer', (c) => c.notNull().references('carats.carat_id').onDelete('cascade'))
    .addColumn('inr_per_gram', BIG_INTEGER, (c) => c.notNull())
    .addUniqueConstraint('metal_rates_once_per_change', ['rc_id', 'carat_id'])
    .execute();
  await db.schema.createIndex('metal_rates_latest').on('metal_rates').columns(['carat_id', 'mr_id']).execute();

  const caratColumns: [string, string, ((c: any) => any)?][] = [
    ['pricing', 'text', (c) => c.notNull().defaultTo('fixed')],
    ['net_weight_mg', 'integer'],
    ['making_type', 'text'],
    ['making_value', BIG_INTEGER],
    ['stone_value', BIG_INTEGER],
    ['rate_per_gram', BIG_INTEGER],
    ['rate_at', 'text'],
    ['stock', 'integer'],
    ['lead_time_days', 'integer'],
  ];
  for (const [name, type, build] of caratColumns) {
    await db.schema.alterTable('product_carats').addColumn(name, type as 'text', build ?? ((c) => c)).execute();
  }
  await db.schema.createIndex('product_carats_pricing').on('product_carats').columns(['pricing', 'carat_id']).execute();

  const itemColumns: [string, string][] = [
    ['pricing', 'text'],
    ['net_weight_mg', 'integer'],
    ['metal_inr', BIG_INTEGER],
    ['making_inr', BIG_INTEGER],
    ['stones_inr', BIG_INTEGER],
    ['gst_inr', BIG_INTEGER],
    ['round_off_inr', BIG_INTEGER],
    ['rate_inr_per_gram', BIG_INTEGER],
    ['rate_at', 'text'],
  ];
  for (const [name, type] of itemColumns) {
    await db.schema.alterTable('order_items').addColumn(name, type as 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['pricing', 'net_weight_mg', 'metal_inr', 'making_inr', 'stones_inr', 'gst_inr', 'round_off_inr', 'rate_inr_per_gram', 'rate_at']) {
    await db.schema.alterTable('order_items').dropColumn(name).execute();
  }
  await db.schema.dropIndex('product_carats_pricing').execute();
  for (const name of ['pricing', 'net_weight_mg', 'making_type', 'making_value', 'stone_value', 'rate_per_gram', 'rate_at', 'stock', 'lead_time_days']) {
    await db.schema.alterTable('product_carats').dropColumn(name).execute();
  }
  await db.schema.dropTable('metal_rates').execute();
  await db.schema.dropTable('metal_rate_changes').execute();
}
