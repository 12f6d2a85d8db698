import { type Kysely, sql } from 'kysely';
import { BIG_INTEGER, engineOf, identityKey, utcNow } from './portable.ts';

// Frozen in time: this migration never imports application code.
// Staff, permissions and an audit trail (issue 34):
// - users.role: a back-office account's role (owner, manager, orders, catalogue, accounts;
//   null for a shopper). Every administrator of the data so far becomes an owner; staff keep
//   u_type "0" so that clients written before roles still know a back-office account.
// - users.active: 0 once the owner deactivates the account (its tokens stop at once).
// - users.password_change_required: 1 for a password the owner set, until its holder
//   changes it.
// - users.totp_secret (encrypted at rest), totp_enabled, totp_last_step (the last time
//   step a code was accepted in: a code is good once); totp_recovery_codes holds the hashes
//   of the one-time recovery codes.
// - audit_log: every back-office write, recorded in the same transaction as the change.
//   Append-only: a trigger refuses UPDATE and DELETE on both engines, whoever asks.

const APPEND_ONLY = 'The audit trail is append-only: its entries cannot be changed or deleted.';

export async function up(db: Kysely<any>): Promise<void> {
  const now = utcNow(db);
  await db.schema.alterTable('users').addColumn('role', 'text').execute();
  await db.schema.alterTable('users').addColumn('active', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('users').addColumn('password_change_required', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', BIG_INTEGER).execute();
  await db.updateTable('users').set({ role: 'owner' }).where('u_type', '=', '0').execute();

  await db.schema
    .createTable('totp_recovery_codes')
    .addColumn('trc_id', 'integer', identityKey(db))
    .addColumn('u_id', 'integer', (c) => c.notNull().references('users.u_id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('totp_recovery_codes_u_id_code_hash_unique', ['u_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', identityKey(db))
    .addColumn('actor_u_id', 'integer')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text')
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('audit_log_created_at').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id', 'id']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_u_id', 'id']).execute();

  if (engineOf(db) === 'postgres') {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception '${sql.raw(APPEND_ONLY)}' using errcode = 'P0001';
      end $$`.execute(db);
    await sql`
      create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`
      create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    for (const event of ['update', 'delete']) {
      await sql`
        create trigger ${sql.id(`audit_log_no_${event}`)} before ${sql.raw(event)} on audit_log
        begin select raise(abort, '${sql.raw(APPEND_ONLY)}'); end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`drop trigger if exists audit_log_no_truncate on audit_log`.execute(db);
    await sql`drop trigger if exists audit_log_append_only on audit_log`.execute(db);
    await sql`drop function if exists audit_log_append_only()`.execute(db);
  }
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('totp_recovery_codes').execute();
  for (const column of ['totp_last_step', 'totp_enabled', 'totp_secret', 'password_change_required', 'active', 'role']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
