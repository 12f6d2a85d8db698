/**
 * The second step of a member of staff's sign-in (POST /userlogin) once two-factor sign-in
 * is on: a code of the authenticator app, good once (its time step must come after the last
 * one accepted), or an unused recovery code, then used up.
 */
import { openSecret } from '../../../db/secrets.ts';
import { takeTotpStep, useRecoveryCode } from '../../../db/queries/totp.ts';
import type { DB } from '../../../db/connection.ts';
import { DomainError } from '../../../rules/errors.ts';
import { isTotpCode, matchingStep, recoveryCodeDigest } from './codes.ts';

/** The answer to a sign-in that needs its code: no code was sent. */
export const TOTP_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app to sign in (or one of your recovery codes).';
/** The answer to a sign-in whose code is wrong or was used already. */
export const TOTP_WRONG_MESSAGE = 'That code is not right, or was used already. Enter the code your authenticator app shows now, or an unused recovery code.';

/** 401 with `data.totp_required: true`: the password was right, the sign-in needs (another) code. */
export function totpRequired(message: string): DomainError {
  return new DomainError('unauthorized', message, { totp_required: true });
}

/** A code as typed, without the spaces an app shows in it ("123 456"). */
export function typedCode(typed: string): string {
  return typed.replace(/\s+/g, '');
}

/**
 * Whether `typed` signs this user in: a right code of a step after the last one accepted
 * (which it becomes), or one of their unused recovery codes (then used up).
 */
export async function acceptSignInCode(db: DB, panKey: Uint8Array, user: { u_id: number; totp_secret: string | null }, typed: string): Promise<boolean> {
  const code = typedCode(typed);
  if (!isTotpCode(code)) return useRecoveryCode(db, user.u_id, recoveryCodeDigest(code));
  if (!user.totp_secret) return false;
  const step = matchingStep(openSecret(panKey, user.totp_secret, 'totp'), code);
  return step !== null && takeTotpStep(db, user.u_id, step);
}
