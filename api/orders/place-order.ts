/**
 * Placing and cancelling orders: the one place an order comes into being. The
 * server prices every line itself (pricing.ts), checks what the client believed
 * the totals were, confirms an online payment with the provider server to server,
 * and writes the order, its priced snapshot and the emptied cart lines in one
 * transaction. Replays (an Idempotency-Key, a provider order id) answer the
 * order already placed.
 */

import { createHmac } from 'node:crypto';
import { type DB, type Engine, engineOf } from '../../db/connection.ts';
import { cartLines, cartLinesDelete, type OrderedCartLine, takeOrderedFromCart } from '../../db/queries/cart.ts';
import { findOrderByIdempotencyKey, findOrderByProviderOrderId, insertOrder, listedProductIds, orderItemsInsert, type OrderWrite } from '../../db/queries/orders.ts';
import { statusChangeInsert } from '../../db/queries/admin-orders.ts';
import { ORDER_STATUS } from '../../rules/orders.ts';
import { orderItemPricing } from '../../db/queries/carat-pricing.ts';
import { refuseShort, type StockRow, stockTake, takeStockQuery } from '../../db/queries/stock.ts';
import { noteStockChange } from '../../db/queries/stock-view.ts';
import { usdInrNow } from '../../db/queries/metal-rates.ts';
import type { Currency } from '../../db/schema.ts';
import type { PaymentProvider, ProviderOrder } from '../payments/gateway.ts';
import { findCountry, HOME_COUNTRY, type ShippingAddress } from '../../rules/address.ts';
import { assertLawfulDay, assertLawfulPayment, type ShippedCart, withShipping } from './checkout-law.ts';
import { checkoutSettings } from '../../db/queries/shop-settings.ts';
import { type CartToPrice, priceCart, pricedFrom, type Selection } from './pricing.ts';
import { claimPaymentForOrder, findPayment, markOpenPaymentPaid, paymentOrderUpdate, removeHolds } from '../../db/queries/payments.ts';
import { conflictError, DomainError, forbiddenError, invalidError, notFoundError, paymentRequiredError } from '../../rules/errors.ts';
import { type OrderPaymentMethod, orderPaymentMethod, paymentStatusOnPlacement } from '../../rules/payments.ts';
import { heldPrice, type LockedPrice } from './quotes.ts';
import { readsBeside, writeTransaction, type WriteOptions } from '../../db/transaction.ts';
import { addressUpsert } from '../../db/queries/profile.ts';
import { lockShopper } from '../../db/queries/users.ts';
import { openPan, sealPan } from '../../db/queries/pan.ts';
import { orderPlacedWrite } from '../messages/events.ts';
import { orderPlacedWebhookWrites } from '../messages/webhook-events.ts';
import { messagesWaiting } from '../messages/nudge.ts';
import { lockStoreCreditBalance, useStoreCredit } from '../../db/queries/store-credit.ts';
import { storeCreditToUse } from '../../rules/store-credit.ts';

/** The checkout's address; `country` is checked with state and zip_code by destinationOf (checkout-law.ts). */
export type CheckoutAddress = ShippingAddress;

/** Which lines an order is for: cart lines (all, or the ones named) or one Buy Now selection. */
export type OrderLines = { source: 'cart'; c_ids?: number[] } | { source: 'buyNow'; selection: Selection; quantity: number };

/** A checkout as the shopper filled it in; also stored with an online payment for its webhook. */
export interface Checkout {
  lines: OrderLines;
  currency: Currency;
  couponName: string | null;
  address: CheckoutAddress | null;
  /** The buyer's PAN as typed, for an order of ₹2,00,000 or more. */
  pan?: string | null;
  /** The shopper chose to pay with their store credit (issue 36): how much is the server's to decide, from the ledger. */
  useStoreCredit?: boolean;
}

export interface OrderRequest {
  /** The shopper the order is for (checked against the caller before this point). */
  u_id: number;
  checkout: Checkout & { address: CheckoutAddress };
  /** The client's figures, minor units: checked, never used. */
  claimed?: { subtotal: number; discount: number; shipping: number; total: number };
  payment: { method: 'cod' } | { method: 'online'; providerOrderId: string; confirmed?: ProviderOrder };
  idempotency?: { key: string; requestHash: string };
  /** A checkout quote whose held price the order takes (api/orders/quotes.ts); an online payment carries its own. */
  quoteId?: string;
}

/** What an online payment kept of its checkout when it was opened (api/payments/checkout.ts startPayment). */
export interface PaidCheckout extends Checkout {
  /** The price the payment was opened for: the order made of it costs this, whatever changed since. */
  priced?: LockedPrice;
  /** Paise of the price paid by store credit, decided when the payment was opened: the provider takes the rest (issue 36). */
  storeCredit?: number;
}

/** The checkout an online payment keeps (payments.checkout), its PAN sealed with PAN_KEY. */
export function keptCheckoutText(panKey: Uint8Array, paidFor: PaidCheckout): string {
  return JSON.stringify({ ...paidFor, pan: sealPan(panKey, paidFor.pan) });
}

/** The checkout an online payment kept, its PAN opened; null when it kept none. */
export function keptCheckout(panKey: Uint8Array, text: string | null): PaidCheckout | null {
  if (!text) return null;
  const kept = JSON.parse(text) as PaidCheckout;
  return { ...kept, pan: openPan(panKey, kept.pan) };
}

export const TOTAL_MISMATCH = 'Order total does not match the current prices. Please review your cart.';

/**
 * A stable hash of a request body (keys sorted), for Idempotency-Key replays. Keyed (HMAC with
 * PAN_KEY): the body holds the buyer's PAN, which a plain hash kept beside the order would let
 * anyone holding the table find again by trying every PAN.
 */
export function requestHash(panKey: Uint8Array, body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value as object)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHmac('sha256', panKey).update(JSON.stringify(canonical(body))).digest('hex');
}

/**
 * Turns an order's lines into what priceCart takes, reading cart lines from the shopper's own
 * cart (`lockCart`: locked until the transaction ends, so the lines priced are the lines removed).
 */
export async function linesToPrice(db: DB, u_id: number, lines: OrderLines, options: { lockCart?: boolean } = {}): Promise<CartToPrice['lines']> {
  if (lines.source === 'buyNow') return [{ selection: lines.selection, quantity: lines.quantity, c_id: null }];
  return cartRowsToPrice(lines, await cartLines(db, u_id, lines.c_ids, { lock: options.lockCart }));
}

/** Cart lines as read for an order: all of the ones it names, at least one. */
function cartRowsToPrice(lines: OrderLines & { source: 'cart' }, rows: OrderedCartLine[]): CartToPrice['lines'] {
  if (lines.c_ids && rows.length !== new Set(lines.c_ids).size) {
    throw conflictError('Your cart has changed. Please review your cart.');
  }
  if (rows.length === 0) throw invalidError('Your cart is empty.');
  return rows.map((r) => ({ selection: r, quantity: r.quantity, c_id: r.c_id }));
}

/** What a checkout prices: its lines, currency, coupon and destination. */
export type CheckoutToPrice = Pick<Checkout, 'lines' | 'currency' | 'couponName'> & { address: Pick<CheckoutAddress, 'country'> | null };

/**
 * Prices lines already read (pricing.ts) with shipping to the checkout's country, the
 * shop's settings read beside the catalogue. `claimedDiscount`: what the client says the
 * discount is, which finds the coupon when it names none (pricing.ts).
 */
export async function priceLines(db: DB, lines: CartToPrice['lines'], checkout: CheckoutToPrice, claimedDiscount?: number): Promise<ShippedCart> {
  const country = checkout.address?.country ?? HOME_COUNTRY;
  const [priced, settings] = await Promise.all([
    priceCart(db, { lines, currency: checkout.currency, couponName: checkout.couponName, claimedDiscount, country }),
    checkoutSettings(db),
  ]);
  return withShipping(priced, settings, country);
}

/** Prices a checkout for a shopper (the payment start, order placement and the quote use the same rules). */
export async function priceCheckout(db: DB, u_id: number, checkout: CheckoutToPrice, options: { claimedDiscount?: number } = {}): Promise<ShippedCart> {
  return priceLines(db, await linesToPrice(db, u_id, checkout.lines), checkout, options.claimedDiscount);
}

/**
 * Asks the provider, server to server, whether a payment is paid for exactly
 * the amount and currency recorded when it was opened.
 */
export async function confirmPaid(provider: PaymentProvider, payment: { provider_order_id: string; amount: number; currency: string }): Promise<ProviderOrder> {
  const remote = await provider.getOrder(payment.provider_order_id);
  if (!remote || remote.status !== 'PAID') {
    throw paymentRequiredError('Your payment has not been confirmed by the payment provider.');
  }
  if (remote.amount !== payment.amount || remote.currency !== payment.currency) {
    throw conflictError('The amount paid does not match this order. Please contact us.');
  }
  return remote;
}

/**
 * The order an earlier placement of the same request already made: the same Idempotency-Key
 * (409 when it was for a different order), or the same payment (its webhook and the shopper's
 * return may race: the second finds the first's order).
 */
async function earlierPlacement(
  db: DB,
  request: OrderRequest,
  paid: { provider_order_id: string } | undefined,
  /** The order under the Idempotency-Key, when already read (null: none); undefined: read it here. */
  knownByKey?: { o_id: number; request_hash: string | null } | null,
): Promise<{ o_id: number; created: false } | undefined> {
  const { idempotency } = request;
  const [byKey, byPayment] = await Promise.all([
    !idempotency ? undefined : knownByKey !== undefined ? (knownByKey ?? undefined) : findOrderByIdempotencyKey(db, request.u_id, idempotency.key),
    paid ? findOrderByProviderOrderId(db, paid.provider_order_id) : undefined,
  ]);
  if (byKey) {
    if (byKey.request_hash !== idempotency!.requestHash) throw conflictError('This Idempotency-Key was already used for a different order.');
    return { o_id: byKey.o_id, created: false };
  }
  if (byPayment) return { o_id: byPayment.o_id, created: false };
  return undefined;
}

/**
 * How long the placement transaction waits for the pricing begun beside it (placeOrder). It
 * is usually a round trip from done when the transaction has its locks, where pricing again
 * inside costs three or four (the transaction's one connection sends its statements one at a time).
 * Bounded: that pricing may be waiting for a connection of the pool, and if every connection
 * is held by a transaction waiting so, only the bound ends the wait.
 */
const EARLY_PRICING_WAIT_MS = 50;

/** A promise's value if it settles within `ms` (null if it failed or did not settle in time). */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise.catch(() => null), new Promise<null>((resolve) => (timer = setTimeout(resolve, ms, null)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** How the placement transaction isolates itself on PostgreSQL (see the comment in placeOrder). */
const PLACEMENT: WriteOptions = { isolation: 'read committed', name: 'place order' };

/**
 * Places an order. Answers `{ o_id, created }`; `created` is false when the same
 * request (Idempotency-Key) or the same payment already placed it. `panKey` (PAN_KEY)
 * seals the PAN the order keeps and opens the one its payment kept.
 */
export async function placeOrder(db: DB, provider: PaymentProvider, request: OrderRequest, panKey: Uint8Array): Promise<{ o_id: number; created: boolean }> {
  const { payment } = request;
  let paid: { pay_id: number; provider_order_id: string; amount: number; currency: Currency } | undefined;
  // The price an online payment was opened for (payments since issue 32 keep it): the order is what was paid for.
  let paidFor: PaidCheckout | null = null;
  if (payment.method === 'online') {
    const record = await findPayment(db, payment.providerOrderId);
    if (!record || record.provider !== provider.name) throw notFoundError('We could not find this payment. Please try again.');
    if (record.u_id !== request.u_id) throw forbiddenError('This payment belongs to another account.');
    const placed = await findOrderByProviderOrderId(db, record.provider_order_id);
    if (placed) return { o_id: placed.o_id, created: false };
    // Outside the transaction: a network call must not hold the write lock.
    if (!payment.confirmed) await confirmPaid(provider, record);
    paid = record;
    paidFor = keptCheckout(panKey, record.checkout);
    if (!paidFor?.priced) paidFor = null;
    if (record.status === 'created') {
      await markOpenPaymentPaid(db, record.pay_id);
    }
  }

  // Read committed with the rows it decides on locked first (the cart lines ordered, or the shopper),
  // stock taken by conditional updates and uniqueness kept by unique indexes: serializable isolation made
  // concurrent orders of different shoppers abort each other (writeTransaction's WriteOptions).
  const { checkout } = request;
  const claimed = request.claimed;
  // PostgreSQL: the checkout is priced on other connections of the pool while the transaction
  // below takes its locks, so their round trips overlap; the transaction waits for that pricing
  // (EARLY_PRICING_WAIT_MS at most) and keeps it only if the cart lines it locks are the lines
  // priced, else it prices them again inside. The reads
  // need no lock: under read committed each statement reads the latest commit, inside a
  // transaction or not. SQLite has one connection, which the transaction holds: everything is
  // read inside (in process, a read costs no round trip). A refusal is left to the pricing inside.
  const early = readsBeside(db) && !paidFor && !request.quoteId ? priceCheckout(db, request.u_id, checkout, { claimedDiscount: claimed?.discount }) : null;
  // Its refusal, if any, is left to the pricing inside (a rejection nobody awaits would end the process).
  early?.catch(() => undefined);
  let taken: StockRow[] = [];
  const placed = await writeTransaction(db, async (trx) => {
    taken = [];
    if (paid && paidFor?.priced) return placePaid(trx, request, paid, paidFor as PaidCheckout & { priced: LockedPrice }, panKey, (rows) => (taken = rows));
    // One shopper's placements of the same lines (an Idempotency-Key replay, a payment's webhook
    // and the shopper's return) run one after another, each seeing the one before it (PostgreSQL;
    // SQLite's transaction holds the one write lock): a cart order locks the cart lines it orders
    // as it reads them, so the lines priced are the lines removed; a Buy Now order, having none,
    // locks the shopper's row. The unique indexes on the key and on the payment cover the rest.
    let lines: CartToPrice['lines'] | DomainError;
    // The order already placed under the Idempotency-Key, read with the cart lines (one round trip
    // instead of two); undefined when no line was read to carry it, and earlierPlacement reads it.
    let knownByKey: { o_id: number; request_hash: string | null } | null | undefined;
    if (checkout.lines.source === 'cart') {
      const rows = await cartLines(trx, request.u_id, checkout.lines.c_ids, { lock: true, orderOfKey: request.idempotency?.key });
      // The key's order as the lines' statement saw it (cartLines): a replay that waited for this
      // request's first placement finds its lines gone and reads the key again (earlierPlacement). An
      // order under the key committed unseen meanwhile all the same makes this one's insert a duplicate
      // of the unique index, and writeTransaction runs it again, then seeing it.
      if (rows.length && request.idempotency) knownByKey = rows[0].key_o_id == null ? null : { o_id: rows[0].key_o_id, request_hash: rows[0].key_request_hash ?? null };
      // A cart emptied or changed by an earlier placement of this very request is its replay, not a refusal.
      try {
        lines = cartRowsToPrice(checkout.lines, rows);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        lines = error;
        // Read again, after the lock: a refusal is answered only when no placement of this request committed.
        knownByKey = undefined;
      }
    } else {
      await lockShopper(trx, request.u_id);
      lines = await linesToPrice(trx, request.u_id, checkout.lines);
    }
    const earlier = await earlierPlacement(trx, request, paid, knownByKey);
    if (earlier) return earlier;
    if (lines instanceof DomainError) throw lines;
    // The early pricing, waited for a bounded time (EARLY_PRICING_WAIT_MS): waiting without a bound for
    // a connection of the pool while this transaction holds one could wait forever when every connection is held so.
    const quoted = early ? await settledWithin(early, EARLY_PRICING_WAIT_MS) : null;
    // A quote's held price (its lock, and these very lines), or today's prices; a client naming no
    // coupon is matched by its discount; a discount no coupon gives is the mismatch below.
    const held = request.quoteId
      ? await heldPrice(trx, request.u_id, request.quoteId, { currency: checkout.currency, couponName: checkout.couponName, country: checkout.address.country ?? HOME_COUNTRY }, lines)
      : null;
    const priced: ShippedCart & { usd_inr?: number | null } =
      held?.priced ?? (quoted && pricedFrom(quoted, lines) ? quoted : await priceLines(trx, lines, checkout, claimed?.discount));
    if (
      claimed &&
      (claimed.subtotal !== priced.subtotal || claimed.discount !== priced.discount || claimed.shipping !== priced.shipping || claimed.total !== priced.total)
    ) {
      throw invalidError(TOTAL_MISMATCH);
    }
    if (paid && (priced.total !== paid.amount || priced.currency !== paid.currency)) {
      throw conflictError('The amount paid does not match this order. Please contact us.');
    }
    // Store credit (issue 36), cash on delivery: the server decides how much from the ledger, the
    // shopper's balance row locked until this order commits (an online payment decided it when it opened).
    const storeCredit =
      !paid && checkout.useStoreCredit ? storeCreditToUse(await lockStoreCreditBalance(trx, request.u_id), priced.total, { currency: priced.currency }) : 0;
    // The order's own limits, then the buyer's day's (cash and PAN over every order of the day);
    // an order store credit pays in full takes no cash, so only the PAN rule applies to it.
    const method = orderPaymentMethod(payment.method, priced.total, storeCredit);
    const lawMethod = method === 'store_credit' ? 'online' : method;
    const pan =
      assertLawfulPayment(priced, lawMethod, checkout.pan) ??
      (await assertLawfulDay(trx, priced, lawMethod, { u_id: request.u_id, phone: checkout.address.phone_number }, checkout.pan, { exceptPayment: paid?.pay_id }));

    // Sent with the order's statement (insertOrder), checked once it is back (refuseShort).
    const take = stockTake(priced.lines);

    const ordered = priced.lines.flatMap((l) => (l.c_id === null ? [] : [l.c_id]));
    const writes: OrderWrite[] = [
      ...orderWrites(request, priced, method, engineOf(trx), storeCredit),
    ];
    if (ordered.length) writes.push((db) => cartLinesDelete(db, request.u_id, ordered));
    if (paid) {
      // The payment is this order's alone: a placement of it that committed meanwhile is the order.
      if (!(await claimPaymentForOrder(trx, paid.pay_id))) {
        const byPayment = await findOrderByProviderOrderId(trx, paid.provider_order_id);
        if (byPayment) return { o_id: byPayment.o_id, created: false };
        throw conflictError(PAYMENT_REFUNDING);
      }
      const { pay_id } = paid;
      writes.push((db, o_id) => paymentOrderUpdate(db, pay_id, o_id));
    }
    const { o_id, taken: takenRows } = await insertOrder(
      trx,
      orderRow(request, priced, sealPan(panKey, pan), paid, trx, storeCredit),
      writes,
      take ? (db) => takeStockQuery(db, take) : undefined,
    );
    // A row short of pieces refuses the order (409): the transaction rolls back what was written with it.
    taken = take ? await refuseShort(trx, take, takenRows) : [];
    // The credit is spent in this very transaction: of two orders at once, one spends it (db/queries/store-credit.ts).
    if (storeCredit > 0) await useStoreCredit(trx, { u_id: request.u_id, o_id, amount: storeCredit, note: 'Paid toward the order' });
    return { o_id, created: true };
  }, PLACEMENT);
  // Committed: this process's next answer made from stock shows the rows as the order left them
  // (noteStockChange, and through it the main thread when this is the checkout lane).
  if (placed.created) noteStockChange(db, taken.map((r) => r.pc_id), taken).catch(() => undefined);
  // Its messages, written with it, sent now (api/messages/dispatcher.ts).
  if (placed.created) messagesWaiting();
  return placed;
}

/** The refusal of a placement whose payment is being refunded (the reconciliation or a refusal settled it first). */
const PAYMENT_REFUNDING = 'This payment is being refunded, so no order can be placed with it.';

/**
 * Places the order an online payment paid for, at the price it was opened for (its quote's
 * lock): its own lines, not the cart as it is now (the shopper may have changed it since),
 * its held pieces becoming the sale. Inside placeOrder's transaction. Claims the payment first
 * ('used'): a second placement (the webhook and the shopper's return racing) then finds the
 * first's order, and a payment already being refunded is refused.
 */
async function placePaid(
  trx: DB,
  request: OrderRequest,
  paid: { pay_id: number; provider_order_id: string; amount: number; currency: Currency },
  paidFor: PaidCheckout & { priced: LockedPrice },
  panKey: Uint8Array,
  noteTaken: (rows: StockRow[]) => void,
): Promise<{ o_id: number; created: boolean }> {
  const earlier = await earlierPlacement(trx, request, paid);
  if (earlier) return earlier;
  if (!(await claimPaymentForOrder(trx, paid.pay_id))) {
    const byPayment = await findOrderByProviderOrderId(trx, paid.provider_order_id);
    if (byPayment) return { o_id: byPayment.o_id, created: false };
    throw conflictError(PAYMENT_REFUNDING);
  }
  const priced = paidFor.priced;
  // The provider took the price less the store credit the payment was opened with (issue 36).
  const storeCredit = paidFor.storeCredit ?? 0;
  if (priced.total - storeCredit !== paid.amount || priced.currency !== paid.currency) throw conflictError('The amount paid does not match this order. Please contact us.');
  await assertStillListed(trx, priced.lines);
  // The order goes where it was priced and paid for: the address stored with the payment, or the
  // one the shopper's return sends, which must be in the country priced (shipping, GST and the law
  // differ by country) and whose phone is then judged with the buyer's day as the payment was.
  const address = paidFor.address ?? request.checkout.address;
  const country = address.country ?? HOME_COUNTRY;
  if (country !== priced.country) throw conflictError(`This payment was priced for delivery in ${countryName(priced.country)}, so its order cannot be sent to ${countryName(country)}.`);
  const placing: OrderRequest = { ...request, checkout: { ...request.checkout, address } };
  const panTyped = paidFor.pan ?? request.checkout.pan;
  const pan =
    assertLawfulPayment(priced, 'online', panTyped) ??
    (paidFor.address ? (paidFor.pan ?? null) : await assertLawfulDay(trx, priced, 'online', { u_id: request.u_id, phone: address.phone_number }, panTyped, { exceptPayment: paid.pay_id }));
  // Held pieces become the sale; pieces whose hold lapsed (the payment took longer than its life) are taken now.
  const held = await removeHolds(trx, paid.pay_id);
  const take = held.length ? null : stockTake(priced.lines);
  // A second payment for the same cart (two windows): its lines were ordered by the first. Refused, so it is refunded.
  if (!(await takeOrderedFromCart(trx, request.u_id, priced.lines))) throw conflictError(CART_ALREADY_ORDERED);
  const { pay_id } = paid;
  const writes: OrderWrite[] = [
    ...orderWrites(placing, priced, 'online', engineOf(trx), storeCredit),
    (db, o_id) => paymentOrderUpdate(db, pay_id, o_id),
  ];
  const { o_id, taken } = await insertOrder(trx, orderRow(placing, priced, sealPan(panKey, pan), paid, trx, storeCredit), writes, take ? (db) => takeStockQuery(db, take) : undefined);
  noteTaken(take ? await refuseShort(trx, take, taken) : []);
  // The credit the payment counted on, spent now: if another order spent it meanwhile, this refusal
  // rolls the order back and the payment is refunded (api/payments/checkout.ts), as for any refusal.
  if (storeCredit > 0) await useStoreCredit(trx, { u_id: request.u_id, o_id, amount: storeCredit, note: 'Paid toward the order' });
  return { o_id, created: true };
}

/** A country's name as the shopper reads it ('IN' -> 'India'); the code itself when unknown. */
const countryName = (code: string) => findCountry(code)?.name ?? code;

/** Refuses (409) lines whose product was deleted or withdrawn since they were priced: it cannot be sold. */
async function assertStillListed(trx: DB, lines: ShippedCart['lines']): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.p_id))];
  const listed = await listedProductIds(trx, ids);
  const gone = lines.find((l) => !listed.has(l.p_id));
  if (gone) throw conflictError(`"${gone.product_name}" is no longer available.`);
}

/** The refusal of a paid cart none of whose lines is in the cart any more. */
const CART_ALREADY_ORDERED = 'The pieces paid for are no longer in your cart: they were ordered already (a second payment for the same cart) or removed.';

/** The order's row, from its priced checkout (the held rupees-per-dollar rate when it was locked); `sealedPan` as stored (sealPan). */
function orderRow(
  request: OrderRequest,
  priced: ShippedCart & { usd_inr?: number | null },
  sealedPan: string | null,
  paid: { provider_order_id: string } | undefined,
  trx: DB,
  /** Paise of the total paid by store credit (issue 36). */
  storeCredit = 0,
) {
  return {
    u_id: request.u_id,
    status: ORDER_STATUS.pending,
    currency: priced.currency,
    subtotal: priced.subtotal,
    discount: priced.discount,
    shipping: priced.shipping,
    total: priced.total,
    coupon_name: priced.coupon?.coupon_name ?? null,
    coupon_discount_bp: priced.coupon?.discount_bp ?? null,
    ...request.checkout.address,
    pan: sealedPan,
    shipping_weight_g: priced.weight_g,
    usd_inr: priced.usd_inr ?? usdInrNow(trx),
    // Paid in full by store credit: 'store_credit', paid, nothing left to collect (issue 36).
    payment_method: orderPaymentMethod(request.payment.method, priced.total, storeCredit),
    payment_status: paymentStatusOnPlacement(orderPaymentMethod(request.payment.method, priced.total, storeCredit)),
    store_credit: storeCredit,
    provider_order_id: paid?.provider_order_id ?? null,
    idempotency_key: request.idempotency?.key ?? null,
    request_hash: request.idempotency?.requestHash ?? null,
  };
}

/** What is written with every new order: its items with their priced snapshot, its first status, the shopper's address, its messages and webhooks. */
function orderWrites(request: OrderRequest, priced: ShippedCart, method: OrderPaymentMethod, engine: Engine, storeCredit: number): OrderWrite[] {
  const placed = orderPlacedPayload(request, priced, method, storeCredit);
  return [
    (db, o_id) =>
      orderItemsInsert(
        db,
        o_id,
        priced.lines.map((l) => ({
          p_id: l.p_id,
          pc_id: l.pc_id,
          carat_id: l.carat_id,
          cate_id: l.cate_id,
          m_id: l.m_id,
          size_id: l.size_id,
          ...lineAsSold(l),
          ...orderItemPricing(l.caratPricing),
          // The product's return terms as sold (issue 36): a flag changed later leaves this sale's alone.
          partial_refund: db.selectFrom('products').select('partial_refund').where('p_id', '=', l.p_id),
          non_returnable: db.selectFrom('products').select('non_returnable').where('p_id', '=', l.p_id),
        })),
      ),
      (db, o_id) =>
        statusChangeInsert(db, {
          o_id,
          from_status: null,
          to_status: ORDER_STATUS.pending,
          payment_status: paymentStatusOnPlacement(method),
          actor: 'shopper',
          u_id: request.u_id,
        }),
      // The next checkout starts from this order's contact and address (My Profile shows and edits it).
      (db) => addressUpsert(db, request.u_id, request.checkout.address),
      // The order-placed e-mail and SMS, in the outbox iff the order commits (issue 35).
      ...[orderPlacedWrite(placed)].filter((write) => write !== undefined),
      // order.placed (and order.paid, paid online) to the endpoints subscribed, read by the statement itself.
      ...orderPlacedWebhookWrites(engine, placed),
  ];
}

/** What the order-placed messages say: the order as placed (api/messages/events.ts). */
function orderPlacedPayload(request: OrderRequest, priced: ShippedCart, method: OrderPaymentMethod, storeCredit: number) {
  return {
    placed_at: new Date().toISOString(),
    currency: priced.currency,
    subtotal: priced.subtotal,
    discount: priced.discount,
    shipping: priced.shipping,
    total: priced.total,
    coupon_name: priced.coupon?.coupon_name ?? null,
    payment_method: method,
    store_credit: storeCredit,
    address: request.checkout.address,
    lines: priced.lines.map((l) => ({ ...lineAsSold(l), net_weight_mg: orderItemPricing(l.caratPricing).net_weight_mg })),
  };
}

/** A priced line as it was sold: its names, quantity and prices, which the order item keeps and the messages show. */
function lineAsSold(l: ShippedCart['lines'][number]) {
  return {
    product_name: l.product_name,
    product_image: l.product_image,
    category_name: l.category_name,
    carat_name: l.carat_name,
    material_name: l.material_name,
    size_name: l.size_name,
    quantity: l.quantity,
    price: l.price,
    line_total: l.line_total,
  };
}
