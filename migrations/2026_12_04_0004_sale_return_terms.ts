import { type Kysely, sql } from 'kysely';
import { BIG_INTEGER } from './portable.ts';

// Frozen in time: this migration never imports application code.
// Return terms at the time of sale, and a buy-back's quote in its own columns (issue 36):
// - order_items.partial_refund / non_returnable: the product's return flags as they were when
//   the piece was sold (1: in the partial-refund collection; null: returnable, else the kind that
//   may not be returned unless defective), so a flag changed later leaves earlier sales alone.
//   Existing rows take their product's flags of today (the best there is); a line whose product
//   is gone keeps the defaults (0, null).
// - returns.quote_*: what a buy-back request was quoted when the shopper asked (valued on the
//   server): the rate per gram of the pieces' purity (paise; null when they are of more than one
//   purity), when that rate was set, the metal's value (paise), the payout (minor units of the
//   return's currency) and until when the quote holds ('YYYY-MM-DD HH:MM:SS' UTC). All null for
//   a refund or an exchange, and for a buy-back asked before they were kept.
// - orders paid wholly by store credit say so: payment_method 'store_credit' (they were stored as
//   'cod', though nothing is collected on delivery). The column has no list of values on either
//   engine, so only the rows change.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order_items')
    .addColumn('partial_refund', 'integer', (c) => c.notNull().defaultTo(0).check(sql`partial_refund in (0, 1)`))
    .execute();
  await db.schema.alterTable('order_items').addColumn('non_returnable', 'text').execute();
  await sql`update order_items set
      partial_refund = coalesce((select p.partial_refund from products p where p.p_id = order_items.p_id), 0),
      non_returnable = (select p.non_returnable from products p where p.p_id = order_items.p_id)
    where p_id is not null`.execute(db);

  await db.schema.alterTable('returns').addColumn('quote_rate_inr_per_gram', BIG_INTEGER).execute();
  await db.schema.alterTable('returns').addColumn('quote_rate_at', 'text').execute();
  await db.schema.alterTable('returns').addColumn('quote_metal_value', BIG_INTEGER).execute();
  await db.schema.alterTable('returns').addColumn('quote_payout', BIG_INTEGER, (c) => c.check(sql`quote_payout >= 0`)).execute();
  await db.schema.alterTable('returns').addColumn('quote_valid_until', 'text').execute();

  await db
    .updateTable('orders')
    .set({ payment_method: 'store_credit' })
    .where('payment_method', '=', 'cod')
    .where('store_credit', '>', 0)
    .where(sql<boolean>`store_credit >= total`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('orders').set({ payment_method: 'cod' }).where('payment_method', '=', 'store_credit').execute();
  for (const column of ['quote_valid_until', 'quote_payout', 'quote_metal_value', 'quote_rate_at', 'quote_rate_inr_per_gram']) {
    await db.schema.alterTable('returns').dropColumn(column).execute();
  }
  await db.schema.alterTable('order_items').dropColumn('non_returnable').execute();
  await db.schema.alterTable('order_items').dropColumn('partial_refund').execute();
}
