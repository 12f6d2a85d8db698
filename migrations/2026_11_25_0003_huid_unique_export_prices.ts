import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration never imports application code.
// The law of selling gold, continued (issue 17):
// - a HUID identifies one hallmarked piece in the whole country, so it is
//   recorded on at most one order item across all orders: a unique index on
//   order_item_huids(huid). A cancelled order releases its pieces' HUIDs (the
//   piece goes back to stock and may be sold again), so their rows are removed
//   here, as cancelling now does; of any other HUID already recorded twice the
//   first record (lowest oi_id, piece) is kept and the later ones removed, to be
//   recorded again at the desk (an issued invoice keeps what it printed);
// - orders.usd_inr: the rupees-per-dollar rate (paise per US dollar) in force
//   when the order was placed, so a dollar invoice can convert the rupee
//   breakup (making, stones) of each line at the order's own rate;
// - dollar prices become export prices, without the 3% GST (an export is
//   zero-rated): every listed usd_price loses the GST it held,
//   usd - round_half_up(usd x 300 / 10300), the same sum the application uses
//   (rules/pricing.ts exportPrice). Rupee prices keep their GST.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM order_item_huids WHERE oi_id IN (SELECT oi.oi_id FROM order_items oi JOIN orders o ON o.o_id = oi.o_id WHERE o.status = 5)`.execute(db);
  await sql`DELETE FROM order_item_huids WHERE EXISTS (
    SELECT 1 FROM order_item_huids first
    WHERE first.huid = order_item_huids.huid
      AND (first.oi_id < order_item_huids.oi_id OR (first.oi_id = order_item_huids.oi_id AND first.piece < order_item_huids.piece)))`.execute(db);
  await db.schema.createIndex('order_item_huids_huid_unique').on('order_item_huids').column('huid').unique().execute();

  await db.schema.alterTable('orders').addColumn('usd_inr', 'integer').execute();

  await sql`UPDATE product_carats SET usd_price = usd_price - (usd_price * 600 + 10300) / 20600 WHERE usd_price > 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to GST-inclusive dollar prices: the exclusive price with 3% added, half up.
  await sql`UPDATE product_carats SET usd_price = usd_price + (usd_price * 600 + 10000) / 20000 WHERE usd_price > 0`.execute(db);
  await db.schema.alterTable('orders').dropColumn('usd_inr').execute();
  await db.schema.dropIndex('order_item_huids_huid_unique').execute();
}
