import type { Kysely } from 'kysely';
import { BIG_INTEGER, identityKey } from './portable.ts';

// Frozen in time: this migration never imports application code.
// A way back into a forgotten account (issue 35): POST /forgotpassword sends a 6-digit code by
// SMS, POST /resetpassword takes it with a new password.
// - One row per account (u_id unique): a new request replaces the code in place, so an older
//   code is dead the moment a new one is asked for.
// - code_hash: an HMAC of the code, never the code itself.
// - expires_at (10 minutes after the request), used_at and created_at: epoch ms.
// - attempts: wrong codes typed; at 5 the code is dead and a new one must be asked for.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'integer', identityKey(db))
    .addColumn('u_id', 'integer', (c) => c.notNull().references('users.u_id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', BIG_INTEGER, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', BIG_INTEGER)
    .addColumn('created_at', BIG_INTEGER, (c) => c.notNull())
    .addUniqueConstraint('password_resets_u_id_unique', ['u_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
}
