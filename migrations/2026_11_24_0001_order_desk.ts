import { type Kysely, sql } from 'kysely';
import { BIG_INTEGER, identityKey, utcNow } from './portable.ts';

// Frozen in time: this migration never imports application code.
// The order desk (issue 12): every order status change is recorded (from, to,
// who, when, note); an order tells its payment status truthfully (unpaid, paid,
// refund_pending, refunded) with the refund's amount and date; the shop keeps an
// internal note and the courier and tracking number the shopper sees.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_status_history')
    .addColumn('osh_id', 'integer', identityKey(db))
    .addColumn('o_id', 'integer', (c) => c.notNull().references('orders.o_id').onDelete('cascade'))
    // null when the row records the order being placed.
    .addColumn('from_status', 'integer')
    .addColumn('to_status', 'integer', (c) => c.notNull())
    // The order's payment status after this change.
    .addColumn('payment_status', 'text', (c) => c.notNull())
    // 'shopper', 'shop' (an administrator) or 'system' (the payment provider's answer).
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('u_id', 'integer', (c) => c.references('users.u_id').onDelete('set null'))
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();
  await db.schema.createIndex('order_status_history_order').on('order_status_history').columns(['o_id', 'osh_id']).execute();

  await db.schema.alterTable('orders').addColumn('refund_amount', BIG_INTEGER).execute();
  await db.schema.alterTable('orders').addColumn('refunded_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('internal_note', 'text').execute();
  await db.schema.alterTable('orders').addColumn('courier_name', 'text').execute();
  await db.schema.alterTable('orders').addColumn('tracking_number', 'text').execute();
  // The order desk lists every order newest first, optionally of one status.
  await db.schema.createIndex('orders_listing').on('orders').columns(['created_at', 'o_id']).execute();
  await db.schema.createIndex('orders_status_listing').on('orders').columns(['status', 'created_at', 'o_id']).execute();

  // Payment status in the new words: 'cod' was cash still to collect (collected once delivered).
  await db.updateTable('orders').set({ payment_status: 'paid' }).where('payment_status', '=', 'cod').where('status', '=', 4).execute();
  await db.updateTable('orders').set({ payment_status: 'unpaid' }).where('payment_status', '=', 'cod').execute();
  const refundOf = (status: string) => db.selectFrom('payments').select('o_id').where('status', '=', status).where('o_id', 'is not', null);
  await db
    .updateTable('orders')
    .set({
      payment_status: 'refund_pending',
      refund_amount: sql`(select p.amount from payments p where p.o_id = orders.o_id and p.status = 'refund_due')`,
    })
    .where('o_id', 'in', refundOf('refund_due'))
    .execute();
  await db
    .updateTable('orders')
    .set({
      payment_status: 'refunded',
      refund_amount: sql`(select p.amount from payments p where p.o_id = orders.o_id and p.status = 'refunded')`,
      refunded_at: sql`(select p.updated_at from payments p where p.o_id = orders.o_id and p.status = 'refunded')`,
    })
    .where('o_id', 'in', refundOf('refunded'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('orders').set({ payment_status: 'cod' }).where('payment_method', '=', 'cod').execute();
  await db.updateTable('orders').set({ payment_status: 'paid' }).where('payment_method', '=', 'online').execute();
  await db.schema.dropIndex('orders_status_listing').execute();
  await db.schema.dropIndex('orders_listing').execute();
  for (const column of ['tracking_number', 'courier_name', 'internal_note', 'refunded_at', 'refund_amount']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.dropTable('order_status_history').execute();
}
