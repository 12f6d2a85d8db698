import type { Kysely } from 'kysely';
import { utcNow } from './portable.ts';

// Frozen in time: this migration never imports application code.
// Selling gold lawfully in India and abroad (issue 17):
// - orders: the destination country (ISO alpha-2, 'IN' for every order before
//   this), the buyer's PAN when the order needed one, the parcel weight shipping
//   was charged for;
// - order_item_huids: the hallmark unique ID of each piece of an order line;
// - invoice_counters: the last tax invoice number of each financial year,
//   incremented in the transaction that ships an order;
// - invoices: one per order, its number unique, the figures as issued (JSON);
// - shop_settings: values the administrator sets (the shipping rate table, a
//   lower cash-on-delivery cap), as JSON text by key.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('country', 'text', (c) => c.notNull().defaultTo('IN')).execute();
  await db.schema.alterTable('orders').addColumn('pan', 'text').execute();
  await db.schema.alterTable('orders').addColumn('shipping_weight_g', 'integer').execute();

  await db.schema
    .createTable('order_item_huids')
    .addColumn('oi_id', 'integer', (c) => c.notNull().references('order_items.oi_id').onDelete('cascade'))
    .addColumn('piece', 'integer', (c) => c.notNull())
    .addColumn('huid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(utcNow(db)))
    .addPrimaryKeyConstraint('order_item_huids_pk', ['oi_id', 'piece'])
    .execute();

  await db.schema
    .createTable('invoice_counters')
    .addColumn('financial_year', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('invoice_no', 'text', (c) => c.primaryKey())
    .addColumn('o_id', 'integer', (c) => c.notNull().unique().references('orders.o_id').onDelete('restrict'))
    .addColumn('financial_year', 'integer', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull().defaultTo(utcNow(db)))
    .addColumn('document', 'text', (c) => c.notNull())
    .addUniqueConstraint('invoices_year_sequence', ['financial_year', 'sequence'])
    .execute();

  await db.schema
    .createTable('shop_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_settings').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_counters').execute();
  await db.schema.dropTable('order_item_huids').execute();
  for (const column of ['shipping_weight_g', 'pan', 'country']) await db.schema.alterTable('orders').dropColumn(column).execute();
}
