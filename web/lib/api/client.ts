import type { paths } from './schema.d.ts';
import { clearSession, $user, updateSession } from '../../stores/session.ts';
import { loginPathHere } from '../login-return.ts';

/** Every answer of the API: status 1 on success, a description to show as is, and the data. */
export interface Envelope<T = unknown> {
  status: number;
  description: string;
  data: T;
  /** Some failure answers carry a `message` the storefront prefers over the description. */
  message?: string;
}

type Method = 'get' | 'post' | 'put' | 'delete';
type PathsWith<M extends Method> = { [P in keyof paths]: paths[P] extends Record<M, object> ? P : never }[keyof paths];
type Operation<P extends keyof paths, M extends Method> = paths[P] extends Record<M, infer O> ? O : never;

/** The JSON body an operation takes, from openapi.yaml (unknown where the contract has none yet). */
export type RequestBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : Record<string, unknown>;

type SuccessContent<O> = O extends { responses: infer R }
  ? R extends { 200: { content: { 'application/json': infer C } } }
    ? C
    : R extends { 201: { content: { 'application/json': infer C } } }
      ? C
      : unknown
  : unknown;

/** The `data` of an operation's success answer, from openapi.yaml (unknown where the contract has none yet). */
export type ResponseData<P extends keyof paths, M extends Method> = SuccessContent<Operation<P, M>> extends { data: infer D } ? D : unknown;

type OperationParameters<P extends keyof paths, M extends Method> = Operation<P, M> extends { parameters: infer X } ? X : object;
type Present<X> = [NonNullable<X>] extends [never] ? object : NonNullable<X>;
type PathParams<X> = X extends { path?: infer T } ? Present<T> : object;
type QueryParams<X> = X extends { query?: infer Q } ? Present<Q> : object;

/** The path placeholders and query parameters an operation takes, from openapi.yaml: `{ u_id: 3 }`, `{ page: 1, status: 2 }`. */
export type Params<P extends keyof paths, M extends Method> = PathParams<OperationParameters<P, M>> & QueryParams<OperationParameters<P, M>>;

/** A request that failed before the API could answer (network down, not JSON). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The store could not be reached.', { cause });
    this.name = 'NetworkError';
  }
}

/**
 * What a forbidden answer (403) says of the session, from its data: a permission the role
 * lacks (`missing_permission`: the session stands, the screen says what is missing); a
 * first password to change (`password_change_required`) or two-factor sign-in to set up
 * (`totp_setup_required`) before anything else; otherwise the session is gone.
 */
export function forbiddenReason(data: unknown): 'permission' | 'password' | 'two-factor' | 'session' {
  const said = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (typeof said.missing_permission === 'string') return 'permission';
  if (said.password_change_required === true) return 'password';
  if (said.totp_setup_required === true) return 'two-factor';
  return 'session';
}

const permissionRefusals = new Set<() => void>();

/** Called whenever a call is refused for a missing permission (the back office then reads the role again); answers the unsubscribe. */
export function onMissingPermission(listener: () => void): () => void {
  permissionRefusals.add(listener);
  return () => permissionRefusals.delete(listener);
}

/**
 * Where a forbidden answer sends its user (`data` is the answer's): a missing permission
 * leaves everything as it is; a first password to change goes to the login page's step for
 * it; two-factor sign-in to set up is marked on the session (the back office shows the
 * set-up); anything else means the session is gone: log in again.
 */
export function onForbidden(data?: unknown): void {
  const reason = forbiddenReason(data);
  if (reason === 'permission') {
    for (const listener of permissionRefusals) listener();
    return;
  }
  if (reason === 'password' || reason === 'two-factor') {
    updateSession(reason === 'password' ? { password_change_required: true } : { totp_setup_required: true });
    if (reason === 'password' && typeof location !== 'undefined' && location.pathname !== '/login') location.assign(loginPathHere());
    return;
  }
  clearSession();
  if (typeof location !== 'undefined' && location.pathname !== '/login') location.assign(loginPathHere());
}

/**
 * The one way the storefront talks to the API: same origin, JSON in and out,
 * the bearer token of the stored session on every call, the envelope parsed
 * whatever the HTTP code. A 403 logs the shopper out and goes to /login, unless it only
 * names a missing permission or a step to take first (onForbidden).
 * Resolves with the envelope (check `status`); rejects only with NetworkError.
 * `extraHeaders` carries per-call headers such as an order's Idempotency-Key.
 */
async function request<T = unknown>(method: Method, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  const token = $user.get()?.auth_token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let init: RequestInit = { method: method.toUpperCase(), headers };
  if (body instanceof FormData) init = { ...init, body };
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init = { ...init, body: JSON.stringify(body) };
  }
  let response: Response;
  let envelope: Envelope<T>;
  try {
    response = await fetch(path, init);
    envelope = (await response.json()) as Envelope<T>;
  } catch (error) {
    throw new NetworkError(error);
  }
  if (response.status === 403) onForbidden(envelope?.data);
  return envelope;
}

/**
 * A contract path made a URL: `{name}` placeholders filled (`/getcart/{u_id}`),
 * every other defined parameter in the query string (`/getorderlist?page=1&perPage=10`).
 */
function fillPath(path: string, params: object = {}): string {
  const values = params as Record<string, string | number | boolean | null | undefined>;
  const search = new URLSearchParams();
  const placeholders = new Set<string>();
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    placeholders.add(name);
    return encodeURIComponent(String(values[name] ?? ''));
  });
  for (const [key, value] of Object.entries(values)) if (!placeholders.has(key) && value !== null && value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/**
 * Typed calls by method: the path is spelled as in openapi.yaml (placeholders
 * and query parameters from `params`), the body and data types come from it.
 * `headers` carries per-call headers such as an order's Idempotency-Key.
 */
export const api = {
  get<P extends PathsWith<'get'>>(path: P, params?: Params<P, 'get'>) {
    return request<ResponseData<P, 'get'>>('get', fillPath(path, params));
  },
  post<P extends PathsWith<'post'>>(path: P, body?: RequestBody<P, 'post'> | FormData, headers?: Record<string, string>, params?: Params<P, 'post'>) {
    return request<ResponseData<P, 'post'>>('post', fillPath(path, params), body, headers);
  },
  put<P extends PathsWith<'put'>>(path: P, body?: RequestBody<P, 'put'>) {
    return request<ResponseData<P, 'put'>>('put', path, body);
  },
  delete<P extends PathsWith<'delete'>>(path: P, body?: RequestBody<P, 'delete'>, params?: Params<P, 'delete'>) {
    return request<ResponseData<P, 'delete'>>('delete', fillPath(path, params), body);
  },
};
