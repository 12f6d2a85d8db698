import { atom } from 'nanostores';
import { api } from '../lib/api/client.ts';
import type { Order } from '../lib/orders.ts';
import { discardPendingOrder } from '../lib/payment.ts';
import { clearBuyNow } from './buy-now.ts';
import { $cartCount, refreshCartCount } from './cart.ts';
import { refreshOrderData } from './orders.ts';
import { finishPaymentReturn, type Outcome } from './payment-return.ts';
import { $user, clearSession, logout, type SessionUser, setOrderData } from './session.ts';
import { toast } from './toast.ts';
import { loadTracked, showTrackedInAddress, trackedInAddress } from './track-order.ts';

/**
 * The account page (/orderconfirm, §2, §4): which panel is open, the shopper's orders and
 * the one tracked, what the page says at the top (an order placed, a payment return), and
 * the confirmations for Log out, Delete Account and Cancel Order with their actions.
 */

export type AccountView = 'profile' | 'orders' | 'track' | 'returns' | 'gold' | 'credit';
export type { Outcome } from './payment-return.ts';

/** What is being confirmed in a dialog. */
export type Confirming = null | 'logout' | 'delete' | { cancel: Order };

export const $accountView = atom<AccountView>('orders');
export const $orders = atom<Order[] | null>(null);
export const $ordersFailed = atom(false);
export const $trackedOrder = atom<number | null>(null);
export const $outcome = atom<Outcome | null>(null);
/** Confirming an online payment with the provider after its return. */
export const $returning = atom(false);
export const $confirming = atom<Confirming>(null);
export const $accountBusy = atom(false);
/** What the page says once the shopper logged out or deleted the account. */
export const $farewell = atom<string | null>(null);
/** The clock Cancel is offered by: the Cancel action disappears when the 2 hours run out while the page is open. */
export const $now = atom(Date.now());

let started = false;

export async function loadOrders(u_id: number): Promise<void> {
  $ordersFailed.set(false);
  try {
    const answer = await api.get('/getorder/{u_id}', { u_id });
    if (answer.status === 1 && Array.isArray(answer.data)) {
      $orders.set(answer.data);
      setOrderData(answer.data);
      $now.set(Date.now());
    } else {
      toast.error(answer.description || 'Failed to fetch orders');
      $orders.set([]);
    }
  } catch {
    toast.error('Error fetching orders');
    $ordersFailed.set(true);
  }
}

/**
 * Opens the page once: finishes a payment return, or shows the order just placed (?o_id) or
 * named by a message's link (?track), then loads the orders. The address keeps the order's number.
 */
export async function openAccount(user: SessionUser | null): Promise<void> {
  if (started) return;
  started = true;
  const params = new URLSearchParams(location.search);
  const placed = params.has('o_id') ? trackedInAddress(params) : null;
  const named = trackedInAddress(params);
  if (params.has('txStatus') || params.has('order_id')) {
    $returning.set(true);
    const result = await finishPaymentReturn(params, user);
    $returning.set(false);
    if (result === 'retry') {
      $outcome.set({ kind: 'info', title: 'Confirming your payment', text: 'We could not reach the store to confirm your payment. Please reload this page in a moment.' });
      return;
    }
    $outcome.set(result.outcome);
    if (result.o_id) {
      trackOrder(result.o_id);
      void refreshCartCount();
      void refreshOrderData();
    }
  } else if (placed !== null) {
    $outcome.set({ kind: 'success', title: 'Order placed successfully', text: `Thank you! Your order #${placed} is placed. We will let you know when it ships.` });
    trackOrder(placed);
  } else if (named !== null) {
    trackOrder(named);
  }
  // The outcome is shown once: a reload must not replay the return; the order's number stays (a login on the way comes back to it).
  showTrackedInAddress($trackedOrder.get());
  const current = $user.get();
  if (current) await loadOrders(current.u_id);
}

/** Keeps $now current while the page is open; answers the stop. */
export function tickAccountClock(): () => void {
  const timer = setInterval(() => $now.set(Date.now()), 30_000);
  return () => clearInterval(timer);
}

export function showView(view: AccountView): void {
  $accountView.set(view);
}

export function pickTrackedOrder(o_id: number): void {
  $trackedOrder.set(o_id);
}

export function trackOrder(o_id: number): void {
  $trackedOrder.set(o_id);
  $accountView.set('track');
}

export function confirm(what: Confirming): void {
  $confirming.set(what);
}

export function logOut(): void {
  logout();
  // Nothing of this shopper's checkout stays on a shared computer.
  discardPendingOrder();
  clearBuyNow();
  $cartCount.set(0);
  $confirming.set(null);
  $farewell.set('You have been logged out.');
  $outcome.set(null);
  toast.success('Logged out successfully!');
}

export async function deleteAccount(): Promise<void> {
  const current = $user.get();
  if (!current) return;
  $accountBusy.set(true);
  try {
    const answer = await api.delete('/user/delete/{id}', undefined, { id: current.u_id });
    if (answer.status === 1) {
      clearSession();
      discardPendingOrder();
      $cartCount.set(0);
      $confirming.set(null);
      $outcome.set(null);
      $farewell.set('Your account has been deleted. We are sorry to see you go.');
      toast.success(answer.description || 'Your account has been deleted.');
    } else {
      toast.error(answer.description || 'Your account could not be deleted. Please try again.');
    }
  } catch {
    toast.error('Your account could not be deleted. Please try again.');
  } finally {
    $accountBusy.set(false);
  }
}

export async function cancelOrder(order: Order): Promise<void> {
  const current = $user.get();
  if (!current) return;
  $accountBusy.set(true);
  try {
    const answer = await api.put('/cancelorder', { o_id: order.o_id, u_id: current.u_id });
    if (answer.status === 1) toast.success(answer.description || 'Order cancelled.');
    else toast.error(answer.description || 'This order could not be cancelled.');
    $confirming.set(null);
    await Promise.all([loadOrders(current.u_id), $trackedOrder.get() === order.o_id ? loadTracked(order.o_id, true) : undefined]);
  } catch {
    toast.error('This order could not be cancelled. Please try again.');
  } finally {
    $accountBusy.set(false);
  }
}
