import { type Kysely, sql } from 'kysely';
import { BIG_INTEGER, identityKey, utcNow } from './portable.ts';

// Frozen in time: this migration never imports application code.
// Returns, exchanges and buy-backs, and the GST credit notes they issue (issue 36):
// - returns: one request of a shopper about one delivered order: kind refund | exchange | buyback,
//   its status on the lifecycle requested -> approved | rejected -> picked_up -> received ->
//   inspected -> refunded | credited (withdrawn by the shopper before pick-up), the reason (a key
//   of a fixed list) and the shopper's words, the pick-up's courier and tracking number, and once
//   paid: the amount (minor units of the order's currency), how it was paid (online: through the
//   payment provider; bank / upi: a transfer whose reference is kept; store_credit) and, for an
//   online refund, whether the provider has accepted it yet (payout_status due -> paid).
// - return_items: one row per piece asked back (piece 1..quantity of the order line). A piece is
//   in one live request at most: the partial unique index on (oi_id, piece) where active = 1, so a
//   line is never returned twice or beyond its quantity whatever runs beside (a rejected or
//   withdrawn request sets active = 0 and frees its pieces). huid: the HUID read off the piece at
//   inspection (it must be one recorded on the line when sold).
// - return_events: the request's timeline (each status, who, when, the note).
// - credit_notes: the GST credit note of a refund or credit against a tax invoice: its own series
//   per financial year (credit_note_counters), at most 16 characters, the invoice it refers to,
//   the value credited and its tax in the invoice's split, and the whole document (JSON) the PDF is
//   drawn from. One per return at most.

export async function up(db: Kysely<any>): Promise<void> {
  const now = utcNow(db);
  await db.schema
    .createTable('returns')
    .addColumn('r_id', 'integer', identityKey(db))
    .addColumn('o_id', 'integer', (c) => c.notNull().references('orders.o_id'))
    .addColumn('u_id', 'integer', (c) => c.references('users.u_id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('refund', 'exchange', 'buyback')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('requested')
        .check(sql`status in ('requested', 'approved', 'rejected', 'picked_up', 'received', 'inspected', 'refunded', 'credited', 'withdrawn')`),
    )
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('refund_amount', BIG_INTEGER, (c) => c.check(sql`refund_amount >= 0`))
    .addColumn('payout_method', 'text', (c) => c.check(sql`payout_method in ('online', 'bank', 'upi', 'store_credit')`))
    .addColumn('payout_reference', 'text')
    .addColumn('payout_status', 'text', (c) => c.check(sql`payout_status in ('due', 'paid')`))
    .addColumn('courier_name', 'text')
    .addColumn('tracking_number', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('returns_status').on('returns').columns(['status', 'r_id']).execute();
  await db.schema.createIndex('returns_u_id').on('returns').columns(['u_id', 'r_id']).execute();
  await db.schema.createIndex('returns_o_id').on('returns').columns(['o_id']).execute();

  await db.schema
    .createTable('return_items')
    .addColumn('r_id', 'integer', (c) => c.notNull().references('returns.r_id').onDelete('cascade'))
    .addColumn('oi_id', 'integer', (c) => c.notNull().references('order_items.oi_id'))
    .addColumn('piece', 'integer', (c) => c.notNull().check(sql`piece >= 1`))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`active in (0, 1)`))
    .addColumn('huid', 'text')
    .addPrimaryKeyConstraint('return_items_pkey', ['r_id', 'oi_id', 'piece'])
    .execute();
  // A piece is asked back by one live request at most: never twice, never beyond the line's quantity.
  await db.schema
    .createIndex('return_items_live_piece_unique')
    .on('return_items')
    .columns(['oi_id', 'piece'])
    .unique()
    .where(sql<boolean>`active = 1`)
    .execute();

  await db.schema
    .createTable('return_events')
    .addColumn('re_id', 'integer', identityKey(db))
    .addColumn('r_id', 'integer', (c) => c.notNull().references('returns.r_id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull().check(sql`actor in ('shopper', 'shop', 'system')`))
    .addColumn('u_id', 'integer')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('return_events_r_id').on('return_events').columns(['r_id', 're_id']).execute();

  await db.schema
    .createTable('credit_note_counters')
    .addColumn('financial_year', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('credit_notes')
    .addColumn('credit_note_no', 'text', (c) => c.primaryKey().check(sql`length(credit_note_no) <= 16`))
    .addColumn('r_id', 'integer', (c) => c.notNull().references('returns.r_id'))
    .addColumn('o_id', 'integer', (c) => c.notNull().references('orders.o_id'))
    .addColumn('invoice_no', 'text', (c) => c.notNull().references('invoices.invoice_no'))
    .addColumn('financial_year', 'integer', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('supply', 'text', (c) => c.notNull().check(sql`supply in ('intra_state', 'inter_state', 'export')`))
    .addColumn('place_of_supply', 'text')
    .addColumn('gross', BIG_INTEGER, (c) => c.notNull())
    .addColumn('taxable', BIG_INTEGER, (c) => c.notNull())
    .addColumn('cgst', BIG_INTEGER, (c) => c.notNull())
    .addColumn('sgst', BIG_INTEGER, (c) => c.notNull())
    .addColumn('igst', BIG_INTEGER, (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addUniqueConstraint('credit_notes_r_id_unique', ['r_id'])
    .addUniqueConstraint('credit_notes_year_sequence_unique', ['financial_year', 'sequence'])
    .execute();
  await db.schema.createIndex('credit_notes_issued_at').on('credit_notes').columns(['issued_at']).execute();
  await db.schema.createIndex('credit_notes_o_id').on('credit_notes').columns(['o_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credit_notes').execute();
  await db.schema.dropTable('credit_note_counters').execute();
  await db.schema.dropTable('return_events').execute();
  await db.schema.dropTable('return_items').execute();
  await db.schema.dropTable('returns').execute();
}
