import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// Covering indexes for the shop's listings, so counting and paging a large
// catalogue reads index pages only:
// - products_shop: the shoppers' listing (active, newest first) with the columns
//   its filters test (category, best seller, reel);
// - product_carats_prices: "has a carat price within these bounds" per product.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('products_shop')
    .on('products')
    .columns(['p_status', 'created_at', 'cate_id', 'is_bestseller', 'is_reel'])
    .execute();
  await db.schema.createIndex('product_carats_prices').on('product_carats').columns(['p_id', 'inr_price', 'usd_price']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_carats_prices').execute();
  await db.schema.dropIndex('products_shop').execute();
}
