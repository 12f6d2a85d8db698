import { useEffect, useRef, useState } from 'react';
import { Icon } from '../components/Icon.tsx';
import { request } from '../lib/api/client.ts';
import {
  type CartLine,
  cleanShipping,
  type Coupon,
  EMPTY_SHIPPING,
  findCoupon,
  FORM_ERROR,
  providerPhone,
  SHIPPING_FIELDS,
  type ShippingErrors,
  type ShippingField,
  type ShippingForm,
  totalsOf,
  validateShipping,
} from '../lib/checkout.ts';
import { type Currency, priceColumn } from '../../rules/money.ts';
import { discardPendingOrder, loadPaymentLibrary, newAttemptKey, type PendingOrder, savePendingOrder } from '../lib/payment.ts';
import { useCurrency } from '../lib/use-currency.ts';
import { type BuyNowLine, clearBuyNow, getBuyNow } from '../stores/buy-now.ts';
import { heldQuote, renewAfterRefusal } from '../stores/checkout-quote.ts';
import { refreshCartCount, requireLoginThenRedirect } from '../stores/cart.ts';
import { refreshOrderData } from '../stores/orders.ts';
import { $user, type SessionUser } from '../stores/session.ts';
import { toast } from '../stores/toast.ts';
import { describedBy, FieldError } from './AuthFields.tsx';
import { EMPTY_LINKS, JourneyEmpty, LoadFailed } from './JourneyEmpty.tsx';
import { OrderSummary } from './LineItems.tsx';
import { Skeleton, useSessionUser } from './parts.tsx';
import { DestinationFields, PanField, panError } from './checkout/Destination.tsx';
import { type CheckoutQuote, useCheckoutQuote } from '../lib/checkout-quote.ts';
import { phoneBuyer } from '../../rules/compliance.ts';
import { PriceLock } from './checkout/PriceLock.tsx';
import { fromBuyNow, fromCart, type SummaryLine, SummaryLines } from './checkout/SummaryLines.tsx';
import { countryForDialCode, HOME_COUNTRY } from '../../rules/address.ts';
import { normalisePan } from '../../rules/compliance.ts';
import { LISTED_INCLUDES_GST } from '../../rules/pricing.ts';
import { clearCheckoutDraft, readCheckoutDraft, saveCheckoutDraft } from '../lib/checkout-draft.ts';

/**
 * What the summary says of GST when the destination changes the listed prices:
 * dollar prices (listed without GST) delivered in India have it added; rupee
 * prices (listed with it) sent abroad lose it; dollars abroad say it is not charged.
 */
export function gstNote(currency: Currency, abroad: boolean): string | null {
  if (abroad) return currency === 'USD' ? "Export prices: India's GST is not charged on orders delivered outside India." : "Export: India's 3% GST is taken off prices for delivery outside India.";
  return currency === 'USD' ? "Delivered in India: India's 3% GST is added to the prices." : null;
}

/** The redirect after an order waits 500 ms (§4, §9). */
export const AFTER_ORDER_MS = 500;

type PaymentMethod = 'cod' | 'online';

/** The address the account remembers (GET /getuserprofile: the last order's, or as saved in My Profile). */
interface SavedAddress extends ShippingForm {
  updatedAt?: string;
}

/** The shipping form from a remembered address. */
function fromSaved(saved: SavedAddress): ShippingForm {
  const form = { ...EMPTY_SHIPPING };
  for (const field of Object.keys(EMPTY_SHIPPING) as ShippingField[]) form[field] = saved[field] ?? '';
  return form;
}

/** The shipping form as far as the account knows it: the name split in two, the phone. */
function prefilled(user: SessionUser | null): ShippingForm {
  if (!user) return EMPTY_SHIPPING;
  const [first = '', ...rest] = user.full_name.trim().split(/\s+/);
  // +91 ships to India by default; another country code suggests its country.
  return { ...EMPTY_SHIPPING, first_name: first, last_name: rest.join(' '), phone_number: user.phoneNumber ?? '', country: countryForDialCode(user.countryCode) };
}

const LABELS: Record<ShippingField, string> = {
  email: 'Email',
  phone_number: 'Phone number',
  first_name: 'First name',
  last_name: 'Last name',
  address: 'Address',
  apartment: 'Apartment, suite, etc. (optional)',
  city: 'City',
  state: 'State',
  zip_code: 'ZIP code',
  country: 'Country',
};

const AUTOCOMPLETE: Record<ShippingField, string> = {
  email: 'email',
  phone_number: 'tel',
  first_name: 'shipping given-name',
  last_name: 'shipping family-name',
  address: 'shipping address-line1',
  apartment: 'shipping address-line2',
  city: 'shipping address-level2',
  state: 'shipping address-level1',
  zip_code: 'shipping postal-code',
  country: 'shipping country',
};

/**
 * Checkout (§2, §4, §5, §8): contact and shipping address with the document's
 * rules and messages, payment method (Cash on Delivery by default, or Online
 * Payment on the provider's hosted page), a coupon box, the order summary and
 * Place Order. It orders the cart, or the one Buy Now line handed over from a
 * product page. The server prices the order again and has the last word.
 */
export default function Checkout() {
  const user = useSessionUser();
  const currency = useCurrency();
  const [buyNow, setBuyNow] = useState<BuyNowLine | null>(null);
  const [cart, setCart] = useState<CartLine[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [form, setForm] = useState<ShippingForm>(EMPTY_SHIPPING);
  const [errors, setErrors] = useState<ShippingErrors>({});
  const [showFormError, setShowFormError] = useState(false);
  const [payment, setPayment] = useState<PaymentMethod>('cod');
  const [couponCode, setCouponCode] = useState('');
  const [coupon, setCoupon] = useState<{ name: string; percent: number } | null>(null);
  const [couponMessage, setCouponMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [coupons, setCoupons] = useState<Coupon[] | null>(null);
  const [applying, setApplying] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [pan, setPan] = useState('');
  const [panMessage, setPanMessage] = useState<string | undefined>(undefined);
  const attemptKey = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const loadCart = async (u_id: number) => {
    setLoadFailed(false);
    try {
      const answer = await request<CartLine[]>('get', `/getcart/${u_id}`);
      setCart(answer.status === 1 && Array.isArray(answer.data) ? answer.data : []);
    } catch {
      setLoadFailed(true);
    }
  };

  // The form is kept as the shopper fills it only once it was first filled (draft, saved address or account).
  const filled = useRef(false);
  const edited = useRef(false);

  useEffect(() => {
    if (user === undefined) return;
    filled.current = false;
    edited.current = false;
    const draft = user ? readCheckoutDraft(user.u_id) : null;
    if (draft) {
      // Back from the payment page (or a reload): the form as the shopper left it.
      setForm(draft.form);
      setPayment(draft.payment);
      setCouponCode(draft.couponCode);
      filled.current = true;
    } else {
      setForm(prefilled(user));
      if (user) void loadSavedAddress();
      else filled.current = true;
    }
    const line = getBuyNow();
    setBuyNow(line);
    if (user && !line) void loadCart(user.u_id);
  }, [user?.u_id]);

  /** The checkout starts from the address the account remembers, unless the shopper has begun typing. */
  const loadSavedAddress = async () => {
    try {
      const answer = await request<{ saved_address: SavedAddress | null }>('get', '/getuserprofile');
      const saved = answer.status === 1 ? answer.data?.saved_address : null;
      if (saved && !edited.current) setForm(fromSaved(saved));
    } catch {
      // The account's name and phone stay filled in.
    } finally {
      filled.current = true;
    }
  };

  // Any change makes the next Place Order a new attempt (a new Idempotency-Key).
  useEffect(() => {
    attemptKey.current = null;
  }, [form, payment, coupon, cart, buyNow, pan]);

  // Kept in this tab as it is filled in, for Back from the payment page.
  useEffect(() => {
    const u_id = user?.u_id;
    if (!u_id || !filled.current) return;
    saveCheckoutDraft(u_id, { form, payment, couponCode });
  }, [form, payment, couponCode, user?.u_id]);

  // A page restored from the back-forward cache (Back from the payment page) can be used again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setPlacing(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const lines: SummaryLine[] | null = buyNow ? [fromBuyNow(buyNow)] : cart ? cart.map(fromCart) : null;
  const cartItems = buyNow
    ? [{ p_id: buyNow.p_id, pc_id: buyNow.pc_id, carat_id: buyNow.carat_id, m_id: buyNow.m_id, size_id: buyNow.size_id, quantity: buyNow.quantity }]
    : (cart ?? []).map((l) => ({ c_id: l.c_id }));
  // Shipping, Cash on Delivery and PAN are the server's to decide (POST /checkoutquote).
  const quoteState = useCheckoutQuote(
    user && lines && lines.length > 0 && lines.every((l) => l.available)
      ? { country: form.country || HOME_COUNTRY, cartItems, coupon_name: coupon?.name ?? '', priceType: priceColumn(currency), phone_number: phoneBuyer(form.phone_number) ?? undefined }
      : null,
  );
  const abroad = (form.country || HOME_COUNTRY) !== HOME_COUNTRY;
  const quote = quoteState.status === 'ready' ? quoteState.quote : null;
  // The server prices for the destination (GST in India, none on an export): its figures once it has answered.
  const totals = quote
    ? { subtotal: quote.subtotal, discount: quote.discount, shipping: quote.shipping, total: quote.total }
    : totalsOf(lines ?? [], currency, coupon?.percent ?? 0, 0);
  const pricesAdjusted = abroad === LISTED_INCLUDES_GST[currency];
  const taxNote = gstNote(currency, abroad);
  const unavailable = lines?.some((l) => !l.available) ?? false;
  const codAllowed = quote ? quote.cod_allowed : !abroad;
  const panRequired = quote?.pan_required ?? false;
  // Orders are placed at the price shown and held: not while it is asked for or replaced.
  const quoteBlocks = quoteState.status === 'loading' || (quoteState.status === 'ready' && quoteState.renewing) || ((abroad || pricesAdjusted) && quoteState.status !== 'ready');

  // Cash on Delivery stops where the law or the shop's cap says: Online Payment instead.
  useEffect(() => {
    if (!codAllowed && payment === 'cod') setPayment('online');
  }, [codAllowed]);

  const edit = (field: ShippingField) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value;
    edited.current = true;
    filled.current = true;
    // A new country gives the state or region and the postal code a new meaning: start them again.
    setForm((current) => (field === 'country' && value !== current.country ? { ...current, country: value, state: '', zip_code: '' } : { ...current, [field]: value }));
    // The error under a field clears when the shopper edits that field (§5).
    if (errors[field]) {
      const next = { ...errors, [field]: undefined };
      setErrors(next);
      if (!Object.values(next).some(Boolean)) setShowFormError(false);
    }
  };

  const applyCoupon = async () => {
    const code = couponCode.trim().toUpperCase();
    setCouponCode(code);
    if (!code) {
      setCouponMessage({ kind: 'error', text: 'Please enter a coupon code.' });
      return;
    }
    let list = coupons;
    if (!list) {
      setApplying(true);
      try {
        const answer = await request<Coupon[]>('post', '/getcoupon', { is_admin: 1 });
        if (answer.status !== 1 || !Array.isArray(answer.data)) {
          toast.error('Failed To Fetch Coupon List.');
          return;
        }
        list = answer.data;
        setCoupons(list);
      } catch {
        toast.error('Failed To Fetch Coupon List.');
        return;
      } finally {
        setApplying(false);
      }
    }
    const found = findCoupon(list, code);
    if (!found) {
      // An invalid code resets the discount to 0 (§4).
      setCoupon(null);
      setCouponMessage({ kind: 'error', text: 'Invalid coupon!' });
      return;
    }
    setCoupon({ name: found.coupon_name, percent: Number(found.discount) });
    setCouponMessage({ kind: 'success', text: `${found.coupon_name} applied: ${found.discount}% off` });
  };

  const removeCoupon = () => {
    setCoupon(null);
    setCouponCode('');
    setCouponMessage(null);
  };

  /** What /createorder and /payment share: the lines, the figures the shopper saw (the held quote's), the address. */
  const orderBody = (u_id: number, held: CheckoutQuote | null) => {
    const figures = held ?? totals;
    return {
      u_id,
      cartItems,
      shipping: figures.shipping,
      subtotal: figures.subtotal,
      discount: figures.discount,
      total: figures.total,
      priceType: priceColumn(currency),
      coupon_name: coupon?.name ?? '',
      ...(held ? { quote_id: held.quote_id } : {}),
      ...cleanShipping(form),
      ...(panRequired ? { pan: normalisePan(pan) ?? pan.trim() } : {}),
    };
  };

  /** A refusal from the server: its words, and the coupon reset when it is the coupon. */
  const refused = (description: string | undefined) => {
    const message = description || 'Error placing order';
    if (message === 'Invalid coupon!') {
      setCoupon(null);
      setCouponMessage({ kind: 'error', text: message });
    }
    toast.error(message);
    attemptKey.current = null;
    // Prices or the cart may have changed since the page loaded.
    const u_id = $user.get()?.u_id;
    if (u_id && !buyNow) void loadCart(u_id);
  };

  /** A held price that lapsed or no longer fits the checkout (409): a new one is shown, and said so, before any order. */
  const heldPriceRefused = (data: unknown): boolean => {
    if (!renewAfterRefusal(data)) return false;
    attemptKey.current = null;
    const u_id = $user.get()?.u_id;
    if (u_id && !buyNow) void loadCart(u_id);
    return true;
  };

  const placeCashOnDelivery = async (body: ReturnType<typeof orderBody>) => {
    attemptKey.current ??= newAttemptKey();
    try {
      const answer = await request<{ o_id: number }>('post', '/createorder', { ...body, payment_method: 'cod' }, { 'Idempotency-Key': attemptKey.current });
      if (answer.status !== 1 || !answer.data?.o_id) {
        if (!heldPriceRefused(answer.data)) refused(answer.description);
        setPlacing(false);
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
      setPlacing(false);
    }
  };

  const payOnline = async (body: ReturnType<typeof orderBody>) => {
    const returnUrl = `${location.origin}/orderconfirm`;
    try {
      const answer = await request<{ payment_session_id?: string; order_id?: string; mode?: string }>('post', '/payment', {
        order_amount: body.total,
        customer_id: body.u_id,
        customer_name: `${body.first_name} ${body.last_name}`,
        customer_email: body.email,
        customer_phone: providerPhone(body.phone_number),
        coupon_name: body.coupon_name,
        cartItems: body.cartItems,
        priceType: body.priceType,
        return_url: returnUrl,
        // With the address, the provider's confirmation places the order even if the shopper never returns.
        checkout: {
          first_name: body.first_name,
          last_name: body.last_name,
          email: body.email,
          phone_number: body.phone_number,
          address: body.address,
          apartment: body.apartment,
          city: body.city,
          state: body.state,
          zip_code: body.zip_code,
          country: body.country,
        },
        ...(body.pan ? { pan: body.pan } : {}),
        ...(body.quote_id ? { quote_id: body.quote_id } : {}),
      });
      if (answer.status !== 1) {
        if (!heldPriceRefused(answer.data)) refused(answer.description);
        setPlacing(false);
        return;
      }
      const sessionId = answer.data?.payment_session_id;
      if (!sessionId || !answer.data?.order_id) {
        toast.error('Failed to initiate payment: No session ID');
        setPlacing(false);
        return;
      }
      const pending: PendingOrder = { ...body, payment_method: 'online', order_id: answer.data.order_id, buyNow: Boolean(buyNow) };
      savePendingOrder(pending);
      const Cashfree = await loadPaymentLibrary();
      if (!Cashfree) {
        discardPendingOrder();
        toast.error('Payment gateway unavailable. Please try again.');
        setPlacing(false);
        return;
      }
      await Cashfree({ mode: answer.data.mode ?? 'sandbox' }).checkout({ paymentSessionId: sessionId, returnUrl });
    } catch {
      // The shopper never left for the payment page: nothing is pending.
      discardPendingOrder();
      toast.error('Error placing order');
      setPlacing(false);
    }
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const current = $user.get();
    if (!current?.auth_token) {
      requireLoginThenRedirect('Please login to place an order');
      return;
    }
    const found = validateShipping(form);
    setErrors(found);
    const first = SHIPPING_FIELDS.find((field) => found[field]);
    if (first) {
      setShowFormError(true);
      toast.error(FORM_ERROR);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const panProblem = panError(pan, panRequired);
    setPanMessage(panProblem);
    if (panProblem) {
      setShowFormError(true);
      toast.error(panProblem);
      formRef.current?.querySelector<HTMLElement>('[name="pan"]')?.focus();
      return;
    }
    setShowFormError(false);
    if (quoteState.status === 'refused') {
      toast.error(quoteState.message);
      return;
    }
    if (payment === 'cod' && !codAllowed) {
      toast.error(quote?.cod_message ?? 'Please choose Online Payment.');
      return;
    }
    if (!lines || lines.length === 0) {
      toast.error('Your cart is empty.');
      return;
    }
    // At the price shown while it is held; one that ran out is replaced first, and the shopper told.
    const held = quoteState.status === 'ready' ? heldQuote() : null;
    if (quoteState.status === 'ready' && !held) return;
    setPlacing(true);
    const body = orderBody(current.u_id, held);
    if (payment === 'cod') await placeCashOnDelivery(body);
    else await payOnline(body);
  };

  if (user === undefined || (user && !buyNow && cart === null && !loadFailed)) return <Skeleton height={640} label="Loading your checkout…" />;

  if (!user) {
    return (
      <JourneyEmpty
        icon="lock"
        title="Log in to check out"
        text="Please log in to see your cart and place your order. Your cart is kept with your account."
        links={[EMPTY_LINKS.logIn, EMPTY_LINKS.createAccount]}
      />
    );
  }

  if (loadFailed) return <LoadFailed what="cart" onRetry={() => void loadCart(user.u_id)} />;

  if (!lines || lines.length === 0) {
    return (
      <JourneyEmpty
        icon="bag"
        title="Your cart is empty"
        text="Add a piece to your cart, then come back here to place your order."
        links={[EMPTY_LINKS.continueShopping, EMPTY_LINKS.browseAll]}
      />
    );
  }

  const input = (field: ShippingField, type = 'text', extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => {
    const id = `checkout-${field}`;
    const optional = field === 'apartment';
    return (
      <div className="field">
        <label htmlFor={id}>
          {LABELS[field]}
          {optional ? null : (
            <span className="required-mark" aria-hidden="true">
              *
            </span>
          )}
        </label>
        <input
          {...describedBy(id, errors[field])}
          {...extra}
          name={field}
          type={type}
          autoComplete={AUTOCOMPLETE[field]}
          aria-required={optional ? undefined : true}
          value={form[field]}
          onChange={edit(field)}
        />
        <FieldError id={`${id}-error`} message={errors[field]} />
      </div>
    );
  };

  return (
    <form ref={formRef} className="checkout" noValidate onSubmit={submit} aria-busy={placing || undefined}>
      <div className="checkout-form">
        {showFormError ? (
          <div className="alert" data-testid="checkout-form-error">
            <p>{FORM_ERROR}</p>
          </div>
        ) : null}
        <fieldset className="panel">
          <legend>
            <span className="panel__step">1</span>Contact Information
          </legend>
          <div className="field-pair">
            {input('email', 'email', { inputMode: 'email' })}
            {input('phone_number', 'tel')}
          </div>
        </fieldset>
        <fieldset className="panel">
          <legend>
            <span className="panel__step">2</span>Shipping Address
          </legend>
          <div className="field-pair">
            {input('first_name')}
            {input('last_name')}
          </div>
          {input('address')}
          {input('apartment')}
          <DestinationFields form={form} errors={errors} edit={edit} city={input('city')} />
          {quoteState.status === 'refused' ? (
            <p className="field-error" role="alert" data-testid="checkout-destination-refused">
              {quoteState.message}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="panel">
          <legend>
            <span className="panel__step">3</span>Payment Method
          </legend>
          <div className="choice-list">
            <label className={`choice${codAllowed ? '' : ' choice--off'}`}>
              <input type="radio" name="payment_method" value="cod" checked={payment === 'cod'} disabled={!codAllowed} onChange={() => setPayment('cod')} />
              <span>
                <strong>Cash on Delivery</strong>
                <small data-testid="checkout-cod-note">{codAllowed ? 'Pay when your order reaches you.' : (quote?.cod_message ?? 'Cash on Delivery is available in India only. Please choose Online Payment.')}</small>
              </span>
              <Icon name="truck" />
            </label>
            <label className="choice">
              <input type="radio" name="payment_method" value="online" checked={payment === 'online'} onChange={() => setPayment('online')} />
              <span>
                <strong>Online Payment</strong>
                <small>Cards, UPI and net banking on our payment partner's secure page.</small>
              </span>
              <Icon name="lock" />
            </label>
          </div>
        </fieldset>
        {panRequired ? (
          <PanField
            value={pan}
            error={panMessage}
            onChange={(value) => {
              setPan(value);
              if (panMessage) setPanMessage(undefined);
            }}
          />
        ) : null}
      </div>

      <OrderSummary
        of="checkout"
        totals={totals}
        currency={currency}
        coupon={coupon}
        shippingNote={quote?.zone ? `${quote.zone}, ${quote.weight_g} g parcel` : abroad && quoteState.status === 'loading' ? 'Calculating…' : null}
        taxNote={taxNote}
        lines={<SummaryLines lines={lines} currency={currency} priced={quote?.lines ?? null} />}
      >
        <PriceLock state={quoteState} />
        <div className="coupon">
          <label htmlFor="checkout-coupon">Coupon code</label>
          <input
            id="checkout-coupon"
            className="input"
            name="coupon"
            autoComplete="off"
            value={couponCode}
            aria-invalid={couponMessage?.kind === 'error' || undefined}
            aria-describedby={couponMessage ? 'checkout-coupon-message' : undefined}
            onChange={(e) => setCouponCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void applyCoupon();
              }
            }}
          />
          <button type="button" className="btn btn--ghost" onClick={() => void applyCoupon()} disabled={applying}>
            Apply
          </button>
          {couponMessage ? (
            <p
              id="checkout-coupon-message"
              className={couponMessage.kind === 'error' ? 'field-error' : 'field-hint coupon__applied'}
              role={couponMessage.kind === 'error' ? 'alert' : 'status'}
            >
              {couponMessage.text}
              {coupon ? (
                <>
                  {' '}
                  <button type="button" className="btn btn--link" onClick={removeCoupon}>
                    Remove
                  </button>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
        <div className="summary__actions">
          {unavailable ? <p className="field-error">Remove the pieces that are no longer available from your cart to order.</p> : null}
          <button type="submit" className="btn btn--block" disabled={placing || unavailable || quoteBlocks} aria-busy={placing || undefined}>
            {placing ? (payment === 'online' ? 'Opening payment…' : 'Placing your order…') : 'Place Order'}
          </button>
        </div>
        <p className="summary__note">
          <Icon name="lock" size={18} /> Your details are sent securely. The total is confirmed by our server when you order.
        </p>
      </OrderSummary>
    </form>
  );
}
