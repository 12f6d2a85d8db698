import type { MiddlewareHandler } from 'hono';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AppEnv, Caller } from './context.ts';
import type { Config } from './env.ts';
import { forbiddenError } from '../rules/errors.ts';
import { isAdministrator } from '../rules/roles.ts';
import { isRole, missingPermissionMessage, type Permission, permissionsOf } from '../rules/permissions.ts';
import { findTokenHolder } from '../db/queries/users.ts';
import { staffPolicy } from '../db/queries/shop-settings.ts';
import { type Actor, actingAs } from '../db/audit.ts';
import { clientAddress } from './client-address.ts';

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

type Ctx = Parameters<MiddlewareHandler<AppEnv>>[0];

/**
 * What a token held back may still do: a password the owner set, only change it (`'allow'`:
 * PUT /changepassword); staff who must turn on two-factor sign-in (STAFF_TOTP=required), only
 * that (`'totp'`: GET /totp/status, POST /totp/setup, POST /totp/enable) and change their
 * password (`'allow'`). `'refuse'`: neither (every other call).
 */
export type PendingPassword = 'refuse' | 'totp' | 'allow';

/** Reads the caller from the bearer token and the database, or null for a visitor. */
async function identify(c: Ctx, pending: PendingPassword = 'refuse'): Promise<Caller | null> {
  const token = bearerToken(c.req.header('authorization'));
  return token ? callerOf(c, token, pending) : null;
}

/**
 * The user a token names, from the database; a bad token, a deleted or deactivated account
 * is refused, and so is every call but PUT /changepassword while the password is one the
 * owner set, and every call but turning on two-factor sign-in (and PUT /changepassword) while
 * the shop requires it of staff who have not (`pending`).
 */
async function callerOf(c: Ctx, token: string, pending: PendingPassword = 'refuse'): Promise<Caller> {
  const { config, db } = c.var.deps;
  const subject = await verifyToken(config, token);
  if (subject === null) throw forbiddenError();
  // The very account the token was issued to: same id and same key (an id given out again has another key).
  const user = await findTokenHolder(db, subject.u_id, subject.token_key);
  if (!user) throw forbiddenError('This account no longer exists or was deactivated. Please log in again.');
  if (user.password_change_required === 1 && pending !== 'allow') {
    throw forbiddenError('Please change the password the owner set for you before you go on (PUT /changepassword).', { password_change_required: true });
  }
  const isAdmin = isAdministrator(user);
  if (isAdmin && totpSetupRequired(config, user) && pending === 'refuse') {
    throw forbiddenError(TOTP_SETUP_REQUIRED_MESSAGE, { totp_setup_required: true });
  }
  const role = isRole(user.role) ? user.role : null;
  const permissions = isAdmin ? permissionsOf(role ?? 'owner', role === 'catalogue' ? await staffPolicy(db) : undefined) : [];
  return { u_id: user.u_id, u_type: user.u_type, full_name: user.full_name, country_code: user.country_code, isAdmin, role: isAdmin ? (role ?? 'owner') : null, permissions };
}

/** The sentence a token held back for two-factor sign-in is refused with (403, data.totp_setup_required). */
export const TOTP_SETUP_REQUIRED_MESSAGE = 'The shop requires two-factor sign-in for staff: please turn it on before you go on (POST /totp/setup, then POST /totp/enable with a code).';

/** Whether a member of staff must turn on two-factor sign-in before anything else (STAFF_TOTP=required and not on). */
export function totpSetupRequired(config: Pick<Config, 'staffTotp'>, user: { totp_enabled: number }): boolean {
  return config.staffTotp === 'required' && user.totp_enabled !== 1;
}

/** Lets only a logged-in user through; sets `c.var.caller`. `pending: 'allow'` lets a password the owner set through (to change it). */
export function requireUser(pending: PendingPassword = 'refuse'): MiddlewareHandler<AppEnv> {
  return async function requireUser(c, next) {
    const caller = await identify(c, pending);
    if (!caller) throw forbiddenError('Please log in to continue.');
    c.set('caller', caller);
    await next();
  };
}

/** The staff member a back-office request acts for, for the audit trail. */
export function actorOf(c: Ctx, caller: Caller): Actor {
  return { u_id: caller.u_id, name: caller.full_name, role: caller.role, ip: clientAddress(c), request_id: c.var.requestId ?? null };
}

/**
 * Lets through only staff who hold `permission` (rules/permissions.ts), read from the
 * database on every call; null asks only for an active staff account (their own profile).
 * `pending: 'totp'` also lets through a token held back until two-factor sign-in is on.
 * The handler runs as that staff member: its writes are recorded in the audit trail.
 */
export function requirePermission(permission: Permission | null, pending: PendingPassword = 'refuse'): MiddlewareHandler<AppEnv> {
  return async function requirePermission(c, next) {
    const caller = await identify(c, pending);
    if (!caller) throw forbiddenError('Please log in as an administrator.');
    if (!caller.isAdmin) throw forbiddenError('Only administrators can do this.');
    if (permission && !caller.permissions.includes(permission)) throw forbiddenError(missingPermissionMessage(permission), { missing_permission: permission });
    c.set('caller', caller);
    await actingAs(actorOf(c, caller), next);
  };
}

/** Lets only an administrator through: any active staff member (their role's permissions are checked by requirePermission). */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return requirePermission(null);
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
 * A `u_id` named in a path or body must be the caller's own; staff holding `permission` may
 * name anyone. Refused with 403 so the storefront treats it as a broken session.
 */
export function assertOwnUser(caller: Caller, u_id: number, permission: Permission = 'customers.manage'): void {
  if (caller.u_id !== u_id && !caller.permissions.includes(permission)) {
    throw forbiddenError('You can only act on your own account.');
  }
}
