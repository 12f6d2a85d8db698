/**
 * Shoppers driving the real server over HTTP, as the storefront does: register,
 * log in, add to the cart, read it, and place cash-on-delivery orders with an
 * Idempotency-Key. Every write the API acknowledges goes into a Ledger, so the
 * database can be checked against it afterwards (store-check.ts).
 */

import { randomUUID } from 'node:crypto';
import { LEGAL_CASH_LIMIT } from '../../rules/compliance.ts';
import { percentOf, toMajor, toMinor } from '../../rules/money.ts';
import type { Selection as Choice } from '../../api/orders/pricing.ts';
import { NetworkError, type Reply, type StoreServer } from './harness.ts';

export interface Shopper {
  u_id: number;
  phone: string;
  auth: Record<string, string>;
}

/** A product choice a cart line can hold, with its rupee price in paise. */
export interface Selection extends Choice {
  inr_paise: number;
}

export interface Coupon {
  coupon_name: string;
  bp: number;
}

/** One POST /createorder as sent; retried with the same key and body after a crash. */
export interface OrderAttempt {
  round: number;
  u_id: number;
  key: string;
  c_ids: number[];
  body: Record<string, unknown>;
  auth: Record<string, string>;
  /**
   * acknowledged: answered 200/201 with o_id; in-doubt: the connection died first;
   * sold-out: an honest refusal, no order made (isHonestRefusal): fewer pieces of a carat row left
   * than the cart asks (409), or the law's cash limit for the buyer's day (400);
   * refused: any other answer (always a failure here).
   */
  outcome: 'pending' | 'acknowledged' | 'in-doubt' | 'sold-out' | 'refused';
  o_id?: number;
  /** Round in which the API acknowledged it (a retry may acknowledge it later). */
  acknowledgedIn?: number;
  reply?: Reply;
}

/** A cart line the API acknowledged (201 new line or 200 quantity raised). */
export interface CartAck {
  u_id: number;
  c_id: number;
  quantity: number;
}

/** An answer no shopper should ever get here (a 5xx, or a refusal of a valid request). */
export interface Unexpected {
  method: string;
  path: string;
  status: number;
  description: string;
}

export class Ledger {
  readonly attempts: OrderAttempt[] = [];
  readonly cart: CartAck[] = [];
  readonly unexpected: Unexpected[] = [];
  /** Requests that got no answer, with what the socket said. */
  readonly networkErrors: string[] = [];
  /** Honest refusals: a piece sold out (or fewer left) when adding it or ordering it, or the buyer's day's cash limit. */
  soldOut = 0;
  /**
   * Cart lines a shopper asked to remove (after a sold-out order, as the refusal asks): they may be
   * gone from the cart without an order. Recorded before the request is sent (its answer may be lost).
   */
  readonly removed = new Set<number>();
  /** Slowest answer seen, ms (a write waiting for the lock shows here). */
  slowestMs = 0;
  requests = 0;

  acknowledgedIn(round: number) {
    return this.attempts.filter((a) => a.acknowledgedIn === round);
  }
}

export const ADDRESS = {
  first_name: 'Meera',
  last_name: 'Iyer',
  email: 'meera@example.com',
  phone_number: '9876501234',
  address: '14 Zaveri Bazaar',
  apartment: 'Shop 3',
  city: 'Mumbai',
  state: 'Maharashtra',
  zip_code: '400002',
};

/**
 * An honest refusal for stock (db/queries/stock.ts soldOutMessage): 409 saying the piece is sold
 * out, only N are left, or it is held for another shopper's payment. Not a failure: limited rows
 * (the demo's one-of-a-kind pieces) run out under load.
 */
export function isSoldOut(reply: Reply): boolean {
  const description = String(reply.body?.description ?? '');
  return reply.status === 409 && /is sold out\.|^Sorry, only \d+ of |is being bought by another shopper/.test(description);
}

/**
 * An honest refusal of an order: sold out (isSoldOut), or cash on delivery past the law's limit
 * for one buyer in a day (400, rules/compliance.ts dailyCashRefusal): a shopper who keeps ordering
 * cash on delivery under load reaches it. Not a failure; the shopper drops those lines.
 */
export function isHonestRefusal(reply: Reply): boolean {
  return isSoldOut(reply) || (reply.status === 400 && /from one buyer in a day/.test(String(reply.body?.description ?? '')));
}

/** A shopper's own delivery phone: the law's daily limits count one phone as one buyer, so shoppers do not share one. */
export function phoneOf(shopper: { u_id: number }): string {
  return `6${String(shopper.u_id).padStart(9, '0')}`;
}

function expectOk(reply: Reply, what: string, statuses = [200, 201]): any {
  if (!statuses.includes(reply.status)) {
    throw new Error(`${what}: HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  }
  return reply.body.data;
}

/** A loop's order: up to 3 lines of up to 2 pieces. */
const MAX_ORDER_LINES = 3;
const MAX_LINE_QUANTITY = 2;
const MAX_ORDER_PIECES = MAX_ORDER_LINES * MAX_LINE_QUANTITY;

/** Registers and logs in `count` shoppers (+91, prices in rupees) through the API. */
export async function registerShoppers(server: StoreServer, count: number, phonePrefix = '55'): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  // A few at a time: each registration and login hashes a password (argon2id, 19 MiB).
  for (let start = 0; start < count; start += 4) {
    const batch = Array.from({ length: Math.min(4, count - start) }, async (_, j) => {
      const i = start + j;
      const phone = `${phonePrefix}${String(i).padStart(8, '0')}`;
      const password = 'Shopper@Load1';
      expectOk(
        await server.request('POST', '/registeruser', {
          full_name: `Load Shopper ${i}`,
          u_name: `load${phonePrefix}${i}`,
          countryCode: '+91',
          phoneNumber: phone,
          password,
          repeatPassword: password,
        }),
        'register',
        [201],
      );
      const session = expectOk(await server.request('POST', '/userlogin', { countryCode: '+91', phoneNumber: phone, password }), 'login', [200]);
      return { u_id: session.u_id as number, phone, auth: { Authorization: `Bearer ${session.auth_token}` } };
    });
    shoppers.push(...(await Promise.all(batch)));
  }
  return shoppers;
}

/** Product choices from the public catalogue (first carat, material and size of each product). */
export async function loadSelections(server: StoreServer): Promise<Selection[]> {
  const page = expectOk(await server.request('POST', '/getallproducts', { perPage: 100 }), 'catalogue');
  const selections = (page.productData as any[]).map((p) => ({
    p_id: p.p_id,
    pc_id: p.productcarats[0].pc_id,
    carat_id: p.productcarats[0].carat_id,
    m_id: p.materialDetails[0].m_id,
    size_id: p.sizeDetails[0]?.size_id ?? null,
    inr_paise: toMinor(p.productcarats[0].inr_price),
  }));
  // Orders are cash on delivery, which stops below ₹2,00,000 (s.269ST, rules/compliance.ts): a loop's
  // order holds at most MAX_ORDER_PIECES pieces, so only pieces that many of stay below the cap are bought.
  const affordable = selections.filter((s) => s.inr_paise * MAX_ORDER_PIECES < LEGAL_CASH_LIMIT);
  if (affordable.length === 0) throw new Error('the catalogue has no piece cheap enough for cash on delivery');
  return affordable;
}

/** The coupons the checkout offers, with their percentage in basis points. */
export async function activeCoupons(server: StoreServer): Promise<Coupon[]> {
  const list = expectOk(await server.request('POST', '/getcoupon', {}), 'coupons') as { coupon_name: string; discount: string }[];
  return list.map((c) => ({ coupon_name: c.coupon_name, bp: Math.round(Number(c.discount) * 100) }));
}

/** The /createorder body for some cart lines, with the totals the storefront would show. */
export function checkoutBody(shopper: Shopper, lines: { c_id: number; quantity: number; inr_price: number }[], coupon: Coupon | null) {
  const subtotal = lines.reduce((sum, l) => sum + toMinor(l.inr_price) * l.quantity, 0);
  const discount = coupon ? Math.min(percentOf(subtotal, coupon.bp), subtotal) : 0;
  return {
    u_id: shopper.u_id,
    cartItems: lines.map((l) => ({ c_id: l.c_id })),
    shipping: 0,
    subtotal: toMajor(subtotal),
    discount: toMajor(discount),
    total: toMajor(subtotal - discount),
    priceType: 'inr_price',
    coupon_name: coupon?.coupon_name ?? '',
    ...ADDRESS,
    phone_number: phoneOf(shopper),
    payment_method: 'cod',
  };
}

/** Sends (or re-sends) an order attempt and records its outcome in the attempt. */
export async function sendOrder(server: StoreServer, attempt: OrderAttempt, round: number, ledger: Ledger): Promise<void> {
  let reply: Reply;
  try {
    reply = await timed(ledger, () => server.request('POST', '/createorder', attempt.body, { ...attempt.auth, 'Idempotency-Key': attempt.key }));
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    attempt.outcome = 'in-doubt';
    throw error;
  }
  attempt.reply = reply;
  if ((reply.status === 201 || reply.status === 200) && typeof reply.body?.data?.o_id === 'number') {
    attempt.outcome = 'acknowledged';
    attempt.o_id = reply.body.data.o_id;
    attempt.acknowledgedIn = round;
  } else if (isHonestRefusal(reply)) {
    attempt.outcome = 'sold-out';
    ledger.soldOut += 1;
  } else {
    attempt.outcome = 'refused';
    ledger.unexpected.push({ method: 'POST', path: '/createorder', status: reply.status, description: String(reply.body?.description) });
  }
}

/**
 * After a sold-out refusal the shopper removes the attempt's lines, as the refusal asks (otherwise
 * they would pile up in the cart with every later order). Each removal must answer 200 or 404
 * (already gone); a network error is passed on (the server died).
 */
export async function removeLines(server: StoreServer, shopper: { u_id: number; auth: Record<string, string> }, c_ids: number[], ledger: Ledger): Promise<void> {
  for (const c_id of c_ids) {
    ledger.removed.add(c_id);
    const reply = await timed(ledger, () => server.request('DELETE', '/removecart', { u_id: shopper.u_id, c_id }, shopper.auth));
    // 404 only as the cart's own answer for a line already gone (not an unknown route).
    if (reply.status !== 200 && !(reply.status === 404 && reply.body?.description === 'This item is not in your cart.')) {
      ledger.unexpected.push({ method: 'DELETE', path: '/removecart', status: reply.status, description: String(reply.body?.description) });
    }
  }
}

async function timed(ledger: Ledger, send: () => Promise<Reply>): Promise<Reply> {
  const started = performance.now();
  ledger.requests += 1;
  const reply = await send();
  ledger.slowestMs = Math.max(ledger.slowestMs, performance.now() - started);
  return reply;
}

export interface ShopperLoop {
  shopper: Shopper;
  /** Which server the next request goes to (one, or several behind a "load balancer"). */
  server: () => StoreServer;
  selections: Selection[];
  coupons: Coupon[];
  ledger: Ledger;
  round: number;
  /** Stop after this many orders, or at the deadline, or when `stopped()` says so. */
  maxOrders: number;
  deadline: number;
  stopped: () => boolean;
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

/**
 * One shopper's session: add 1-3 pieces, read the cart, order it all, again,
 * until told to stop. Ends quietly on a network error (the server died); the
 * order in flight then stays 'in-doubt' in the ledger.
 */
export async function shopperLoop(loop: ShopperLoop): Promise<void> {
  const { shopper, ledger } = loop;
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const reply = await timed(ledger, () => loop.server().request(method, path, body, { ...shopper.auth, ...headers }));
    if (path === '/createcart' && isSoldOut(reply)) ledger.soldOut += 1;
    else if (reply.status >= 300) ledger.unexpected.push({ method, path, status: reply.status, description: String(reply.body?.description) });
    return reply;
  };
  try {
    for (let n = 0; n < loop.maxOrders && Date.now() < loop.deadline && !loop.stopped(); n++) {
      // A round's first order: lines added before the last kill (their order never sent) are still in
      // the cart; order those alone, so an order never holds more than MAX_ORDER_PIECES (the COD cap).
      const leftover = n === 0 ? await call('GET', `/getcart/${shopper.u_id}`) : null;
      const pieces = leftover?.status === 200 && (leftover.body.data as unknown[]).length > 0 ? 0 : 1 + Math.floor(Math.random() * MAX_ORDER_LINES);
      for (let i = 0; i < pieces; i++) {
        const quantity = 1 + Math.floor(Math.random() * MAX_LINE_QUANTITY);
        const added = await call('POST', '/createcart', { ...pick(loop.selections), quantity });
        if (added.status === 200 || added.status === 201) {
          ledger.cart.push({ u_id: shopper.u_id, c_id: added.body.data.c_id, quantity: added.body.data.quantity });
        }
      }
      if (loop.stopped()) return;
      const cart = await call('GET', `/getcart/${shopper.u_id}`);
      if (cart.status !== 200) return;
      const lines = (cart.body.data as { c_id: number; quantity: number; inr_price: number; available: boolean }[]).filter((l) => l.available);
      if (lines.length === 0) continue;
      const coupon = loop.coupons.length && Math.random() < 0.5 ? pick(loop.coupons) : null;
      const attempt: OrderAttempt = {
        round: loop.round,
        u_id: shopper.u_id,
        key: `rel-${randomUUID()}`,
        c_ids: lines.map((l) => l.c_id),
        body: checkoutBody(shopper, lines, coupon),
        auth: shopper.auth,
        outcome: 'pending',
      };
      ledger.attempts.push(attempt);
      await sendOrder(loop.server(), attempt, loop.round, ledger);
      if (attempt.outcome === 'sold-out') await removeLines(loop.server(), shopper, attempt.c_ids, ledger);
    }
  } catch (error) {
    if (error instanceof NetworkError) {
      ledger.networkErrors.push(error.message);
      return;
    }
    throw error;
  }
}
