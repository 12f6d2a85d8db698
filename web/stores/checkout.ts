import { atom, computed } from 'nanostores';
import { countryForDialCode, HOME_COUNTRY } from '../../rules/address.ts';
import { couponCode, findCoupon } from '../../rules/coupons.ts';
import type { Currency } from '../../rules/money.ts';
import type { PaymentMethod } from '../../rules/payments.ts';
import { formatPhone } from '../../rules/phone.ts';
import { GST_RATE_TEXT, LISTED_INCLUDES_GST } from '../../rules/pricing.ts';
import { api } from '../lib/api/client.ts';
import type { components } from '../lib/api/schema.d.ts';
import { type CartLine, type Coupon, EMPTY_SHIPPING, type PricedQuantity, type ShippingErrors, type ShippingField, type ShippingForm, shippingFromSaved, type Totals, totalsOf } from '../lib/checkout.ts';
import { readCheckoutDraft, saveCheckoutDraft } from '../lib/checkout-draft.ts';
import { type BuyNowLine, getBuyNow } from './buy-now.ts';
import type { CheckoutQuote, QuoteState } from './checkout-quote.ts';
import type { SessionUser } from './session.ts';
import { toast } from './toast.ts';

/**
 * The checkout as the shopper fills it in (storefront.md §2, §4, §5): what is ordered (the
 * cart, or the one Buy Now line from a product page), the contact and shipping address with
 * their errors, the payment method, the coupon and the PAN. Placing the order is in
 * stores/checkout-order.ts, the held price in stores/checkout-quote.ts.
 */

export interface AppliedCoupon {
  name: string;
  percent: number;
}

export interface CouponMessage {
  kind: 'error' | 'success';
  text: string;
}

export const $buyNow = atom<BuyNowLine | null>(null);
export const $cart = atom<CartLine[] | null>(null);
export const $cartLoadFailed = atom(false);
export const $shipping = atom<ShippingForm>(EMPTY_SHIPPING);
export const $shippingErrors = atom<ShippingErrors>({});
/** 'Please fill in all required fields correctly' above the form (§5). */
export const $showFormError = atom(false);
/** Cash on Delivery to start with (§4). */
export const $payment = atom<PaymentMethod>('cod');
export const $couponCode = atom('');
export const $coupon = atom<AppliedCoupon | null>(null);
export const $couponMessage = atom<CouponMessage | null>(null);
export const $applyingCoupon = atom(false);
export const $pan = atom('');
export const $panMessage = atom<string | undefined>(undefined);
/** The shopper chose to pay with their store credit (issue 36); how much is the server's to say (the quote's store_credit). */
export const $useStoreCredit = atom(false);

export function chooseStoreCredit(use: boolean): void {
  $useStoreCredit.set(use);
}

/** The lines /checkoutquote, /createorder and /payment take: the Buy Now selection, or the cart's line ids. */
export const $cartItems = computed([$buyNow, $cart], (buyNow, cart): components['schemas']['OrderCartItem'][] =>
  buyNow
    ? [{ p_id: buyNow.p_id, pc_id: buyNow.pc_id, carat_id: buyNow.carat_id, m_id: buyNow.m_id, size_id: buyNow.size_id, quantity: buyNow.quantity }]
    : (cart ?? []).map((l) => ({ c_id: l.c_id })),
);

/** The shipping form as far as the account knows it: the name split in two, the phone (shown as everywhere: +91 98765 43210). */
function prefilled(user: SessionUser | null): ShippingForm {
  if (!user) return EMPTY_SHIPPING;
  const [first = '', ...rest] = user.full_name.trim().split(/\s+/);
  // +91 ships to India by default; another country code suggests its country.
  return { ...EMPTY_SHIPPING, first_name: first, last_name: rest.join(' '), phone_number: user.phoneNumber ? formatPhone(user.phoneNumber, user.countryCode) : '', country: countryForDialCode(user.countryCode) };
}

// The form is kept as the shopper fills it only once it was first filled (draft, saved address or account).
let filled = false;
let edited = false;
let draftOwner: number | null = null;
let coupons: Coupon[] | null = null;

/** Kept in this tab as it is filled in, for Back from the payment page. */
function keepDraft(): void {
  if (!draftOwner || !filled) return;
  saveCheckoutDraft(draftOwner, { form: $shipping.get(), payment: $payment.get(), couponCode: $couponCode.get() });
}
$shipping.listen(keepDraft);
$payment.listen(keepDraft);
$couponCode.listen(keepDraft);

/** Opens the checkout for this shopper: the form as they left it, or as the account knows it; what they order. */
export function startCheckout(user: SessionUser | null): void {
  filled = false;
  edited = false;
  draftOwner = user?.u_id ?? null;
  const draft = user ? readCheckoutDraft(user.u_id) : null;
  if (draft) {
    // Back from the payment page (or a reload): the form as the shopper left it.
    $shipping.set(draft.form);
    $payment.set(draft.payment);
    $couponCode.set(draft.couponCode);
    filled = true;
  } else {
    $shipping.set(prefilled(user));
    if (user) void loadSavedAddress();
    else filled = true;
  }
  const line = getBuyNow();
  $buyNow.set(line);
  if (user && !line) void loadCart(user.u_id);
  keepDraft();
}

/** The checkout starts from the address the account remembers, unless the shopper has begun typing. */
async function loadSavedAddress(): Promise<void> {
  try {
    const answer = await api.get('/getuserprofile');
    const saved = answer.status === 1 ? answer.data?.saved_address : null;
    if (saved && !edited) {
      filled = true;
      $shipping.set(shippingFromSaved(saved));
    }
  } catch {
    // The account's name and phone stay filled in.
  } finally {
    filled = true;
  }
}

export async function loadCart(u_id: number): Promise<void> {
  $cartLoadFailed.set(false);
  try {
    const answer = await api.get('/getcart/{u_id}', { u_id });
    $cart.set(answer.status === 1 && Array.isArray(answer.data) ? answer.data : []);
  } catch {
    $cartLoadFailed.set(true);
  }
}

/** A field typed in: a new country starts the state and postal code again; the error under it clears (§5). */
export function editShipping(field: ShippingField, value: string): void {
  edited = true;
  filled = true;
  const current = $shipping.get();
  $shipping.set(field === 'country' && value !== current.country ? { ...current, country: value, state: '', zip_code: '' } : { ...current, [field]: value });
  const errors = $shippingErrors.get();
  if (errors[field]) {
    const next = { ...errors, [field]: undefined };
    $shippingErrors.set(next);
    if (!Object.values(next).some(Boolean)) $showFormError.set(false);
  }
}

export function choosePayment(method: PaymentMethod): void {
  $payment.set(method);
}

/** Cash on Delivery stops where the law or the shop's cap says: Online Payment instead. */
export function offerCashOnDelivery(allowed: boolean): void {
  if (!allowed && $payment.get() === 'cod') $payment.set('online');
}

export function editPan(value: string): void {
  $pan.set(value);
  if ($panMessage.get()) $panMessage.set(undefined);
}

export function typeCouponCode(code: string): void {
  $couponCode.set(code);
}

/** The typed code, uppercased, checked against the active coupons (§4, §9): an invalid code resets the discount to 0. */
export async function applyCoupon(): Promise<void> {
  const code = couponCode($couponCode.get());
  $couponCode.set(code);
  if (!code) {
    $couponMessage.set({ kind: 'error', text: 'Please enter a coupon code.' });
    return;
  }
  let list = coupons;
  if (!list) {
    $applyingCoupon.set(true);
    try {
      const answer = await api.post('/getcoupon', { is_admin: 1 });
      if (answer.status !== 1 || !Array.isArray(answer.data)) {
        toast.error('Failed To Fetch Coupon List.');
        return;
      }
      list = answer.data;
      coupons = list;
    } catch {
      toast.error('Failed To Fetch Coupon List.');
      return;
    } finally {
      $applyingCoupon.set(false);
    }
  }
  const found = findCoupon(list, code);
  if (!found) {
    couponRefused('Invalid coupon!');
    return;
  }
  $coupon.set({ name: found.coupon_name, percent: Number(found.discount) });
  $couponMessage.set({ kind: 'success', text: `${found.coupon_name} applied: ${found.discount}% off` });
}

/** The coupon is off, and the shopper is told why. */
export function couponRefused(text: string): void {
  $coupon.set(null);
  $couponMessage.set({ kind: 'error', text });
}

export function removeCoupon(): void {
  $coupon.set(null);
  $couponCode.set('');
  $couponMessage.set(null);
}

/**
 * What the summary says of GST when the destination changes the listed prices:
 * dollar prices (listed without GST) delivered in India have it added; rupee
 * prices (listed with it) sent abroad lose it; dollars abroad say it is not charged.
 */
export function gstNote(currency: Currency, abroad: boolean): string | null {
  if (abroad) return currency === 'USD' ? "Export prices: India's GST is not charged on orders delivered outside India." : `Export: India's ${GST_RATE_TEXT} GST is taken off prices for delivery outside India.`;
  return currency === 'USD' ? `Delivered in India: India's ${GST_RATE_TEXT} GST is added to the prices.` : null;
}

/** What the checkout shows and allows given the server's quote (POST /checkoutquote) for its destination. */
export interface CheckoutFigures {
  quote: CheckoutQuote | null;
  totals: Totals;
  abroad: boolean;
  taxNote: string | null;
  unavailable: boolean;
  codAllowed: boolean;
  panRequired: boolean;
  /** Orders are placed at the price shown and held: not while it is asked for or replaced. */
  quoteBlocks: boolean;
}

export function checkoutFigures(quoteState: QuoteState, lines: ReadonlyArray<PricedQuantity & { available: boolean }> | null, country: string, currency: Currency, coupon: AppliedCoupon | null): CheckoutFigures {
  const abroad = (country || HOME_COUNTRY) !== HOME_COUNTRY;
  const quote = quoteState.status === 'ready' ? quoteState.quote : null;
  // The server prices for the destination (GST in India, none on an export): its figures once it has answered.
  const totals = quote ? { subtotal: quote.subtotal, discount: quote.discount, shipping: quote.shipping, total: quote.total } : totalsOf(lines ?? [], currency, coupon?.percent ?? 0);
  const pricesAdjusted = abroad === LISTED_INCLUDES_GST[currency];
  return {
    quote,
    totals,
    abroad,
    taxNote: gstNote(currency, abroad),
    unavailable: lines?.some((l) => !l.available) ?? false,
    codAllowed: quote ? quote.cod_allowed : !abroad,
    panRequired: quote?.pan_required ?? false,
    quoteBlocks: quoteState.status === 'loading' || (quoteState.status === 'ready' && quoteState.renewing) || ((abroad || pricesAdjusted) && quoteState.status !== 'ready'),
  };
}
