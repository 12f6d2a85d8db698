import { useStore } from '@nanostores/react';
import { formatMoney } from '../../../rules/money.ts';
import { Icon } from '../../components/Icon.tsx';
import { $pan, $panMessage, $payment, $useStoreCredit, chooseStoreCredit, choosePayment, editPan } from '../../stores/checkout.ts';
import type { CheckoutQuote } from '../../stores/checkout-quote.ts';
import { PanField } from './Destination.tsx';
import { Step } from './Step.tsx';

/**
 * Step 3: the shopper's store credit first, when they have some (issue 36: a payment toward the
 * order, not a discount), then Cash on Delivery (where the law and the shop's cap allow it) or
 * Online Payment for the rest; then the PAN when the order needs one.
 */
export function PaymentChoice({ codAllowed, quote, panRequired }: { codAllowed: boolean; quote: CheckoutQuote | null; panRequired: boolean }) {
  const payment = useStore($payment);
  const pan = useStore($pan);
  const panMessage = useStore($panMessage);
  const useCredit = useStore($useStoreCredit);
  const available = quote && quote.currency === 'INR' ? quote.store_credit_available : 0;
  // Store credit pays it all: nothing is left for a payment method.
  const paidByCredit = useCredit && quote !== null && quote.store_credit > 0 && quote.amount_due === 0;
  return (
    <>
      <Step n={3} title="Payment Method">
        <div className="choice-list">
          {available > 0 ? (
            <label className="choice" data-testid="checkout-store-credit">
              <input type="checkbox" name="use_store_credit" checked={useCredit} onChange={(event) => chooseStoreCredit(event.currentTarget.checked)} />
              <span>
                <strong>Use my store credit ({formatMoney(available, 'INR', { cents: true })} available)</strong>
                <small>
                  {useCredit && quote && quote.store_credit > 0
                    ? paidByCredit
                      ? `Your store credit pays the whole order (${formatMoney(quote.store_credit, 'INR', { cents: true })}); nothing is left to pay.`
                      : `${formatMoney(quote.store_credit, 'INR', { cents: true })} paid by store credit; pay the remaining ${formatMoney(quote.amount_due, 'INR', { cents: true })} below.`
                    : 'Credit from your exchanges, paid toward this order. Your invoice shows it as a payment.'}
                </small>
              </span>
              <Icon name="gem" />
            </label>
          ) : null}
          {paidByCredit ? null : (
            <>
              <label className={`choice${codAllowed ? '' : ' choice--off'}`}>
                <input type="radio" name="payment_method" value="cod" checked={payment === 'cod'} disabled={!codAllowed} onChange={() => choosePayment('cod')} />
                <span>
                  <strong>Cash on Delivery</strong>
                  <small data-testid="checkout-cod-note">{codAllowed ? 'Pay when your order reaches you.' : (quote?.cod_message ?? 'Cash on Delivery is available in India only. Please choose Online Payment.')}</small>
                </span>
                <Icon name="truck" />
              </label>
              <label className="choice">
                <input type="radio" name="payment_method" value="online" checked={payment === 'online'} onChange={() => choosePayment('online')} />
                <span>
                  <strong>Online Payment</strong>
                  <small>Cards, UPI and net banking on our payment partner's secure page.</small>
                </span>
                <Icon name="lock" />
              </label>
            </>
          )}
        </div>
      </Step>
      {panRequired ? <PanField value={pan} error={panMessage} onChange={editPan} /> : null}
    </>
  );
}
