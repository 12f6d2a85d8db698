import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { HOME_COUNTRY } from '../../rules/address.ts';
import { phoneBuyer } from '../../rules/compliance.ts';
import { priceColumn } from '../../rules/money.ts';
import { FORM_ERROR } from '../lib/checkout.ts';
import { useCheckoutQuote } from '../lib/checkout-quote.ts';
import { useCurrency } from '../lib/use-currency.ts';
import { $buyNow, $cart, $cartItems, $cartLoadFailed, $coupon, $shipping, $showFormError, $useStoreCredit, checkoutFigures, loadCart, offerCashOnDelivery, startCheckout } from '../stores/checkout.ts';
import { $placing, placeOrder, usableAfterBack } from '../stores/checkout-order.ts';
import { EMPTY_LINKS, journeyGate, type JourneyPage } from './JourneyEmpty.tsx';
import { useSessionUser } from './parts.tsx';
import { CheckoutSummary } from './checkout/CheckoutSummary.tsx';
import { PaymentChoice } from './checkout/PaymentChoice.tsx';
import { ShippingFields } from './checkout/ShippingFields.tsx';
import { fromBuyNow, fromCart, type SummaryLine } from './checkout/SummaryLines.tsx';

/** What the checkout says while it loads, to a visitor, and with nothing to order. */
const CHECKOUT_PAGE: JourneyPage = {
  name: 'checkout',
  height: 640,
  visitor: { icon: 'lock', title: 'Log in to check out', text: 'Please log in to see your cart and place your order. Your cart is kept with your account.', links: [EMPTY_LINKS.logIn, EMPTY_LINKS.createAccount] },
  empty: { icon: 'bag', title: 'Your cart is empty', text: 'Add a piece to your cart, then come back here to place your order.', links: [EMPTY_LINKS.continueShopping, EMPTY_LINKS.browseAll] },
};

/**
 * Checkout (§2, §4, §5, §8): contact and shipping address with the document's
 * rules and messages, payment method (Cash on Delivery by default, or Online
 * Payment on the provider's hosted page), a coupon box, the order summary and
 * Place Order. It orders the cart, or the one Buy Now line handed over from a
 * product page. The server prices the order again and has the last word.
 * Its state and actions live in stores/checkout.ts and stores/checkout-order.ts.
 */
export default function Checkout() {
  const user = useSessionUser();
  const currency = useCurrency();
  const buyNow = useStore($buyNow);
  const cart = useStore($cart);
  const loadFailed = useStore($cartLoadFailed);
  const form = useStore($shipping);
  const coupon = useStore($coupon);
  const cartItems = useStore($cartItems);
  const showFormError = useStore($showFormError);
  const placing = useStore($placing);
  const useStoreCredit = useStore($useStoreCredit);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (user !== undefined) startCheckout(user);
  }, [user?.u_id]);
  useEffect(usableAfterBack, []);

  const lines: SummaryLine[] | null = buyNow ? [fromBuyNow(buyNow)] : cart ? cart.map(fromCart) : null;
  // Shipping, Cash on Delivery and PAN are the server's to decide (POST /checkoutquote).
  const quoteState = useCheckoutQuote(
    user && lines && lines.length > 0 && lines.every((l) => l.available)
      ? { country: form.country || HOME_COUNTRY, cartItems, coupon_name: coupon?.name ?? '', priceType: priceColumn(currency), phone_number: phoneBuyer(form.phone_number) ?? undefined, ...(useStoreCredit ? { use_store_credit: true } : {}) }
      : null,
  );
  const figures = checkoutFigures(quoteState, lines, form.country, currency, coupon);
  useEffect(() => offerCashOnDelivery(figures.codAllowed), [figures.codAllowed]);

  const gate = journeyGate({ user, lines, failed: loadFailed, load: loadCart }, CHECKOUT_PAGE);
  if (gate.shown) return gate.shown;

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void placeOrder({
      hasLines: gate.lines.length > 0,
      currency,
      quoteState,
      quote: figures.quote,
      totals: figures.totals,
      codAllowed: figures.codAllowed,
      panRequired: figures.panRequired,
      focus: (name) => formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus(),
    });
  };

  return (
    <form ref={formRef} className="checkout" noValidate onSubmit={submit} aria-busy={placing || undefined}>
      <div className="checkout-form">
        {showFormError ? (
          <div className="alert" data-testid="checkout-form-error">
            <p>{FORM_ERROR}</p>
          </div>
        ) : null}
        <ShippingFields quoteState={quoteState} />
        <PaymentChoice codAllowed={figures.codAllowed} quote={figures.quote} panRequired={figures.panRequired} />
      </div>
      <CheckoutSummary lines={gate.lines} currency={currency} quoteState={quoteState} figures={figures} />
    </form>
  );
}
