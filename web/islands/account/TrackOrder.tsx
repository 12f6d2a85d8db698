import { useStore } from '@nanostores/react';
import { formatDateTime } from '../../../rules/dates.ts';
import { formatMoney } from '../../../rules/money.ts';
import { ORDER_STATUS } from '../../../rules/orders.ts';
import { Icon } from '../../components/Icon.tsx';
import { type Order, statusLabel, TRACKING_STEPS, trackingStep } from '../../lib/orders.ts';
import { $orders, $trackedOrder, pickTrackedOrder } from '../../stores/account.ts';
import { Skeleton } from '../parts.tsx';
import { deliveryWindow, formatWindow, orderLeadDays } from '../product/delivery.ts';
import { PaymentPill, paymentMethodText } from './PaymentPill.tsx';

/** Statuses whose delivery is still ahead (an estimate is shown). */
const ON_ITS_WAY: readonly number[] = [ORDER_STATUS.pending, ORDER_STATUS.processing, ORDER_STATUS.shipped];
/** Statuses before shipping (no courier yet). */
const NOT_SHIPPED: readonly number[] = [ORDER_STATUS.pending, ORDER_STATUS.processing];

/** Track Your Order: the order picked (the one just placed, else the latest) and its progress. */
export function TrackOrder() {
  const orders = useStore($orders);
  const tracked = useStore($trackedOrder);
  const order = orders?.find((o) => o.o_id === tracked) ?? orders?.[0] ?? null;
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
              <select id="track-order" value={order.o_id} onChange={(e) => pickTrackedOrder(Number(e.target.value))}>
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
  const cancelled = order.status === ORDER_STATUS.cancelled;
  return (
    <div className="track" data-testid="tracking">
      <div className="track__status">
        <h3 style={{ margin: 0 }}>
          Order #{order.o_id}: <span data-testid="tracking-status">{label}</span>
        </h3>
        <p>Placed {formatDateTime(order.createdAt)}</p>
      </div>
      {cancelled ? <p className="field-error">This order was cancelled.</p> : null}
      <ol className={`steps ${cancelled ? 'is-cancelled' : ''}`} aria-label={`Progress: step ${step} of 4`}>
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
        {ON_ITS_WAY.includes(order.status) ? (
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
            {paymentMethodText(order)} · {formatMoney(order.total, order.currency)} · <PaymentPill order={order} />
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
        ) : NOT_SHIPPED.includes(order.status) ? (
          <div>
            <dt>Courier</dt>
            <dd>The courier and tracking number show here once your order ships.</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
