/**
 * How account passwords are stored (users.password_hash) and checked: used by the
 * API's sign-up and login and by the demo seed's accounts. One implementation.
 */
import { hash, verify } from '@node-rs/argon2';

// OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1.
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id at the OWASP parameters (salt included in the PHC string). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no stored hash (unknown phone)
 * it still does the same work against a decoy, so timing does not tell which
 * phone numbers have accounts.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword('decoy-password-for-unknown-accounts');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
