import { useCallback, useEffect, useRef, useState } from 'react';
import { Icon, type IconName } from '../components/Icon.tsx';
import { request } from '../lib/api/client.ts';
import { sizeText } from '../lib/checkout.ts';
import { formatDateTime } from '../../rules/dates.ts';
import { formatMoney } from '../../rules/money.ts';
import { formatPhone } from '../../rules/phone.ts';
import { canCancel, type Order, paymentState, statusLabel, TRACKING_STEPS, trackingStep } from '../lib/orders.ts';
import { discardPendingOrder, readPendingOrder, unplacedPaymentRefund } from '../lib/payment.ts';
import { clearCheckoutDraft } from '../lib/checkout-draft.ts';
import { SavedAddressForm } from './account/SavedAddress.tsx';
import { productPath } from '../lib/routes.ts';
import { deliveryWindow, formatWindow, orderLeadDays } from './product/delivery.ts';
import { clearBuyNow } from '../stores/buy-now.ts';
import { $cartCount, refreshCartCount } from '../stores/cart.ts';
import { refreshOrderData } from '../stores/orders.ts';
import { $user, clearSession, logout, setOrderData, type SessionUser } from '../stores/session.ts';
import { toast } from '../stores/toast.ts';
import { ConfirmDialog } from './Dialog.tsx';
import { LineThumb, Skeleton, useSessionUser } from './parts.tsx';
import { HuidHelp, InvoiceButton, LineHuids } from './order/OrderCompliance.tsx';

type View = 'profile' | 'orders' | 'track';

/** What the page says at the top after an order or a return from the payment page. */
interface Outcome {
  kind: 'success' | 'error' | 'info';
  title: string;
  text: string;
}

const NAV: ReadonlyArray<{ view: View; label: string; icon: IconName }> = [
  { view: 'profile', label: 'My Profile', icon: 'user' },
  { view: 'orders', label: 'Order History', icon: 'bag' },
  { view: 'track', label: 'Track Your Order', icon: 'truck' },
];

const PAYMENT_METHODS: Record<string, string> = { cod: 'Cash on Delivery', online: 'Online Payment' };

/**
 * Finishes an online payment on return from the provider (§4): with txStatus
 * SUCCESS (or no txStatus, as Cashfree returns) and the order_id of the order
 * kept in this browser, that order is sent to POST /createorder (the server asks
 * the provider whether it is paid) and the kept order is cleared; any other
 * return discards it. A return that names no payment of this browser places nothing.
 */
async function finishPaymentReturn(params: URLSearchParams, user: SessionUser | null): Promise<{ outcome: Outcome; o_id?: number } | 'retry'> {
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
    const answer = await request<{ o_id: number }>('post', '/createorder', { ...body, payment_status: txStatus ?? undefined });
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

/**
 * The account page (/orderconfirm, §2, §4): My Profile (read-only name and
 * phone, and the address checkout fills in, editable), Order History (with Cancel within 2 hours of placing), Track Your
 * Order (four steps), Delete Account and Log out, each behind a confirmation.
 * It also finishes an online payment when the provider sends the shopper back.
 */
export default function Account() {
  const user = useSessionUser();
  const [view, setView] = useState<View>('orders');
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [ordersFailed, setOrdersFailed] = useState(false);
  const [tracked, setTracked] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [returning, setReturning] = useState(false);
  const [confirm, setConfirm] = useState<null | 'logout' | 'delete' | { cancel: Order }>(null);
  const [busy, setBusy] = useState(false);
  const [farewell, setFarewell] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const panel = useRef<HTMLDivElement>(null);
  const started = useRef(false);

  const loadOrders = useCallback(async (u_id: number) => {
    setOrdersFailed(false);
    try {
      const answer = await request<Order[]>('get', `/getorder/${u_id}`);
      if (answer.status === 1 && Array.isArray(answer.data)) {
        setOrders(answer.data);
        setOrderData(answer.data);
        setNow(Date.now());
      } else {
        toast.error(answer.description || 'Failed to fetch orders');
        setOrders([]);
      }
    } catch {
      toast.error('Error fetching orders');
      setOrdersFailed(true);
    }
  }, []);

  useEffect(() => {
    if (user === undefined || started.current) return;
    started.current = true;
    const params = new URLSearchParams(location.search);
    const placed = Number(params.get('o_id'));
    void (async () => {
      if (params.has('txStatus') || params.has('order_id')) {
        setReturning(true);
        const result = await finishPaymentReturn(params, user);
        setReturning(false);
        if (result === 'retry') {
          setOutcome({ kind: 'info', title: 'Confirming your payment', text: 'We could not reach the store to confirm your payment. Please reload this page in a moment.' });
          return;
        }
        setOutcome(result.outcome);
        if (result.o_id) {
          setTracked(result.o_id);
          setView('track');
          void refreshCartCount();
          void refreshOrderData();
        }
      } else if (Number.isInteger(placed) && placed > 0) {
        setOutcome({ kind: 'success', title: 'Order placed successfully', text: `Thank you! Your order #${placed} is placed. We will let you know when it ships.` });
        setTracked(placed);
        setView('track');
      }
      // The outcome is shown once: a reload must not replay the return.
      history.replaceState(history.state, '', '/orderconfirm');
      const current = $user.get();
      if (current) await loadOrders(current.u_id);
    })();
  }, [user, loadOrders]);

  // The Cancel action disappears when the 2 hours run out while the page is open.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const go = (next: View) => {
    setView(next);
    requestAnimationFrame(() => panel.current?.focus());
  };

  const track = (o_id: number) => {
    setTracked(o_id);
    go('track');
  };

  const doLogout = () => {
    logout();
    // Nothing of this shopper's checkout stays on a shared computer.
    discardPendingOrder();
    clearBuyNow();
    $cartCount.set(0);
    setConfirm(null);
    setFarewell('You have been logged out.');
    setOutcome(null);
    toast.success('Logged out successfully!');
  };

  const doDelete = async () => {
    const current = $user.get();
    if (!current) return;
    setBusy(true);
    try {
      const answer = await request('delete', `/user/delete/${current.u_id}`);
      if (answer.status === 1) {
        clearSession();
        discardPendingOrder();
        $cartCount.set(0);
        setConfirm(null);
        setOutcome(null);
        setFarewell('Your account has been deleted. We are sorry to see you go.');
        toast.success(answer.description || 'Your account has been deleted.');
      } else {
        toast.error(answer.description || 'Your account could not be deleted. Please try again.');
      }
    } catch {
      toast.error('Your account could not be deleted. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const doCancel = async (order: Order) => {
    const current = $user.get();
    if (!current) return;
    setBusy(true);
    try {
      const answer = await request('put', '/cancelorder', { o_id: order.o_id, u_id: current.u_id });
      if (answer.status === 1) {
        toast.success(answer.description || 'Order cancelled.');
        setConfirm(null);
        await loadOrders(current.u_id);
      } else {
        toast.error(answer.description || 'This order could not be cancelled.');
        setConfirm(null);
        await loadOrders(current.u_id);
      }
    } catch {
      toast.error('This order could not be cancelled. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const banner = returning ? (
    <div className="alert alert--info" role="status">
      <p>
        <strong>Confirming your payment…</strong>
        Please wait while we confirm your payment with the payment provider.
      </p>
    </div>
  ) : outcome ? (
    <div className={`alert ${outcome.kind === 'success' ? 'alert--success' : outcome.kind === 'info' ? 'alert--info' : ''}`} role={outcome.kind === 'error' ? 'alert' : 'status'} data-testid="account-outcome">
      <p>
        <strong>{outcome.title}</strong>
        {outcome.text}
      </p>
    </div>
  ) : null;

  if (user === undefined) return <Skeleton height={480} label="Loading your account…" />;

  if (!user) {
    return (
      <>
        {banner}
        <div className="journey-empty">
          <Icon name="user" size={40} />
          <h2>{farewell ?? 'Log in to your account'}</h2>
          <p>Log in to see your profile, your orders and where they are.</p>
          <div className="journey-empty__actions">
            <a className="btn" href="/login">
              Log In
            </a>
            <a className="btn btn--ghost" href="/">
              Continue Shopping
            </a>
          </div>
        </div>
      </>
    );
  }

  const trackedOrder = orders?.find((o) => o.o_id === tracked) ?? orders?.[0] ?? null;

  return (
    <>
      {banner}
      <div className="account">
        <nav className="account-nav" aria-label="My account">
          <div className="account-nav__who">
            <strong>{user.full_name}</strong>
            <span>{formatPhone(user.phoneNumber, user.countryCode)}</span>
          </div>
          <ul>
            {NAV.map((item) => (
              <li key={item.view}>
                <button type="button" aria-current={view === item.view ? 'page' : undefined} onClick={() => go(item.view)}>
                  <Icon name={item.icon} size={20} />
                  {item.label}
                </button>
              </li>
            ))}
            <li>
              <button type="button" className="account-nav__danger" onClick={() => setConfirm('delete')}>
                <Icon name="close" size={20} />
                Delete Account
              </button>
            </li>
            <li>
              <button type="button" onClick={() => setConfirm('logout')}>
                <Icon name="chevronRight" size={20} />
                Log out
              </button>
            </li>
          </ul>
        </nav>

        <div className="account-panel" ref={panel} tabIndex={-1}>
          {view === 'profile' ? <Profile user={user} /> : null}
          {view === 'orders' ? (
            <OrderHistory orders={orders} failed={ordersFailed} now={now} onRetry={() => void loadOrders(user.u_id)} onTrack={track} onCancel={(order) => setConfirm({ cancel: order })} />
          ) : null}
          {view === 'track' ? <TrackOrder orders={orders} order={trackedOrder} onPick={setTracked} /> : null}
        </div>
      </div>

      <ConfirmDialog
        open={confirm === 'logout'}
        title="Log out?"
        message={<p>Are you sure you want to log out? Your cart and wishlist stay saved with your account.</p>}
        confirmLabel="Log out"
        onConfirm={doLogout}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete your account?"
        message={
          <p>
            This permanently deletes your account with its cart and wishlist, and logs you out. Orders already placed are still delivered. This cannot be undone.
          </p>
        }
        confirmLabel="Delete Account"
        danger
        busy={busy}
        onConfirm={() => void doDelete()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={typeof confirm === 'object' && confirm !== null}
        title={typeof confirm === 'object' && confirm ? `Cancel order #${confirm.cancel.o_id}?` : 'Cancel order?'}
        message={
          <p>
            Orders can be cancelled within 2 hours of placing them. {typeof confirm === 'object' && confirm?.cancel.payment_method === 'online' ? 'Your payment will be refunded to your original payment method within 7-10 business days.' : ''}
          </p>
        }
        confirmLabel="Cancel Order"
        cancelLabel="Keep Order"
        danger
        busy={busy}
        onConfirm={() => typeof confirm === 'object' && confirm && void doCancel(confirm.cancel)}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}

function Profile({ user }: { user: SessionUser }) {
  return (
    <section aria-labelledby="profile-title">
      <h2 id="profile-title">My Profile</h2>
      <div className="profile">
        <div className="field">
          <label htmlFor="profile-name">Full name</label>
          <input id="profile-name" value={user.full_name} readOnly />
        </div>
        <div className="field">
          <label htmlFor="profile-phone">Phone number</label>
          <input id="profile-phone" value={formatPhone(user.phoneNumber, user.countryCode)} readOnly />
        </div>
      </div>
      <SavedAddressForm />
    </section>
  );
}

interface OrderHistoryProps {
  orders: Order[] | null;
  failed: boolean;
  now: number;
  onRetry: () => void;
  onTrack: (o_id: number) => void;
  onCancel: (order: Order) => void;
}

function OrderHistory({ orders, failed, now, onRetry, onTrack, onCancel }: OrderHistoryProps) {
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">Order History</h2>
      {failed ? (
        <div className="journey-empty">
          <p>We could not load your orders.</p>
          <button type="button" className="btn" onClick={onRetry}>
            Try Again
          </button>
        </div>
      ) : orders === null ? (
        <Skeleton height={260} label="Loading your orders…" />
      ) : orders.length === 0 ? (
        <div className="journey-empty">
          <Icon name="bag" size={40} />
          <h3>No orders yet</h3>
          <p>When you place an order, it will appear here with its status.</p>
          <a className="btn" href="/allproducts">
            Browse All Products
          </a>
        </div>
      ) : (
        <ul className="orders">
          {orders.map((order) => (
            <li key={order.o_id} className="order" data-testid="order">
              <div className="order__head">
                <div>
                  <span>Order</span>
                  <strong>#{order.o_id}</strong>
                </div>
                <div>
                  <span>Placed</span>
                  <strong>{formatDateTime(order.createdAt)}</strong>
                </div>
                <div>
                  <span>Total</span>
                  <strong>{formatMoney(order.total, order.currency)}</strong>
                </div>
                <div>
                  <span>Status</span>
                  <strong>
                    <span className={`status-pill status-pill--${order.status}`} data-testid="order-status">
                      {statusLabel(order.status)}
                    </span>
                  </strong>
                </div>
              </div>
              <ul className="order__items">
                {order.orderItems.map((item) => (
                  <li key={item.oi_id}>
                    <LineThumb images={item.product.images} size={56} />
                    <span>
                      {item.p_id ? (
                        <a href={productPath(item.p_id)}>
                          <strong>{item.product.name}</strong>
                        </a>
                      ) : (
                        <strong>{item.product.name}</strong>
                      )}
                      <small>
                        {[item.carat?.name, item.material?.name, sizeText(item.size?.size_name)].filter(Boolean).join(' · ')} · Qty {item.quantity}
                      </small>
                      <LineHuids huid={item.huid} />
                    </span>
                    <span className="num">{formatMoney(item.line_total ?? item.price * item.quantity, order.currency)}</span>
                  </li>
                ))}
              </ul>
              <HuidHelp items={order.orderItems} />
              <div className="order__foot">
                <p>
                  <PaymentPill order={order} /> {PAYMENT_METHODS[order.payment_method] ?? order.payment_method}
                  {order.discount > 0 ? ` · Coupon ${order.coupon_name ?? ''} −${formatMoney(order.discount, order.currency)}` : ''} · Ship to {order.first_name} {order.last_name}, {order.city}
                </p>
                <div>
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => onTrack(order.o_id)}>
                    Track Order
                  </button>
                  <InvoiceButton o_id={order.o_id} invoice_no={order.invoice_no} />
                  {canCancel(order, now) ? (
                    <button type="button" className="btn btn--small btn--danger" onClick={() => onCancel(order)}>
                      Cancel Order
                    </button>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TrackOrder({ orders, order, onPick }: { orders: Order[] | null; order: Order | null; onPick: (o_id: number) => void }) {
  return (
    <section aria-labelledby="track-title">
      <h2 id="track-title">Track Your Order</h2>
      {orders === null ? (
        <Skeleton height={220} label="Loading your orders…" />
      ) : !order ? (
        <div className="journey-empty">
          <Icon name="truck" size={40} />
          <h3>Nothing to track yet</h3>
          <p>Your orders will appear here once you place one.</p>
        </div>
      ) : (
        <>
          {orders.length > 1 ? (
            <div className="field track-pick">
              <label htmlFor="track-order">Order</label>
              <select id="track-order" value={order.o_id} onChange={(e) => onPick(Number(e.target.value))}>
                {orders.map((o) => (
                  <option key={o.o_id} value={o.o_id}>
                    #{o.o_id} · {formatDateTime(o.createdAt)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <Tracking order={order} />
        </>
      )}
    </section>
  );
}

/** Four steps, Pending to Delivered; a cancelled order reached none of them (step 0, §4). */
function Tracking({ order }: { order: Order }) {
  const step = trackingStep(order.status);
  const label = statusLabel(order.status);
  return (
    <div className="track" data-testid="tracking">
      <div className="track__status">
        <h3 style={{ margin: 0 }}>
          Order #{order.o_id}: <span data-testid="tracking-status">{label}</span>
        </h3>
        <p>Placed {formatDateTime(order.createdAt)}</p>
      </div>
      {order.status === 5 ? <p className="field-error">This order was cancelled.</p> : null}
      <ol className={`steps ${order.status === 5 ? 'is-cancelled' : ''}`} aria-label={`Progress: step ${step} of 4`}>
        {TRACKING_STEPS.map((name, i) => {
          const done = i < step;
          return (
            <li key={name} className={`${done ? 'is-done' : ''} ${i === step - 1 ? 'is-current' : ''}`} aria-current={i === step - 1 ? 'step' : undefined}>
              {name}
              <span className="visually-hidden">{done ? ' (done)' : ''}</span>
            </li>
          );
        })}
      </ol>
      <dl className="track__facts">
        {order.status >= 1 && order.status <= 3 ? (
          <div>
            <dt>Estimated delivery</dt>
            <dd>{formatWindow(deliveryWindow(new Date(order.createdAt), order.currency !== 'INR', orderLeadDays(order)))}</dd>
          </div>
        ) : null}
        <div>
          <dt>Ship to</dt>
          <dd>
            {order.first_name} {order.last_name}, {[order.address, order.apartment, order.city, order.state, order.zip_code].filter(Boolean).join(', ')}
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>
            {PAYMENT_METHODS[order.payment_method] ?? order.payment_method} · {formatMoney(order.total, order.currency)} · <PaymentPill order={order} />
          </dd>
        </div>
        {order.courier_name || order.tracking_number ? (
          <div>
            <dt>Courier</dt>
            <dd data-testid="tracking-shipment">
              {order.courier_name || 'Courier'}
              {order.tracking_number ? (
                <>
                  {' '}
                  · Tracking number <strong className="num">{order.tracking_number}</strong>
                </>
              ) : null}
            </dd>
          </div>
        ) : order.status >= 1 && order.status <= 2 ? (
          <div>
            <dt>Courier</dt>
            <dd>The courier and tracking number show here once your order ships.</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

/** Paid, Pay on delivery, Refund of ₹X in progress, Refunded ₹X on date. */
function PaymentPill({ order }: { order: Order }) {
  const state = paymentState(order);
  return (
    <span className={`pay-pill pay-pill--${state.tone}`} data-testid="order-payment">
      {state.text}
    </span>
  );
}
