/**
 * Two-factor sign-in codes (issue 34): TOTP as authenticator apps use it (RFC 6238: HMAC-SHA1,
 * 6 digits, 30-second steps), computed by the otpauth library, and one-time recovery codes.
 * A code is good in its own step and the one before and after (a phone's clock a little off,
 * a code typed as it turns); the step it matched is answered, so the caller can refuse any
 * step not after the last one accepted (db/queries/totp.ts): each code works once.
 */
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps either side of now a code is still taken in. */
const WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends for HMAC-SHA1. */
const SECRET_BYTES = 20;

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a recovery code is read off paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Four groups of four (about 79 bits): far past guessing, so a plain SHA-256 keeps it safely. */
const RECOVERY_GROUPS = 4;

function totp(secretBase32: string, label = 'staff', issuer = 'Aurum') {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** A new TOTP secret, in base32 (what an authenticator app is given to type in). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// address a QR code carries: the app adds the account under `issuer` and `label`. */
export function otpauthUrl(secretBase32: string, label: string, issuer: string): string {
  return totp(secretBase32, label, issuer).toString();
}

/** The code an authenticator shows at `timestamp` (ms): for tests and examples. */
export function totpCodeAt(secretBase32: string, timestamp: number): string {
  return totp(secretBase32).generate({ timestamp });
}

/** The time step a right code belongs to, or null for a wrong one. */
export function matchingStep(secretBase32: string, code: string, timestamp = Date.now()): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

/** Whether what was typed is shaped like a TOTP code (6 digits) rather than a recovery code. */
export function isTotpCode(typed: string): boolean {
  return /^\d{6}$/.test(typed);
}

/** A recovery code as typed ("ABCD-efgh jkmn-pqrs"), reduced to what is compared: its letters and digits, lower case. */
export function recoveryCodeDigest(typed: string): string {
  return createHash('sha256').update(typed.toLowerCase().replace(/[^a-z0-9]/g, '')).digest('hex');
}

/** Ten new recovery codes, as the member of staff writes them down ("abcd-efgh-jkmn-pqrs"). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: RECOVERY_GROUPS }, () => Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('')).join('-'),
  );
}
