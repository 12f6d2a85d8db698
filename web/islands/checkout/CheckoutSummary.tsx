import { useStore } from '@nanostores/react';
import type { Currency } from '../../../rules/money.ts';
import { Icon } from '../../components/Icon.tsx';
import { $coupon, $payment, type CheckoutFigures } from '../../stores/checkout.ts';
import { $placing } from '../../stores/checkout-order.ts';
import type { QuoteState } from '../../stores/checkout-quote.ts';
import { OrderSummary } from '../LineItems.tsx';
import { CouponBox } from './CouponBox.tsx';
import { PriceLock } from './PriceLock.tsx';
import { type SummaryLine, SummaryLines } from './SummaryLines.tsx';

/** The order summary: the pieces, the figures (the server's once quoted), the held price, the coupon box and Place Order. */
export function CheckoutSummary({ lines, currency, quoteState, figures }: { lines: ReadonlyArray<SummaryLine>; currency: Currency; quoteState: QuoteState; figures: CheckoutFigures }) {
  const coupon = useStore($coupon);
  const payment = useStore($payment);
  const placing = useStore($placing);
  const { quote, abroad, unavailable } = figures;
  return (
    <OrderSummary
      of="checkout"
      totals={figures.totals}
      currency={currency}
      coupon={coupon}
      shippingNote={quote?.zone ? `${quote.zone}, ${quote.weight_g} g parcel` : abroad && quoteState.status === 'loading' ? 'Calculating…' : null}
      taxNote={figures.taxNote}
      lines={<SummaryLines lines={lines} currency={currency} priced={quote?.lines ?? null} />}
    >
      <PriceLock state={quoteState} />
      <CouponBox />
      <div className="summary__actions">
        {unavailable ? <p className="field-error">Remove the pieces that are no longer available from your cart to order.</p> : null}
        <button type="submit" className="btn btn--block" disabled={placing || unavailable || figures.quoteBlocks} aria-busy={placing || undefined}>
          {placing ? (payment === 'online' ? 'Opening payment…' : 'Placing your order…') : 'Place Order'}
        </button>
      </div>
      <p className="summary__note">
        <Icon name="lock" size={18} /> Your details are sent securely. The total is confirmed by our server when you order.
      </p>
    </OrderSummary>
  );
}
