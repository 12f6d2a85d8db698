import { type Kysely, sql } from 'kysely';
import { BIG_INTEGER, identityKey, utcNow } from './portable.ts';

// Frozen in time: this migration never imports application code.
// Store credit (issue 36): an exchange gives the shopper store credit for the returned piece's
// value, spent at checkout as a payment toward a new order (never a discount: tax is unchanged).
// - store_credit_entries: the ledger, one row per movement, amount in paise (signed):
//   'grant' (+, from a return's exchange, r_id), 'use' (−, paying toward an order, o_id),
//   'give_back' (+, that order cancelled or refunded, o_id). balance_after is the shopper's
//   balance once the entry was written. A grant can be recorded once per return and a use or a
//   give-back once per order: unique (kind, r_id) and (kind, o_id) (NULLs never collide, so a
//   grant's empty o_id and a use's empty r_id do not meet), whatever runs at the same time.
// - store_credit_balances: one row per shopper, the ledger's sum, written in the same
//   transaction as each entry; a use takes it down by a conditional update (balance >= amount),
//   and the CHECK keeps it from ever going below zero on either engine, so two orders at once
//   can never spend the same credit.
// - orders.store_credit: the part of the order's total paid by store credit (paise; 0 for none).
//   The order's total stays the invoice's total; what a provider or the courier collects is
//   total − store_credit.

export async function up(db: Kysely<any>): Promise<void> {
  const now = utcNow(db);
  await db.schema
    .createTable('store_credit_entries')
    .addColumn('sce_id', 'integer', identityKey(db))
    .addColumn('u_id', 'integer', (c) => c.notNull().references('users.u_id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('grant', 'use', 'give_back')`))
    .addColumn('amount', BIG_INTEGER, (c) => c.notNull())
    .addColumn('balance_after', BIG_INTEGER, (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('r_id', 'integer')
    .addColumn('o_id', 'integer', (c) => c.references('orders.o_id').onDelete('set null'))
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('store_credit_entries_kind_r_id_unique', ['kind', 'r_id'])
    .addUniqueConstraint('store_credit_entries_kind_o_id_unique', ['kind', 'o_id'])
    .addCheckConstraint(
      'store_credit_entries_shape',
      sql`(kind = 'grant' and amount > 0 and r_id is not null) or (kind = 'use' and amount < 0) or (kind = 'give_back' and amount > 0)`,
    )
    .execute();
  await db.schema.createIndex('store_credit_entries_u_id').on('store_credit_entries').columns(['u_id', 'sce_id']).execute();

  await db.schema
    .createTable('store_credit_balances')
    .addColumn('u_id', 'integer', (c) => c.primaryKey().references('users.u_id').onDelete('cascade'))
    .addColumn('balance', BIG_INTEGER, (c) => c.notNull().defaultTo(0).check(sql`balance >= 0`))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema.alterTable('orders').addColumn('store_credit', BIG_INTEGER, (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('store_credit').execute();
  await db.schema.dropTable('store_credit_balances').execute();
  await db.schema.dropTable('store_credit_entries').execute();
}
