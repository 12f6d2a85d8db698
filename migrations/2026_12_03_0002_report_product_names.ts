import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// The sales report's top pieces (issue 37) name each piece as its order lines
// recorded it (db/queries/reports/sales.ts topSellers: the greatest product_name of
// the product's lines). Without this index that read visits every line of the ten
// products in the table: with 100,000 seeded orders ~35 ms of SQLite CPU of a
// 12-month report's ~470; with it, an index-only read of ~2-3 ms.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('order_items_product_name').on('order_items').columns(['p_id', 'product_name']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_items_product_name').execute();
}
