import type { MiddlewareHandler } from 'hono';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AppEnv, Caller } from './context.ts';
import type { Config } from './env.ts';
import { forbidden } from './errors.ts';
import { isAdministrator } from '../rules/roles.ts';
import { findTokenHolder } from '../db/queries/users.ts';

const ALGORITHM = 'HS256';
const ISSUER = 'aurum-jewellery-api';
const AUDIENCE = 'aurum-jewellery-store';
const LIFETIME = '7d';

/** The account a token is issued to: its id and its random identity (users.token_key). */
export interface TokenSubject {
  u_id: number;
  token_key: string;
}

/**
 * Signs a session token for a user. Identity lives in `sub` and `key`: the id alone
 * could name another account after a restore or a re-seed gives the id out again;
 * the account's random key cannot. Nothing else is trusted from the token.
 */
export function issueToken(config: Config, user: TokenSubject): Promise<string> {
  return new SignJWT({ key: user.token_key })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(user.u_id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(config.jwtSecret);
}

/** Verifies a token with the algorithm pinned; answers the account it names, or null. */
export async function verifyToken(config: Config, token: string): Promise<TokenSubject | null> {
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat', 'key'],
    });
    const u_id = Number(payload.sub);
    const token_key = payload.key;
    if (!Number.isSafeInteger(u_id) || u_id <= 0 || typeof token_key !== 'string' || token_key === '') return null;
    return { u_id, token_key };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/** Reads the caller from the bearer token and the database, or null for a visitor. */
async function identify(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<Caller | null> {
  const token = bearerToken(c.req.header('authorization'));
  return token ? callerOf(c, token) : null;
}

/** The user a token names, from the database; a bad token or a deleted account is refused. */
async function callerOf(c: Parameters<MiddlewareHandler<AppEnv>>[0], token: string): Promise<Caller> {
  const { config, db } = c.var.deps;
  const subject = await verifyToken(config, token);
  if (subject === null) throw forbidden();
  // The very account the token was issued to: same id and same key (an id given out again has another key).
  const user = await findTokenHolder(db, subject.u_id, subject.token_key);
  if (!user) throw forbidden('This account no longer exists. Please log in again.');
  return { ...user, isAdmin: isAdministrator(user) };
}

/** Lets only a logged-in user through; sets `c.var.caller`. */
export function requireUser(): MiddlewareHandler<AppEnv> {
  return async function requireUser(c, next) {
    const caller = await identify(c);
    if (!caller) throw forbidden('Please log in to continue.');
    c.set('caller', caller);
    await next();
  };
}

/** Lets only an administrator through; the role is read from the database on every call. */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async function requireAdmin(c, next) {
    const caller = await identify(c);
    if (!caller) throw forbidden('Please log in as an administrator.');
    if (!caller.isAdmin) throw forbidden('Only administrators can do this.');
    c.set('caller', caller);
    await next();
  };
}

/** Identifies the caller when a token is sent, without requiring one (a bad token is still refused). */
export function identifyCaller(): MiddlewareHandler<AppEnv> {
  return async function identifyCaller(c, next) {
    // A visitor (most catalogue calls) costs one header look-up, nothing awaited.
    const token = bearerToken(c.req.header('authorization'));
    if (token) c.set('caller', await callerOf(c, token));
    await next();
  };
}

/**
 * A `u_id` named in a path or body must be the caller's own; administrators may name anyone.
 * Refused with 403 so the storefront treats it as a broken session.
 */
export function assertOwnUser(caller: Caller, u_id: number): void {
  if (caller.u_id !== u_id && !caller.isAdmin) {
    throw forbidden('You can only act on your own account.');
  }
}
