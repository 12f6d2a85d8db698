import { useStore } from '@nanostores/react';
import { type Currency, formatMoney } from '../../../rules/money.ts';
import { Icon } from '../../components/Icon.tsx';
import { $coupon, $payment, $useStoreCredit, type CheckoutFigures } from '../../stores/checkout.ts';
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
  const useCredit = useStore($useStoreCredit);
  const { quote, abroad, unavailable } = figures;
  // Store credit is a payment toward the total (issue 36), shown under it, never as a discount.
  const credit = useCredit && quote && quote.store_credit > 0 ? quote : null;
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
      {credit ? (
        <dl className="summary__paid" data-testid="checkout-store-credit-lines">
          <dt>Paid by store credit</dt>
          <dd data-testid="checkout-store-credit-used">−{formatMoney(credit.store_credit, currency, { cents: true })}</dd>
          <dt className="summary__total">{credit.amount_due > 0 ? (payment === 'online' ? 'To pay online' : 'To pay on delivery') : 'To pay'}</dt>
          <dd className="summary__total" data-testid="checkout-amount-due">
            {formatMoney(credit.amount_due, currency, { cents: true })}
          </dd>
        </dl>
      ) : null}
      <PriceLock state={quoteState} />
      <CouponBox />
      <div className="summary__actions">
        {unavailable ? <p className="field-error">Remove the pieces that are no longer available from your cart to order.</p> : null}
        <button type="submit" className="btn btn--block" disabled={placing || unavailable || figures.quoteBlocks} aria-busy={placing || undefined}>
          {placing ? (payment === 'online' && !(credit && credit.amount_due === 0) ? 'Opening payment…' : 'Placing your order…') : 'Place Order'}
        </button>
      </div>
      <p className="summary__note">
        <Icon name="lock" size={18} /> Your details are sent securely. The total is confirmed by our server when you order.
      </p>
    </OrderSummary>
  );
}
