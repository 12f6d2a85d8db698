/**
 * The online-payment flow around the providers: opening a payment at a held price with
 * its pieces set aside, and settling it once the provider says what became of it. Every
 * payment the provider takes ends as its order (placeOrder, exactly once however the
 * webhook, the sandbox page, the shopper's return and the reconciliation race) or, when
 * the order truly cannot be placed, as a refund the store asks for itself, with the
 * shopper told in words what happened to their money.
 */

import { randomBytes } from 'node:crypto';
import { findOrderByProviderOrderId } from '../../db/queries/orders.ts';
import { claimUnplacedRefund, closeUnpaidPayment, findPayment, holdStock, insertPayment, markPaymentPaid, releaseHolds, setPaymentSession } from '../../db/queries/payments.ts';
import { stockTake } from '../../db/queries/stock.ts';
import { noteStockChange } from '../../db/queries/stock-view.ts';
import type { Currency } from '../../db/schema.ts';
import { utcTimestamp } from '../../db/time.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { log } from '../../db/log.ts';
import { HOME_COUNTRY } from '../../rules/address.ts';
import { formatMoney, toMajor } from '../../rules/money.ts';
import { refundTiming, unplacedPaymentMessage } from '../../rules/payments.ts';
import { shopPolicy } from '../../db/queries/shop-policy.ts';
import type { Deps } from '../context.ts';
import { isRefusal, refusalMessage } from '../errors.ts';
import { conflictError, invalidError } from '../../rules/errors.ts';
import { assertLawfulDay, assertLawfulPayment } from '../orders/checkout-law.ts';
import { type Checkout, keptCheckout, keptCheckoutText, linesToPrice, type OrderRequest, type PaidCheckout, placeOrder, priceCheckout, TOTAL_MISMATCH } from '../orders/place-order.ts';
import { normaliseCouponName } from '../orders/pricing.ts';
import { heldPrice, type LockedPrice, lockPrice } from '../orders/quotes.ts';
import { askForRefund } from '../orders/refund.ts';
import type { PaymentProvider } from './gateway.ts';
import { paymentProvider } from './provider.ts';
import { storeCreditBalance } from '../../db/queries/store-credit.ts';
import { amountDueAfterCredit, storeCreditToUse } from '../../rules/store-credit.ts';

type PaymentDeps = Pick<Deps, 'db' | 'config'>;

/** The refusal of a payment whose amount is not the price less the store credit the server decided. */
export const STORE_CREDIT_MISMATCH = 'The amount to pay does not match your order after your store credit. Please review your checkout.';
/** The refusal of an online payment for an order the shopper's store credit pays in full. */
export const CREDIT_PAYS_ALL = 'Your store credit pays for the whole order, so there is nothing to pay online. Please place the order without an online payment.';

export interface StartPayment {
  u_id: number;
  checkout: Checkout;
  /** The amount the storefront shows, minor units: checked against the server's price. */
  claimedAmount: number;
  customer: { name: string; email: string; phone: string };
  returnUrl: string;
  /** A checkout quote whose held price the payment is for (POST /checkoutquote). */
  quoteId?: string;
}

/** A provider order id: letters and digits, unguessable, within Cashfree's 45 characters. */
function newProviderOrderId(): string {
  return `order_${Date.now().toString(36)}_${randomBytes(9).toString('hex')}`;
}

/** The price a payment is opened for: its quote's while that holds, else today's, held for the payment's life. */
async function priceToPay(deps: PaymentDeps, request: StartPayment): Promise<{ checkout: Checkout; priced: LockedPrice; lockedUntil: string }> {
  const { db, config } = deps;
  let checkout = request.checkout;
  if (request.quoteId) {
    const lines = await linesToPrice(db, request.u_id, checkout.lines);
    const country = checkout.address?.country ?? HOME_COUNTRY;
    const held = await heldPrice(db, request.u_id, request.quoteId, { currency: checkout.currency, couponName: checkout.couponName, country }, lines);
    return { checkout, priced: held.priced, lockedUntil: held.locked_until };
  }
  let priced = await priceCheckout(db, request.u_id, checkout);
  if (!normaliseCouponName(checkout.couponName) && request.claimedAmount < priced.total) {
    // A client naming no coupon (storefront.md's /payment sends only the amount): the coupon that gives the difference, if one does.
    const withCoupon = await priceCheckout(db, request.u_id, checkout, { claimedDiscount: priced.total - request.claimedAmount });
    if (withCoupon.coupon) {
      priced = withCoupon;
      checkout = { ...checkout, couponName: withCoupon.coupon.coupon_name };
    }
  }
  return { checkout, priced: await lockPrice(db, priced), lockedUntil: utcTimestamp(new Date(Date.now() + config.quoteLockMs)) };
}

/**
 * Opens a payment for a checkout: prices it (its quote's held price, or today's), checks the
 * client's amount and the law, records the payment with its price and sets its limited pieces
 * aside for its life (a piece another shopper is paying for is refused here, before this
 * shopper pays), then opens the provider's order, which expires when the price lock does.
 */
export async function startPayment(deps: PaymentDeps, request: StartPayment) {
  const { db } = deps;
  const provider = paymentProvider(deps);
  const { checkout, priced, lockedUntil } = await priceToPay(deps, request);
  // Store credit (issue 36): the server decides how much from the ledger; the provider is asked for the rest,
  // which is what the storefront shows as the amount to pay. The credit is spent when the order is placed.
  const storeCredit = checkout.useStoreCredit ? storeCreditToUse(await storeCreditBalance(db, request.u_id), priced.total, { currency: priced.currency }) : 0;
  const amount = amountDueAfterCredit(priced.total, storeCredit);
  if (storeCredit > 0 && amount <= 0) throw invalidError(CREDIT_PAYS_ALL);
  if (request.claimedAmount !== amount) throw invalidError(storeCredit > 0 ? STORE_CREDIT_MISMATCH : TOTAL_MISMATCH);
  if (priced.total <= 0) throw invalidError('There is nothing to pay for this order.');
  // Refused before the shopper pays, not after: a PAN missing for ₹2,00,000 or more (this order alone, or the buyer's day).
  const orderPan = assertLawfulPayment(priced, 'online', checkout.pan);
  const orderId = newProviderOrderId();
  // The cart lines priced are the ones the order is made of, even if the cart changes meanwhile.
  const lines: Checkout['lines'] =
    checkout.lines.source === 'cart'
      ? { source: 'cart', c_ids: priced.lines.flatMap((l) => (l.c_id === null ? [] : [l.c_id])) }
      : checkout.lines;
  const take = stockTake(priced.lines);
  const { pay_id, taken } = await writeTransaction(
    db,
    async (trx) => {
      const phone = checkout.address?.phone_number ?? request.customer.phone;
      const pan = orderPan ?? (await assertLawfulDay(trx, priced, 'online', { u_id: request.u_id, phone }, checkout.pan));
      const paidFor: PaidCheckout = { ...checkout, lines, pan, priced, ...(storeCredit > 0 ? { storeCredit } : {}) };
      const pay_id = await insertPayment(trx, {
        provider: provider.name,
        provider_order_id: orderId,
        payment_session_id: '',
        u_id: request.u_id,
        currency: priced.currency,
        amount,
        status: 'created',
        locked_until: lockedUntil,
        checkout: keptCheckoutText(deps.config.panKey, paidFor),
      });
      return { pay_id, taken: take ? await holdStock(trx, pay_id, request.u_id, take) : [] };
    },
    { isolation: 'read committed', name: 'start payment' },
  );
  if (taken.length) noteStockChange(db, taken.map((r) => r.pc_id), taken).catch(() => undefined);
  let paymentSessionId: string;
  try {
    ({ paymentSessionId } = await provider.createOrder({
      orderId,
      amount,
      currency: priced.currency,
      customer: { id: `u${request.u_id}`, ...request.customer },
      returnUrl: request.returnUrl,
      expiresAt: new Date(`${lockedUntil.replace(' ', 'T')}Z`),
    }));
  } catch (error) {
    // The provider opened nothing, so nothing can be paid: the pieces go back at once.
    await closeUnpaid(deps, pay_id, 'failed', 'The payment provider could not open this payment.');
    throw error;
  }
  await setPaymentSession(db, pay_id, paymentSessionId);
  return {
    payment_session_id: paymentSessionId,
    order_id: orderId,
    amount,
    currency: priced.currency as Currency,
    locked_until: lockedUntil,
  };
}

/** Closes an open payment that took no money (failed, or lapsed unpaid) and gives its held pieces back. */
export async function closeUnpaid(deps: PaymentDeps, pay_id: number, status: 'failed' | 'abandoned', note: string): Promise<void> {
  const released = await writeTransaction(
    deps.db,
    async (trx) => ((await closeUnpaidPayment(trx, pay_id, status, note)) ? releaseHolds(trx, pay_id) : []),
    { isolation: 'read committed', name: 'close payment' },
  );
  if (released.length) noteStockChange(deps.db, released).catch(() => undefined);
}

export type FinishOutcome = 'unknown' | 'not_paid' | 'placed' | 'already_placed' | 'paid_awaiting_order' | 'refunded' | 'refund_pending';

/** What became of a payment: its order, or its refund with the sentence the shopper reads. */
export interface Settlement {
  outcome: FinishOutcome;
  o_id?: number;
  /** For a refund: what the shopper is told, in words. */
  description?: string;
  refund_amount?: number;
}

/**
 * Why an order could not be placed, when the refusal is for good (a refusal, isRefusal: a
 * DomainError of a 4xx kind; a product deleted since it was priced); null for a fault to try
 * again (the database busy or unreachable, the provider unavailable), which leaves the payment
 * paid for the next settlement.
 */
export function unplaceableReason(error: unknown): string | null {
  if (isRefusal(error)) return refusalMessage(error);
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '23503' || e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'A piece in it is no longer in our catalogue.';
  }
  return null;
}

/** A payment row as the settlement reads it. */
type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPayment>>>;

/** The settlement of a payment already refunded or being refunded, as the shopper is told it (the refund's timing: the shop policy's, issue 36). */
async function refundSettlement(db: PaymentDeps['db'], payment: Pick<PaymentRow, 'status' | 'note' | 'amount' | 'refund_amount' | 'currency'>): Promise<Settlement> {
  const amount = Number(payment.refund_amount ?? payment.amount);
  const timing = refundTiming(await shopPolicy(db));
  const accepted = payment.status === 'refunded';
  return {
    outcome: accepted ? 'refunded' : 'refund_pending',
    description: unplacedPaymentMessage(payment.note ?? 'This order could not be placed.', formatMoney(toMajor(amount), payment.currency as Currency, { cents: true }), accepted ? 'accepted' : 'pending', timing),
    refund_amount: amount,
  };
}

/**
 * Refunds a paid payment no order can be made of, at once, through its provider: claims it
 * (once, however settlements race; a placement that claimed it first wins), gives its held
 * pieces back, and asks the provider (a refusal or an outage leaves it refund_due, asked again
 * by the reconciliation with the same refund id, so the provider never pays twice).
 */
export async function refundUnplaced(deps: PaymentDeps, payment: PaymentRow, reason: string, amount = Number(payment.amount)): Promise<Settlement> {
  const { db } = deps;
  const claim = await writeTransaction(
    db,
    async (trx) => {
      const claimed = await claimUnplacedRefund(trx, payment.pay_id, amount, reason);
      return { claimed, released: claimed ? await releaseHolds(trx, payment.pay_id) : [] };
    },
    { isolation: 'read committed', name: 'refund unplaced payment' },
  );
  if (claim.released.length) noteStockChange(db, claim.released).catch(() => undefined);
  if (!claim.claimed) {
    const now = await findPayment(db, payment.provider_order_id);
    if (now?.o_id != null && now.status === 'used') return { outcome: 'already_placed', o_id: now.o_id };
    if (now && (now.status === 'refund_due' || now.status === 'refunded')) return refundSettlement(db, now);
    return { outcome: 'paid_awaiting_order' };
  }
  log.error(`payments: ${payment.provider_order_id}: paid, no order could be placed (${reason}); refunding ${amount} ${payment.currency}`);
  await askForRefund(deps, { provider_order_id: payment.provider_order_id, amount, o_id: null });
  const after = await findPayment(db, payment.provider_order_id);
  return refundSettlement(db, after ?? { ...payment, status: 'refund_due', note: reason, refund_amount: amount });
}

/**
 * Settles a payment the provider reports on (its webhook, the sandbox page, the
 * reconciliation): asks the provider, records the outcome, and places the order from the
 * checkout stored with the payment, or refunds it when the order cannot be placed. Safe to
 * call any number of times, concurrently. `settleWithoutAddress`: a paid payment whose
 * checkout never gave an address (only the shopper's return could place it) is refunded.
 */
export async function finishPayment(
  deps: PaymentDeps,
  providerOrderId: string,
  provider: PaymentProvider = paymentProvider(deps),
  options: { settleWithoutAddress?: boolean } = {},
): Promise<Settlement> {
  const { db } = deps;
  const payment = await findPayment(db, providerOrderId);
  if (!payment || payment.provider !== provider.name) return { outcome: 'unknown' };
  if (payment.status === 'used' && payment.o_id !== null) return { outcome: 'already_placed', o_id: payment.o_id };
  if (payment.o_id === null && (payment.status === 'refund_due' || payment.status === 'refunded')) return refundSettlement(db, payment);
  const remote = await provider.getOrder(providerOrderId);
  if (!remote || remote.status !== 'PAID') {
    if (remote && ['EXPIRED', 'TERMINATED', 'FAILED'].includes(remote.status)) {
      await closeUnpaid(deps, payment.pay_id, 'failed', `The payment provider reports this payment ${remote.status.toLowerCase()}.`);
    }
    return { outcome: 'not_paid' };
  }
  await markPaymentPaid(db, payment.pay_id);
  const paid = { ...payment, status: 'paid' };
  if (remote.amount !== payment.amount || remote.currency !== payment.currency) {
    // Not the amount this checkout costs: no order of it, and what the provider took goes back.
    if (remote.currency !== payment.currency) log.error(`payments: ${providerOrderId}: paid in ${remote.currency}, expected ${payment.currency}`);
    return refundUnplaced(deps, paid, 'The amount paid does not match this order.', remote.amount);
  }
  const placed = await findOrderByProviderOrderId(db, providerOrderId);
  if (placed) return { outcome: 'already_placed', o_id: placed.o_id };
  const checkout = keptCheckout(deps.config.panKey, payment.checkout);
  if (!checkout?.address || payment.u_id === null) {
    if (options.settleWithoutAddress) return refundUnplaced(deps, paid, payment.u_id === null ? 'The account that paid was deleted.' : 'The delivery address for this order never reached us.');
    return { outcome: 'paid_awaiting_order' };
  }
  try {
    const result = await placeOrder(db, provider, {
      u_id: payment.u_id,
      checkout: { ...checkout, address: checkout.address },
      payment: { method: 'online', providerOrderId, confirmed: remote },
    }, deps.config.panKey);
    return { outcome: result.created ? 'placed' : 'already_placed', o_id: result.o_id };
  } catch (error) {
    const reason = unplaceableReason(error);
    if (reason === null) throw error;
    return refundUnplaced(deps, paid, reason);
  }
}

/**
 * Places the order of the shopper's return from an online payment (POST /createorder). A
 * refusal after the provider took the money is not left there: the payment is refunded at
 * once and the shopper told so (409, with the refund in `data`), never "nothing was charged".
 */
export async function placePaidOrder(deps: PaymentDeps, request: OrderRequest & { payment: { method: 'online' } }): Promise<{ o_id: number; created: boolean }> {
  const provider = paymentProvider(deps);
  try {
    return await placeOrder(deps.db, provider, request, deps.config.panKey);
  } catch (error) {
    const reason = unplaceableReason(error);
    if (reason === null) throw error;
    const payment = await findPayment(deps.db, request.payment.providerOrderId);
    // Refused before any money was confirmed taken (not paid, not this shopper's): the refusal stands.
    if (!payment || payment.u_id !== request.u_id || payment.provider !== provider.name) throw error;
    let settled: Settlement;
    if (payment.status === 'paid') settled = await refundUnplaced(deps, payment, reason);
    else if (payment.o_id === null && (payment.status === 'refund_due' || payment.status === 'refunded')) settled = await refundSettlement(deps.db, payment);
    else throw error;
    if (settled.outcome === 'already_placed' && settled.o_id !== undefined) return { o_id: settled.o_id, created: false };
    if (!settled.description) throw error;
    throw conflictError(settled.description, { payment_status: settled.outcome, refund_amount: toMajor(settled.refund_amount ?? 0), order_id: payment.provider_order_id });
  }
}
