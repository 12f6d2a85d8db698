import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// An online payment remembers the checkout it pays for (lines, coupon, address,
// as JSON text) so the provider's webhook can place the order when the shopper
// never comes back to the store after paying.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('checkout', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('checkout').execute();
}
