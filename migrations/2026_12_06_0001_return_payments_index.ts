import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// The sales report reads the returns paid in its period from the timeline (the desk's 'refunded'
// and 'credited' steps, by when they were made). Without an index it read every step of every
// return ever made; with (status, created_at) it reads only the period's payments.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('return_events_status_created').on('return_events').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('return_events_status_created').execute();
}
