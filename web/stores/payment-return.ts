import { api } from '../lib/api/client.ts';
import { clearCheckoutDraft } from '../lib/checkout-draft.ts';
import { discardPendingOrder, readPendingOrder, unplacedPaymentRefund } from '../lib/payment.ts';
import { clearBuyNow } from './buy-now.ts';
import type { SessionUser } from './session.ts';
import { toast } from './toast.ts';

/** What the account page says at the top after an order or a return from the payment page. */
export interface Outcome {
  kind: 'success' | 'error' | 'info';
  title: string;
  text: string;
}

/**
 * Finishes an online payment on return from the provider (§4): with txStatus
 * SUCCESS (or no txStatus, as Cashfree returns) and the order_id of the order
 * kept in this browser, that order is sent to POST /createorder (the server asks
 * the provider whether it is paid) and the kept order is cleared; any other
 * return discards it. A return that names no payment of this browser places nothing.
 */
export async function finishPaymentReturn(params: URLSearchParams, user: SessionUser | null): Promise<{ outcome: Outcome; o_id?: number } | 'retry'> {
  const txStatus = params.get('txStatus');
  const orderId = params.get('order_id');
  const pending = readPendingOrder();
  if (pending && orderId && pending.order_id === orderId && !user) {
    // Kept for after the login: the provider's confirmation places a paid order on its own too.
    return {
      outcome: {
        kind: 'info',
        title: 'Please log in to finish',
        text: 'Your session ended while you were paying. Log in to see your order: if your payment went through, it appears in Order History.',
      },
    };
  }
  if (!pending || !orderId || pending.order_id !== orderId || !user || pending.u_id !== user.u_id) {
    return {
      outcome: {
        kind: 'error',
        title: 'No order was placed',
        text: 'This payment return does not match a checkout started in this browser, so nothing was ordered. If you were charged, please contact us with your payment reference.',
      },
    };
  }
  // Cashfree's current return carries only order_id: then the server asks the provider. A status
  // the provider did send that is not SUCCESS ends the attempt here.
  if (txStatus !== null && txStatus !== 'SUCCESS') {
    discardPendingOrder();
    return {
      outcome: {
        kind: 'error',
        title: 'Payment not completed',
        text: 'Your payment did not go through, so no order was placed. Your cart is just as you left it: you can try again from checkout.',
      },
    };
  }
  const { buyNow, ...body } = pending;
  try {
    const answer = await api.post('/createorder', { ...body, payment_status: txStatus ?? undefined });
    discardPendingOrder();
    if (answer.status === 1 && answer.data?.o_id) {
      if (buyNow) clearBuyNow();
      clearCheckoutDraft(user.u_id);
      toast.success('Order placed successfully');
      return {
        o_id: answer.data.o_id,
        outcome: { kind: 'success', title: 'Order placed successfully', text: `Thank you! Your payment is confirmed and order #${answer.data.o_id} is placed.` },
      };
    }
    // Paid, but the order could not be placed: the store refunded it, and the description says so in words.
    const refund = unplacedPaymentRefund(answer.data);
    if (refund && answer.description) {
      return { outcome: { kind: 'info', title: refund.payment_status === 'refunded' ? 'Your payment has been refunded' : 'Your payment is being refunded', text: answer.description } };
    }
    return { outcome: { kind: 'error', title: 'No order was placed', text: answer.description || 'Error placing order' } };
  } catch {
    // Kept: reloading the page tries again.
    return 'retry';
  }
}
