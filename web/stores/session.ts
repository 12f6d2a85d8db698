import { atom, computed } from 'nanostores';
import { currencyFor, INDIA_COUNTRY_CODE } from '../../rules/currency.ts';
import type { Currency } from '../../rules/money.ts';
import type { Permission, Role } from '../../rules/permissions.ts';
import { isAdministrator } from '../../rules/roles.ts';

/** The logged-in shopper as /userlogin answers it, kept in localStorage. */
export interface SessionUser {
  u_id: number;
  full_name: string;
  u_name?: string;
  phoneNumber: string;
  /** '+91' means India (rupee prices). */
  countryCode: string;
  auth_token: string;
  /** '0' administrator, anything else a shopper. */
  u_type: string;
  token?: string;
  /** A member of staff's role (issue 34); null for a shopper. */
  role?: Role | null;
  /** What they may do in the back office, as the server last said (login, GET /getuserprofile). */
  permissions?: Permission[];
  /** The password is one the owner set: changing it is the only thing the token may do. */
  password_change_required?: true;
  /** The shop requires two-factor sign-in of staff and it is not on yet: setting it up is all the token may do. */
  totp_setup_required?: true;
}

/**
 * The fixed localStorage key names (storefront.md §3, §9): the session user,
 * the token kept once more on its own, the stored order data (the answer of
 * /getuserorder), the pending online-payment order and the phone number.
 */
export const STORAGE_KEYS = {
  user: 'user',
  token: 'token',
  orderData: 'orderData',
  pendingOrder: 'pendingOrder',
  phoneNumber: 'phoneNumber',
} as const;

const hasStorage = () => typeof window !== 'undefined' && typeof window.localStorage !== 'undefined';

function readJson<T>(key: string): T | null {
  if (!hasStorage()) return null;
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  if (!hasStorage()) return;
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

function readUser(): SessionUser | null {
  const user = readJson<SessionUser>(STORAGE_KEYS.user);
  return user && user.u_id && user.auth_token ? user : null;
}

/** The session user, or null for a visitor. Pre-rendering sees a visitor. */
export const $user = atom<SessionUser | null>(readUser());

/** Logged in means auth_token and u_id exist in browser storage (§4). */
export const $isLoggedIn = computed($user, (user) => Boolean(user?.auth_token && user.u_id));

/** True for an administrator (u_type '0'). */
export const $isAdmin = computed($user, (user) => isAdministrator(user));

/** A session's country code; an older session kept it only as the phone number's prefix. */
export function sessionCountryCode(user: Pick<SessionUser, 'countryCode' | 'phoneNumber'>): string {
  return user.countryCode || (user.phoneNumber?.startsWith(INDIA_COUNTRY_CODE) ? INDIA_COUNTRY_CODE : '');
}

/** Rupees for visitors and +91, dollars for everyone else: decided once, in rules/currency.ts. */
export const $currency = computed($user, (user): Currency => currencyFor(user ? sessionCountryCode(user) : null));

/** Stores the user /userlogin answered, as the session. */
export function login(user: SessionUser): void {
  // Order data stored for someone else on this browser is not this shopper's.
  writeJson(STORAGE_KEYS.orderData, null);
  writeJson(STORAGE_KEYS.user, user);
  if (hasStorage()) {
    localStorage.setItem(STORAGE_KEYS.token, user.auth_token);
    localStorage.setItem(STORAGE_KEYS.phoneNumber, user.phoneNumber);
  }
  $user.set(user);
}

/**
 * Changes the stored session in place (a new token after a password change, the role and
 * permissions as the server says them now); a field given as undefined is dropped. The
 * same session again changes nothing (whatever watches the session is not woken).
 */
export function updateSession(change: Partial<SessionUser>): void {
  const user = $user.get();
  if (!user) return;
  const next = JSON.parse(JSON.stringify({ ...user, ...change })) as SessionUser;
  // Nothing new (a refusal saying again what the session already says): no change to react to.
  if (JSON.stringify(next) === JSON.stringify(user)) return;
  writeJson(STORAGE_KEYS.user, next);
  if (hasStorage()) localStorage.setItem(STORAGE_KEYS.token, next.auth_token);
  $user.set(next);
}

/** Forgets the session and the stored order data (log out, and any 403 answer). */
export function clearSession(): void {
  if (hasStorage()) {
    for (const key of [STORAGE_KEYS.user, STORAGE_KEYS.token, STORAGE_KEYS.orderData, STORAGE_KEYS.phoneNumber]) localStorage.removeItem(key);
  }
  $user.set(null);
}

/** Logs out: the same clearing as a forbidden answer; the caller shows 'Logged out successfully!'. */
export function logout(): void {
  clearSession();
}

/** The stored order data (the data of /getuserorder), or null when not fetched yet. */
export function getOrderData<T = unknown>(): T | null {
  return readJson<T>(STORAGE_KEYS.orderData);
}

export function setOrderData(data: unknown): void {
  writeJson(STORAGE_KEYS.orderData, data);
}

/** The order kept while the shopper is away at the payment provider's page. */
export function getPendingOrder<T = unknown>(): T | null {
  return readJson<T>(STORAGE_KEYS.pendingOrder);
}

export function setPendingOrder(order: unknown): void {
  writeJson(STORAGE_KEYS.pendingOrder, order);
}

export function clearPendingOrder(): void {
  writeJson(STORAGE_KEYS.pendingOrder, null);
}

// Another tab logging in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.user || event.key === null) $user.set(readUser());
  });
}
