/**
 * A way back into a forgotten account (issue 35): a 6-digit code sent by SMS (POST /forgotpassword)
 * sets a new password (POST /resetpassword). One code per account (password_resets.u_id is unique):
 * asking again replaces it. A code lives PASSWORD_RESET_TTL_MS, is good once, and is dead after
 * PASSWORD_RESET_TRIES wrong ones. Only its HMAC is kept; the SMS carries it through the outbox.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DB } from '../connection.ts';
import { writeTransaction } from '../transaction.ts';
import { enqueue } from './outbox.ts';
import { newTokenKey } from './users.ts';
import { accountPhone } from '../../rules/phone.ts';

export const PASSWORD_RESET_TTL_MS = 10 * 60_000;
export const PASSWORD_RESET_TRIES = 5;
export const PASSWORD_RESET_EVENT = 'account.password_reset';

/** What the SMS is made from (api/messages/render.ts). */
export interface PasswordResetPayload {
  code: string;
  minutes: number;
}

/** The code's keyed digest, bound to its account. */
function codeHash(key: Uint8Array, u_id: number, code: string): string {
  return createHmac('sha256', key).update(`password-reset:${u_id}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The active account with this number; null when there is none. */
function activeAccount(db: DB, countryCode: string, phoneNumber: string) {
  return db
    .selectFrom('users')
    .select(['u_id', 'country_code', 'phone_number'])
    .where('country_code', '=', countryCode)
    .where('phone_number', '=', phoneNumber)
    .where('active', '=', 1)
    .executeTakeFirst();
}

/**
 * Asks for a code: when the number belongs to an active account, stores the code's hash (replacing
 * any earlier code, with its tries) and enqueues the SMS in the same transaction. Without an account
 * the same work is done but nothing is written. Answers whether a message was enqueued.
 */
export async function requestPasswordReset(
  db: DB,
  request: { countryCode: string; phoneNumber: string; code: string; key: Uint8Array; now?: number },
): Promise<boolean> {
  const now = request.now ?? Date.now();
  return writeTransaction(db, async (trx) => {
    const user = await activeAccount(trx, request.countryCode, request.phoneNumber);
    const code_hash = codeHash(request.key, user?.u_id ?? 0, request.code);
    if (!user) return false;
    const values = { code_hash, expires_at: now + PASSWORD_RESET_TTL_MS, attempts: 0, used_at: null, created_at: now };
    await trx
      .insertInto('password_resets')
      .values({ u_id: user.u_id, ...values })
      .onConflict((oc) => oc.column('u_id').doUpdateSet(values))
      .execute();
    const payload: PasswordResetPayload = { code: request.code, minutes: PASSWORD_RESET_TTL_MS / 60_000 };
    await enqueue(trx, {
      channel: 'sms',
      event: PASSWORD_RESET_EVENT,
      recipient: accountPhone(user.country_code, user.phone_number),
      // One message per request: a new request is a new code.
      dedupe_key: `${PASSWORD_RESET_EVENT}:${user.u_id}:${now}:${randomBytes(6).toString('hex')}`,
      payload: { ...payload },
    });
    return true;
  }, { name: 'requestPasswordReset' });
}

/**
 * How a reset went: 'reset' (the password is set, every earlier sign-in ended); 'wrong' (no such
 * code, counted when the account has one); 'dead' (this wrong code was the last try, or the tries
 * ran out before); 'expired'; 'used'.
 */
export type ResetOutcome = 'reset' | 'wrong' | 'dead' | 'expired' | 'used';

/**
 * Sets a new password with a code: in one transaction the code is checked (a wrong one counted),
 * marked used, and the account's password, token key (its tokens stop working) and "must change"
 * flag written, so a code is good once whatever runs beside it.
 */
export async function resetPasswordWithCode(
  db: DB,
  reset: { countryCode: string; phoneNumber: string; code: string; key: Uint8Array; password_hash: string; now?: number },
): Promise<ResetOutcome> {
  const now = reset.now ?? Date.now();
  return writeTransaction(db, async (trx): Promise<ResetOutcome> => {
    const user = await activeAccount(trx, reset.countryCode, reset.phoneNumber);
    const row = user ? await trx.selectFrom('password_resets').selectAll().where('u_id', '=', user.u_id).executeTakeFirst() : undefined;
    if (!user || !row) return 'wrong';
    if (row.used_at !== null) return 'used';
    if (row.attempts >= PASSWORD_RESET_TRIES) return 'dead';
    if (row.expires_at <= now) return 'expired';
    if (!sameHash(row.code_hash, codeHash(reset.key, user.u_id, reset.code))) {
      const attempts = row.attempts + 1;
      await trx.updateTable('password_resets').set({ attempts }).where('id', '=', row.id).where('attempts', '=', row.attempts).execute();
      return attempts >= PASSWORD_RESET_TRIES ? 'dead' : 'wrong';
    }
    const used = await trx.updateTable('password_resets').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return 'used';
    await trx
      .updateTable('users')
      .set({ password_hash: reset.password_hash, token_key: newTokenKey(), password_change_required: 0 })
      .where('u_id', '=', user.u_id)
      .execute();
    return 'reset';
  }, { name: 'resetPasswordWithCode' });
}
