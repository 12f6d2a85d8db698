import { randomBytes } from 'node:crypto';
import { type DB, engineOf } from '../connection.ts';
import type { NewUser } from '../schema.ts';

export function findUserByPhone(db: DB, countryCode: string, phoneNumber: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('country_code', '=', countryCode)
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirst();
}

/** An account by its id (with its password hash: for the password change only). */
export function findUserById(db: DB, u_id: number) {
  return db.selectFrom('users').selectAll().where('u_id', '=', u_id).executeTakeFirst();
}

/** A new account's random token identity (users.token_key): 144 bits, never reused. */
export function newTokenKey(): string {
  return randomBytes(18).toString('base64url');
}

export type CreatedUser = { u_id: number } | { taken: 'phone' | 'username' };

/**
 * Inserts a user with a fresh token key; answers what was already taken when the
 * phone number or the username (whatever its case) belongs to another account.
 */
export async function createUser(db: DB, user: Omit<NewUser, 'token_key'>): Promise<CreatedUser> {
  const row = await db
    .insertInto('users')
    .values({ ...user, token_key: newTokenKey() })
    .onConflict((oc) => oc.doNothing())
    .returning('u_id')
    .executeTakeFirst();
  if (row) return { u_id: row.u_id };
  const phone = await findUserByPhone(db, user.country_code, user.phone_number);
  return { taken: phone ? 'phone' : 'username' };
}


/**
 * Locks a shopper's row until the write transaction ends (PostgreSQL's SELECT … FOR
 * UPDATE; SQLite's transaction already holds the one write lock): the writes that take
 * it (a Buy Now order, which has no cart line to lock) run one after another, each
 * seeing the one before.
 */
export async function lockShopper(trx: DB, u_id: number): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await trx.selectFrom('users').select('u_id').where('u_id', '=', u_id).forUpdate().execute();
}

/**
 * The account a token was issued to, as a caller: the same id and the same token key (an id
 * given out again has another key); undefined when it no longer exists or was deactivated.
 */
export function findTokenHolder(db: DB, u_id: number, token_key: string) {
  return db
    .selectFrom('users')
    .select(['u_id', 'u_type', 'full_name', 'country_code', 'role', 'password_change_required', 'totp_enabled'])
    .where('u_id', '=', u_id)
    .where('token_key', '=', token_key)
    .where('active', '=', 1)
    .executeTakeFirst();
}

/** An account's country calling code ("+91"); undefined when there is no such account. */
export async function countryCodeOf(db: DB, u_id: number): Promise<string | undefined> {
  const user = await db.selectFrom('users').select('country_code').where('u_id', '=', u_id).executeTakeFirst();
  return user?.country_code;
}

/** An account's full name (a review is signed with it, whatever name a form sent); throws when there is no such account. */
export async function fullNameOf(db: DB, u_id: number): Promise<string> {
  const { full_name } = await db.selectFrom('users').select('full_name').where('u_id', '=', u_id).executeTakeFirstOrThrow();
  return full_name;
}
