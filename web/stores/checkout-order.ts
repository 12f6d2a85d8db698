import { atom } from 'nanostores';
import { normalisePan } from '../../rules/compliance.ts';
import { type Currency, priceColumn } from '../../rules/money.ts';
import { api } from '../lib/api/client.ts';
import { cleanShipping, FORM_ERROR, panError, providerPhone, SHIPPING_FIELDS, shippingOf, type Totals, validateShipping } from '../lib/checkout.ts';
import { clearCheckoutDraft } from '../lib/checkout-draft.ts';
import { discardPendingOrder, loadPaymentLibrary, newAttemptKey, type PendingOrder, savePendingOrder } from '../lib/payment.ts';
import { clearBuyNow } from './buy-now.ts';
import { refreshCartCount, requireLoginThenRedirect } from './cart.ts';
import { $buyNow, $cart, $cartItems, $coupon, $pan, $panMessage, $payment, $shipping, $shippingErrors, $showFormError, $useStoreCredit, couponRefused, loadCart } from './checkout.ts';
import { type CheckoutQuote, heldQuote, type QuoteState, renewAfterRefusal } from './checkout-quote.ts';
import { refreshOrderData } from './orders.ts';
import { $user } from './session.ts';
import { toast } from './toast.ts';

/**
 * Place Order (§4, §8): the checkout checked as the document says, then Cash on Delivery
 * (POST /createorder) or Online Payment (POST /payment, then the provider's hosted page;
 * the order is kept in this browser until the shopper comes back to /orderconfirm). The
 * server prices the order again and has the last word; the price is the held quote's.
 */

/** The redirect after an order waits 500 ms (§4, §9). */
export const AFTER_ORDER_MS = 500;

/** While an order or payment is being started. */
export const $placing = atom(false);

// One key per attempt (Idempotency-Key): any change to the checkout makes the next Place Order a new attempt.
let attemptKey: string | null = null;
const newAttempt = () => {
  attemptKey = null;
};
$shipping.listen(newAttempt);
$payment.listen(newAttempt);
$coupon.listen(newAttempt);
$cart.listen(newAttempt);
$buyNow.listen(newAttempt);
$pan.listen(newAttempt);
$useStoreCredit.listen(newAttempt);

/** A page restored from the back-forward cache (Back from the payment page) can be used again; answers the unsubscribe. */
export function usableAfterBack(): () => void {
  const restored = (event: PageTransitionEvent) => {
    if (event.persisted) $placing.set(false);
  };
  window.addEventListener('pageshow', restored);
  return () => window.removeEventListener('pageshow', restored);
}

/** What the page knows when Place Order is pressed: the priced checkout and where to put the focus. */
export interface PlaceOrderContext {
  hasLines: boolean;
  currency: Currency;
  quoteState: QuoteState;
  quote: CheckoutQuote | null;
  totals: Totals;
  codAllowed: boolean;
  panRequired: boolean;
  focus: (name: string) => void;
}

/** What /createorder and /payment share: the lines, the figures the shopper saw (the held quote's), the address. */
function orderBody(u_id: number, held: CheckoutQuote | null, context: PlaceOrderContext) {
  const figures = held ?? context.totals;
  const coupon = $coupon.get();
  const pan = $pan.get();
  return {
    u_id,
    cartItems: $cartItems.get(),
    shipping: figures.shipping,
    subtotal: figures.subtotal,
    discount: figures.discount,
    total: figures.total,
    priceType: priceColumn(context.currency),
    coupon_name: coupon?.name ?? '',
    ...(held ? { quote_id: held.quote_id } : {}),
    // Store credit (issue 36): the server decides how much from the ledger; the quote says what it will be.
    ...(useCredit(held) ? { use_store_credit: true } : {}),
    ...cleanShipping($shipping.get()),
    ...(context.panRequired ? { pan: normalisePan(pan) ?? pan.trim() } : {}),
  };
}

type OrderBody = ReturnType<typeof orderBody>;

/** Whether this order pays with store credit: chosen, and the held quote uses some. */
function useCredit(held: CheckoutQuote | null): boolean {
  return $useStoreCredit.get() && (held?.store_credit ?? 0) > 0;
}

/** What the provider is asked for: the total, less the store credit the quote applies. */
function amountToPay(body: OrderBody, held: CheckoutQuote | null): number {
  return body.use_store_credit && held ? held.amount_due : body.total;
}

/** Prices or the cart may have changed since the page loaded. */
function reloadCart(): void {
  const u_id = $user.get()?.u_id;
  if (u_id && !$buyNow.get()) void loadCart(u_id);
}

/** A refusal from the server: its words, and the coupon reset when it is the coupon. */
function refused(description: string | undefined): void {
  const message = description || 'Error placing order';
  if (message === 'Invalid coupon!') couponRefused(message);
  toast.error(message);
  attemptKey = null;
  reloadCart();
}

/** A held price that lapsed or no longer fits the checkout (409): a new one is shown, and said so, before any order. */
function heldPriceRefused(data: unknown): boolean {
  if (!renewAfterRefusal(data)) return false;
  attemptKey = null;
  reloadCart();
  return true;
}

async function placeCashOnDelivery(body: OrderBody): Promise<void> {
  attemptKey ??= newAttemptKey();
  try {
    const answer = await api.post('/createorder', { ...body, payment_method: 'cod' }, { 'Idempotency-Key': attemptKey });
    if (answer.status !== 1 || !answer.data?.o_id) {
      if (!heldPriceRefused(answer.data)) refused(answer.description);
      $placing.set(false);
      return;
    }
    toast.success('Order placed successfully');
    clearCheckoutDraft(body.u_id);
    clearBuyNow();
    void refreshCartCount();
    await refreshOrderData();
    setTimeout(() => location.assign(`/orderconfirm?o_id=${answer.data.o_id}`), AFTER_ORDER_MS);
  } catch {
    // The answer was lost: the same key makes a retry safe.
    toast.error('Error placing order');
    $placing.set(false);
  }
}

async function payOnline(body: OrderBody, held: CheckoutQuote | null): Promise<void> {
  const returnUrl = `${location.origin}/orderconfirm`;
  try {
    const answer = await api.post('/payment', {
      order_amount: amountToPay(body, held),
      customer_id: body.u_id,
      customer_name: `${body.first_name} ${body.last_name}`,
      customer_email: body.email,
      customer_phone: providerPhone(body.phone_number),
      coupon_name: body.coupon_name,
      cartItems: body.cartItems,
      priceType: body.priceType,
      return_url: returnUrl,
      // With the address, the provider's confirmation places the order even if the shopper never returns.
      checkout: shippingOf(body),
      ...(body.pan ? { pan: body.pan } : {}),
      ...(body.quote_id ? { quote_id: body.quote_id } : {}),
      ...(body.use_store_credit ? { use_store_credit: true } : {}),
    });
    if (answer.status !== 1) {
      if (!heldPriceRefused(answer.data)) refused(answer.description);
      $placing.set(false);
      return;
    }
    const sessionId = answer.data?.payment_session_id;
    if (!sessionId || !answer.data?.order_id) {
      toast.error('Failed to initiate payment: No session ID');
      $placing.set(false);
      return;
    }
    const pending: PendingOrder = { ...body, payment_method: 'online', order_id: answer.data.order_id, buyNow: Boolean($buyNow.get()) };
    savePendingOrder(pending);
    const Cashfree = await loadPaymentLibrary();
    if (!Cashfree) {
      discardPendingOrder();
      toast.error('Payment gateway unavailable. Please try again.');
      $placing.set(false);
      return;
    }
    await Cashfree({ mode: answer.data.mode ?? 'sandbox' }).checkout({ paymentSessionId: sessionId, returnUrl });
  } catch {
    // The shopper never left for the payment page: nothing is pending.
    discardPendingOrder();
    toast.error('Error placing order');
    $placing.set(false);
  }
}

/** Place Order: login, the form's rules and messages (§5), the PAN, the destination and payment method, then the order at the held price. */
export async function placeOrder(context: PlaceOrderContext): Promise<void> {
  const current = $user.get();
  if (!current?.auth_token) {
    requireLoginThenRedirect('Please login to place an order');
    return;
  }
  const found = validateShipping($shipping.get());
  $shippingErrors.set(found);
  const first = SHIPPING_FIELDS.find((field) => found[field]);
  if (first) {
    $showFormError.set(true);
    toast.error(FORM_ERROR);
    context.focus(first);
    return;
  }
  const panProblem = panError($pan.get(), context.panRequired);
  $panMessage.set(panProblem);
  if (panProblem) {
    $showFormError.set(true);
    toast.error(panProblem);
    context.focus('pan');
    return;
  }
  $showFormError.set(false);
  const { quoteState } = context;
  if (quoteState.status === 'refused') {
    toast.error(quoteState.message);
    return;
  }
  // Store credit that pays the whole order leaves nothing to collect: placed without a payment method's rules.
  const creditPaysAll = $useStoreCredit.get() && context.quote !== null && context.quote.store_credit > 0 && context.quote.amount_due === 0;
  const payment = creditPaysAll ? 'cod' : $payment.get();
  if (payment === 'cod' && !context.codAllowed && !creditPaysAll) {
    toast.error(context.quote?.cod_message ?? 'Please choose Online Payment.');
    return;
  }
  if (!context.hasLines) {
    toast.error('Your cart is empty.');
    return;
  }
  // At the price shown while it is held; one that ran out is replaced first, and the shopper told.
  const held = quoteState.status === 'ready' ? heldQuote() : null;
  if (quoteState.status === 'ready' && !held) return;
  $placing.set(true);
  const body = orderBody(current.u_id, held, context);
  if (payment === 'cod') await placeCashOnDelivery(body);
  else await payOnline(body, held);
}
