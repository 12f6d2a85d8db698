import type { Kysely } from 'kysely';
import { BIG_INTEGER } from './portable.ts';

// Frozen in time: this migration never imports application code.
// - media_files: the pixel size of each stored image, recorded when it is stored, so the
//   storefront build never reads a file (which may be in a bucket) to learn it.
// - leases: who may do a job that must run on one instance at a time (the storefront
//   build, periodic jobs) until when; taken and renewed by one conditional upsert.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_files')
    .addColumn('folder', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addPrimaryKeyConstraint('media_files_pk', ['folder', 'name'])
    .execute();
  await db.schema
    .createTable('leases')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(200)', (c) => c.notNull())
    // Epoch milliseconds.
    .addColumn('expires_at', BIG_INTEGER, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('leases').execute();
  await db.schema.dropTable('media_files').execute();
}
