import type { OrderPaymentMethod } from '../../../rules/payments.ts';
import { type Order, paymentState } from '../../lib/orders.ts';

const PAYMENT_METHODS: Record<OrderPaymentMethod, string> = { cod: 'Cash on Delivery', online: 'Online Payment', store_credit: 'Store credit' };

/** How the order was paid for, in words: Cash on Delivery or Online Payment (any other stored value as it is). */
export function paymentMethodText(order: Pick<Order, 'payment_method'>): string {
  return PAYMENT_METHODS[order.payment_method as OrderPaymentMethod] ?? order.payment_method;
}

/** Paid, Pay on delivery, Refund of ₹X in progress, Refunded ₹X on date. */
export function PaymentPill({ order }: { order: Order }) {
  const state = paymentState(order);
  return (
    <span className={`pay-pill pay-pill--${state.tone}`} data-testid="order-payment">
      {state.text}
    </span>
  );
}
