/**
 * Secrets at rest (issue 34): a buyer's PAN and a member of staff's TOTP secret are kept
 * sealed with AES-256-GCM under the store's key (PAN_KEY, api/env.ts), so a copy of the
 * database (a backup, a dump, a replica) does not give them away. node:crypto does the
 * cryptography; this file only chooses its parameters and the stored form:
 *
 *   enc:v1:<iv>:<tag>:<ciphertext>   (each base64url; a fresh 96-bit IV for every value)
 *
 * The purpose ("pan", "totp") is bound in as additional data: a value sealed as one cannot
 * be opened as another, so a TOTP secret copied into an order's PAN column does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

/** What a sealed value is for; a value opens only for the purpose it was sealed for. */
export type SecretPurpose = 'pan' | 'totp' | 'webhook';

/** The sentence a PAN_KEY of the wrong shape is refused with. */
export const SECRET_KEY_MESSAGE = 'PAN_KEY must be 32 random bytes written as 64 hex digits or in base64 (e.g. openssl rand -base64 32)';

/**
 * Reads a 32-byte key written as 64 hex digits or in base64 (or base64url); throws
 * SECRET_KEY_MESSAGE otherwise (never repeating the value).
 */
export function secretKeyFrom(text: string): Uint8Array {
  const written = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(written)) key = Buffer.from(written, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(written)) key = Buffer.from(written.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (!key || key.length !== SECRET_KEY_BYTES) throw new Error(SECRET_KEY_MESSAGE);
  return new Uint8Array(key);
}

/** A new random key, written in base64 (what a store on SQLite keeps in DATA_DIR/pan-key). */
export function newSecretKey(): string {
  return randomBytes(SECRET_KEY_BYTES).toString('base64');
}

/** Whether a stored value is sealed (anything else is a value kept before sealing began). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** Seals `plain` under `key` for `purpose`: the text to store. */
export function sealSecret(key: Uint8Array, plain: string, purpose: SecretPurpose): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(purpose));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${sealed.toString('base64url')}`;
}

/** A stored value that does not open: another key, another purpose, or altered. */
export class SecretUnreadable extends Error {
  constructor(purpose: SecretPurpose) {
    super(`A stored ${{ pan: 'PAN', totp: 'TOTP secret', webhook: 'webhook signing secret' }[purpose]} does not open with this PAN_KEY: the key was changed, or the value was altered.`);
    this.name = 'SecretUnreadable';
  }
}

/**
 * Opens a value sealed by sealSecret; throws SecretUnreadable when it does not open
 * (another key or purpose, or altered: GCM's tag refuses any change).
 */
export function openSecret(key: Uint8Array, stored: string, purpose: SecretPurpose): string {
  const parts = isSealed(stored) ? stored.slice(PREFIX.length).split(':') : [];
  if (parts.length !== 3) throw new SecretUnreadable(purpose);
  const [iv, tag, sealed] = parts.map((part) => Buffer.from(part, 'base64url'));
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretUnreadable(purpose);
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadable(purpose);
  }
}
