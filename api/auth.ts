import type { MiddlewareHandler } from 'hono';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AppEnv, Caller } from './context.ts';
import type { Config } from './env.ts';
import { ApiError, forbidden } from './errors.ts';
import { isAdministrator } from '../rules/roles.ts';

const ALGORITHM = 'HS256';
const ISSUER = 'aurum-jewellery-api';
const AUDIENCE = 'aurum-jewellery-store';
const LIFETIME = '7d';

/** Signs a session token for a user; identity lives in `sub`, nothing else is trusted from it. */
export function issueToken(config: Config, u_id: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(u_id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(config.jwtSecret);
}

/** Verifies a token with the algorithm pinned; answers the user id or null. */
export async function verifyToken(config: Config, token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const u_id = Number(payload.sub);
    return Number.isSafeInteger(u_id) && u_id > 0 ? u_id : null;
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
  const u_id = await verifyToken(config, token);
  if (u_id === null) throw forbidden();
  const user = await db
    .selectFrom('users')
    .select(['u_id', 'u_type', 'full_name'])
    .where('u_id', '=', u_id)
    .executeTakeFirst();
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
    throw new ApiError(403, 'You can only act on your own account.');
  }
}
