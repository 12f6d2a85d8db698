import { type Kysely, sql } from 'kysely';
import { identityKey, utcNow } from './portable.ts';

// Frozen in time: this migration never imports application code.
// A shopper's photos of the pieces asked back (issue 36): private files kept in the store's
// private folder ReturnPhotos (stored key media/ReturnPhotos/<file_name>, a generated name;
// never served at a public URL), each row belonging to its return (whose u_id is the owner).
// slot 1..5: at most five photos to a return, whatever runs beside: a sixth upload racing
// with the fifth takes the same slot and loses on return_photos_slot_unique.
// content_type: what the bytes are (judged by content, never by the client's word); size in
// bytes as stored (after re-encoding without metadata).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('return_photos')
    .addColumn('rp_id', 'integer', identityKey(db))
    .addColumn('r_id', 'integer', (c) => c.notNull().references('returns.r_id').onDelete('cascade'))
    .addColumn('slot', 'integer', (c) => c.notNull().check(sql`slot between 1 and 5`))
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ('image/jpeg', 'image/png', 'image/webp')`))
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(utcNow(db)))
    .addUniqueConstraint('return_photos_slot_unique', ['r_id', 'slot'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('return_photos').execute();
}
