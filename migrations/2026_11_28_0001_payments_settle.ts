import { type Kysely, sql } from 'kysely';
import { BIG_INTEGER, identityKey, utcNow } from './portable.ts';

// Frozen in time: this migration never imports application code.
// Money never stranded (issue 32):
// - checkout_quotes: a checkout priced once and held until locked_until (the gold rate,
//   the coupon and the shipping table may change meanwhile); `priced` is the priced cart
//   as JSON, which /payment and /createorder honour while the quote is valid.
// - payments.locked_until: the payment's life (its quote's lock); payments.note says in
//   words why a payment ended as it did (an order that could not be placed, a refund);
//   payments.refund_amount what was given back (minor units).
// - stock_holds: pieces of limited carat rows set aside for a payment in progress. They
//   are taken off product_carats.stock when the payment starts (so a hold can never make
//   stock negative, by the same conditional update an order uses) and either become the
//   sale or go back to stock; one row per payment and carat row.
// - buyer_days: one row per buyer (an account 'u:<id>', a delivery phone 'p:<digits>') and
//   Indian calendar day, locked by every order and payment of that buyer that day before it
//   sums what the buyer already bought (s.269ST limits cash from one person in a day; r.114B
//   asks a PAN for ₹2,00,000 or more): concurrent orders of one buyer then pass the day's
//   limits one after another on either engine. The sums are read from the orders and
//   payments themselves, so a cancelled order stops counting with nothing to undo.

export async function up(db: Kysely<any>): Promise<void> {
  const now = utcNow(db);
  await db.schema
    .createTable('checkout_quotes')
    .addColumn('quote_id', 'text', (c) => c.primaryKey())
    .addColumn('u_id', 'integer', (c) => c.notNull().references('users.u_id').onDelete('cascade'))
    .addColumn('checkout', 'text', (c) => c.notNull())
    .addColumn('priced', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total', BIG_INTEGER, (c) => c.notNull())
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('checkout_quotes_u_id').on('checkout_quotes').columns(['u_id', 'locked_until']).execute();

  await db.schema.alterTable('payments').addColumn('locked_until', 'text').execute();
  await db.schema.alterTable('payments').addColumn('note', 'text').execute();
  await db.schema.alterTable('payments').addColumn('refund_amount', BIG_INTEGER).execute();
  await db.schema.createIndex('payments_status').on('payments').columns(['status', 'locked_until']).execute();

  await db.schema
    .createTable('stock_holds')
    .addColumn('sh_id', 'integer', identityKey(db))
    .addColumn('pay_id', 'integer', (c) => c.notNull().references('payments.pay_id').onDelete('cascade'))
    .addColumn('pc_id', 'integer', (c) => c.notNull().references('product_carats.pc_id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('stock_holds_pay_id_pc_id_unique', ['pay_id', 'pc_id'])
    .execute();
  await db.schema.createIndex('stock_holds_pc_id').on('stock_holds').column('pc_id').execute();

  await db.schema
    .createTable('buyer_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('buyer', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('buyer_days_pk', ['day', 'buyer'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('buyer_days').execute();
  await db.schema.dropTable('stock_holds').execute();
  await db.schema.dropIndex('payments_status').execute();
  await db.schema.alterTable('payments').dropColumn('refund_amount').execute();
  await db.schema.alterTable('payments').dropColumn('note').execute();
  await db.schema.alterTable('payments').dropColumn('locked_until').execute();
  await db.schema.dropTable('checkout_quotes').execute();
}
