/**
 * Placing an order as a client of the documents does: POST /createorder with cash on
 * delivery, the figures it believes (rupees or dollars; the server checks them) and an
 * Indian address with the documents' fields only (no country). One helper for every test.
 */
import { expect } from 'vitest';
import { expectMatchesContract } from './contract.ts';
import type { DB } from '../../db/connection.ts';
import { call, type TestStore } from './store.ts';

/** The documents' address fields: no country, as the existing storefront sends them. */
export const checkoutAddress = {
  first_name: 'Asha',
  last_name: 'Patel',
  email: 'asha@example.com',
  phone_number: '9876543210',
  address: '12 Ring Road',
  apartment: 'Flat 4',
  city: 'Surat',
  state: 'Gujarat',
  zip_code: '395003',
};

/**
 * A shopper's own delivery phone (ten digits from their u_id): the law's daily limits count
 * a delivery phone as one buyer (rules/compliance.ts), so shoppers who should not be one
 * buyer must not share the documents' sample phone.
 */
export function deliveryPhone(u_id: number): string {
  return `7${String(u_id).padStart(9, '0')}`;
}

/** The documents' address with the shopper's own phone. */
export function addressOf(shopper: { u_id: number }) {
  return { ...checkoutAddress, phone_number: deliveryPhone(shopper.u_id) };
}

export interface ClaimedTotals {
  subtotal: number;
  /** 0 unless given. */
  discount?: number;
  /** 0 unless given. */
  shipping?: number;
  /** subtotal - discount + shipping unless given. */
  total?: number;
}

/** A cash-on-delivery /createorder body for the shopper's cart; `extra` adds or overrides fields (coupon_name, cartItems, address...). */
export function codOrderBody(shopper: { u_id: number }, totals: ClaimedTotals, extra: object = {}) {
  const discount = totals.discount ?? 0;
  const shipping = totals.shipping ?? 0;
  return {
    u_id: shopper.u_id,
    shipping,
    subtotal: totals.subtotal,
    discount,
    total: totals.total ?? totals.subtotal - discount + shipping,
    priceType: 'inr_price',
    payment_method: 'cod',
    ...addressOf(shopper),
    ...extra,
  };
}

/** Sends the order (answer checked against openapi.yaml) and answers the response, whatever it is. */
export async function orderCod(store: TestStore, shopper: { u_id: number; auth: Record<string, string> }, totals: ClaimedTotals, extra: object = {}) {
  const res = await call(store, 'POST', '/createorder', codOrderBody(shopper, totals, extra), shopper.auth);
  expectMatchesContract('POST', '/createorder', res);
  return res;
}

/** Places the order, which must be accepted (201), and answers its o_id (Pending). */
export async function placeCodOrder(store: TestStore, shopper: { u_id: number; auth: Record<string, string> }, totals: ClaimedTotals, extra: object = {}): Promise<number> {
  const res = await orderCod(store, shopper, totals, extra);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.o_id as number;
}

type Caller = { auth: Record<string, string> };

/** A store running as a server (tests/security's ProbeServer): requests over HTTP with a bearer token. */
export interface RunningStore {
  db: DB;
  send(method: string, path: string, options?: { body?: unknown; token?: string }): Promise<{ status: number; body: any }>;
}

/** The administrator of either kind of store: headers for the in-process app, a token for a running server. */
type Admin = Caller | { token: string };

/** Sends an administrator's JSON request to an in-process store (`call`) or a running one (`send`). */
function adminRequest(store: TestStore | RunningStore, admin: Admin, method: string, url: string, body: unknown) {
  if ('send' in store) {
    if (!('token' in admin)) throw new Error('a running store takes the administrator\'s token');
    return store.send(method, url, { body, token: admin.token });
  }
  if (!('auth' in admin)) throw new Error('the in-process store takes the administrator\'s headers');
  return call(store, method, url, body, admin.auth);
}

let huidCounter = 0;

/** Records a HUID for every piece of an order through PUT /orderhuid (distinct within a test file); answers the answer's data. */
export async function hallmarkOrder(store: TestStore | RunningStore, admin: Admin, o_id: number) {
  const items = await store.db.selectFrom('order_items').select(['oi_id', 'quantity']).where('o_id', '=', o_id).execute();
  const body = { o_id, items: items.map((i) => ({ oi_id: i.oi_id, huid: Array.from({ length: i.quantity }, () => `H${String(++huidCounter).padStart(5, '0')}`) })) };
  const res = await adminRequest(store, admin, 'PUT', '/orderhuid', body);
  expectMatchesContract('PUT', '/orderhuid', res);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/**
 * Moves an order forward to `to` through the lifecycle, one allowed step at a time, as an
 * administrator does (PUT /updateorderstatus), recording the HUIDs before it ships.
 */
export async function advanceOrder(store: TestStore | RunningStore, admin: Admin, o_id: number, to: 2 | 3 | 4) {
  const { status } = await store.db.selectFrom('orders').select('status').where('o_id', '=', o_id).executeTakeFirstOrThrow();
  for (let next = status + 1; next <= to; next++) {
    if (next === 3) await hallmarkOrder(store, admin, o_id);
    const res = await adminRequest(store, admin, 'PUT', '/updateorderstatus', { o_id, status: next });
    expectMatchesContract('PUT', '/updateorderstatus', res);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}
