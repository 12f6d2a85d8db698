import { useStore } from '@nanostores/react';
import { Icon } from '../../components/Icon.tsx';
import { $pan, $panMessage, $payment, choosePayment, editPan } from '../../stores/checkout.ts';
import type { CheckoutQuote } from '../../stores/checkout-quote.ts';
import { PanField } from './Destination.tsx';
import { Step } from './Step.tsx';

/** Step 3: Cash on Delivery (where the law and the shop's cap allow it) or Online Payment; then the PAN when the order needs one. */
export function PaymentChoice({ codAllowed, quote, panRequired }: { codAllowed: boolean; quote: CheckoutQuote | null; panRequired: boolean }) {
  const payment = useStore($payment);
  const pan = useStore($pan);
  const panMessage = useStore($panMessage);
  return (
    <>
      <Step n={3} title="Payment Method">
        <div className="choice-list">
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
        </div>
      </Step>
      {panRequired ? <PanField value={pan} error={panMessage} onChange={editPan} /> : null}
    </>
  );
}
