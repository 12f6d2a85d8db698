import { useStore } from '@nanostores/react';
import { formatDateTime } from '../../../rules/dates.ts';
import { formatMoney } from '../../../rules/money.ts';
import { Icon } from '../../components/Icon.tsx';
import { sizeText } from '../../lib/checkout.ts';
import { canCancel, type Order, statusLabel } from '../../lib/orders.ts';
import { $now, $orders, $ordersFailed, confirm, loadOrders } from '../../stores/account.ts';
import { HuidHelp, InvoiceButton, LineHuids } from '../order/OrderCompliance.tsx';
import { Skeleton } from '../parts.tsx';
import { OrderItemLine } from './OrderItemLine.tsx';
import { PaymentPill, paymentMethodText } from './PaymentPill.tsx';
import { ReturnButton } from './ReturnRequest.tsx';

/** Order History: each order with its lines, payment, Track Order, the invoice, and Cancel while it may be. */
export function OrderHistory({ u_id, onTrack }: { u_id: number; onTrack: (o_id: number) => void }) {
  const orders = useStore($orders);
  const failed = useStore($ordersFailed);
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">Order History</h2>
      {failed ? (
        <div className="journey-empty">
          <p>We could not load your orders.</p>
          <button type="button" className="btn" onClick={() => void loadOrders(u_id)}>
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
            <OrderCard key={order.o_id} order={order} onTrack={onTrack} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OrderCard({ order, onTrack }: { order: Order; onTrack: (o_id: number) => void }) {
  const now = useStore($now);
  return (
    <li className="order" data-testid="order">
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
          <OrderItemLine key={item.oi_id} item={item} amount={formatMoney(item.line_total ?? item.price * item.quantity, order.currency)}>
            <small>
              {[item.carat?.name, item.material?.name, sizeText(item.size?.size_name)].filter(Boolean).join(' · ')} · Qty {item.quantity}
            </small>
            <LineHuids huid={item.huid} />
          </OrderItemLine>
        ))}
      </ul>
      <HuidHelp items={order.orderItems} />
      <div className="order__foot">
        <p>
          <PaymentPill order={order} /> {paymentMethodText(order)}
          {order.discount > 0 ? ` · Coupon ${order.coupon_name ?? ''} −${formatMoney(order.discount, order.currency)}` : ''} · Ship to {order.first_name} {order.last_name}, {order.city}
        </p>
        <div>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => onTrack(order.o_id)}>
            Track Order
          </button>
          <InvoiceButton o_id={order.o_id} invoice_no={order.invoice_no} />
          <ReturnButton order={order} />
          {canCancel(order, now) ? (
            <button type="button" className="btn btn--small btn--danger" onClick={() => confirm({ cancel: order })}>
              Cancel Order
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}
