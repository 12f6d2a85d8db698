import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { shipmentWindow } from '../../../rules/couriers.ts';
import { formatDate, formatDateTime } from '../../../rules/dates.ts';
import { type Currency, formatMoney } from '../../../rules/money.ts';
import { ORDER_STATUS } from '../../../rules/orders.ts';
import { formatPhone } from '../../../rules/phone.ts';
import { TAX_RATE_TEXT } from '../../../rules/tax.ts';
import { Icon } from '../../components/Icon.tsx';
import { sizeText } from '../../lib/checkout.ts';
import { statusLabel, stepDates, type TrackedOrder, TRACKING_STEPS, trackingStep } from '../../lib/orders.ts';
import { $orders, $trackedOrder, pickTrackedOrder } from '../../stores/account.ts';
import { $tracked, loadTracked, showTrackedInAddress } from '../../stores/track-order.ts';
import { InvoiceButton } from '../order/OrderCompliance.tsx';
import { Skeleton } from '../parts.tsx';
import { deliveryWindow, formatWindow, orderLeadDays, PROCESSING_DAYS } from '../product/delivery.ts';
import { OrderItemLine } from './OrderItemLine.tsx';
import { PaymentPill, paymentMethodText } from './PaymentPill.tsx';

/**
 * Track Your Order (issue 35): the order picked (the one just placed or named by the address,
 * else the latest) as GET /trackorder/{o_id} answers it: each step with its date, the delivery
 * estimate (from the shipment once shipped), the courier's tracking page, then the order itself:
 * its items, totals with the GST they include, the address and the payment.
 */
export function TrackOrder() {
  const orders = useStore($orders);
  const picked = useStore($trackedOrder);
  const tracked = useStore($tracked);
  const o_id = picked ?? orders?.[0]?.o_id ?? null;

  useEffect(() => {
    if (o_id === null) return;
    showTrackedInAddress(o_id);
    void loadTracked(o_id);
  }, [o_id]);

  const pickable = orders && orders.length > 1 ? orders : null;
  return (
    <section aria-labelledby="track-title">
      <h2 id="track-title">Track Your Order</h2>
      {pickable && o_id !== null ? (
        <div className="field track-pick">
          <label htmlFor="track-order">Order</label>
          <select id="track-order" value={o_id} onChange={(e) => pickTrackedOrder(Number(e.target.value))}>
            {pickable.some((o) => o.o_id === o_id) ? null : <option value={o_id}>#{o_id}</option>}
            {pickable.map((o) => (
              <option key={o.o_id} value={o.o_id}>
                #{o.o_id} · {formatDateTime(o.createdAt)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {o_id === null ? (
        orders === null ? (
          <Skeleton height={220} label="Loading your orders…" />
        ) : (
          <div className="journey-empty">
            <Icon name="truck" size={40} />
            <h3>Nothing to track yet</h3>
            <p>Your orders will appear here once you place one.</p>
          </div>
        )
      ) : !tracked || tracked.o_id !== o_id || 'loading' in tracked ? (
        <Skeleton height={420} label={`Loading order #${o_id}…`} />
      ) : 'missing' in tracked ? (
        <div className="journey-empty" data-testid="tracking-missing">
          <Icon name="truck" size={40} />
          <h3>Order #{o_id} is not in this account</h3>
          <p>It may have been placed from another account: log in with that one to follow it{orders?.length ? ', or pick one of your orders above' : ''}.</p>
        </div>
      ) : 'failed' in tracked ? (
        <div className="journey-empty">
          <p>We could not load order #{o_id}.</p>
          <button type="button" className="btn" onClick={() => void loadTracked(o_id, true)}>
            Try Again
          </button>
        </div>
      ) : (
        <TrackedOrderView order={tracked.order} />
      )}
    </section>
  );
}

function TrackedOrderView({ order }: { order: TrackedOrder }) {
  return (
    <div className="tracked" data-testid="tracked-order">
      <Tracking order={order} />
      <div className="tracked__grid">
        <OrderLines order={order} />
        <div className="tracked__side">
          <section className="tracked__card" aria-labelledby="tracked-address">
            <h3 id="tracked-address">Delivery address</h3>
            <address data-testid="tracked-address">
              {order.first_name} {order.last_name}
              <br />
              {[order.address, order.apartment].filter(Boolean).join(', ')}
              <br />
              {order.city}, {order.state} {order.zip_code}
              {order.country !== 'IN' ? (
                <>
                  <br />
                  {order.country}
                </>
              ) : null}
              <br />
              <span className="num">{formatPhone(order.phone_number)}</span>
            </address>
          </section>
          <section className="tracked__card" aria-labelledby="tracked-payment">
            <h3 id="tracked-payment">Payment</h3>
            <p data-testid="tracked-payment">
              {paymentMethodText(order)} <PaymentPill order={order} />
            </p>
            <InvoiceButton o_id={order.o_id} invoice_no={order.invoice_no} />
          </section>
        </div>
      </div>
    </div>
  );
}

/** The delivery estimate: from the day it shipped (the courier's days) once shipped; before, from the day it was ordered. */
function estimate(order: TrackedOrder): { label: string; text: string; note: string } | null {
  const international = order.country !== 'IN';
  if (order.status === ORDER_STATUS.delivered) {
    return { label: 'Delivered', text: formatDate(order.delivered_at ?? null, 'Delivered'), note: 'We hope you love it.' };
  }
  if (order.status === ORDER_STATUS.shipped && order.shipped_at) {
    const window = shipmentWindow(new Date(order.shipped_at), order.courier_name, international);
    return { label: 'Estimated delivery', text: formatWindow(window), note: `Counted from the day it shipped, ${formatDate(order.shipped_at)}${order.courier_name ? `, with ${order.courier_name}` : ''}.` };
  }
  if (order.status === ORDER_STATUS.pending || order.status === ORDER_STATUS.processing) {
    const lead = orderLeadDays(order);
    return {
      label: 'Estimated delivery',
      text: formatWindow(deliveryWindow(new Date(order.createdAt), international, lead)),
      note: lead > 0 ? `Made to order: it ships once made, about ${lead} days after you ordered.` : `Packed and shipped within ${PROCESSING_DAYS[0]}-${PROCESSING_DAYS[1]} business days.`,
    };
  }
  return null;
}

/** Four steps, Pending to Delivered, each with the date it was reached; a cancelled order reached none of them (step 0, §4). */
function Tracking({ order }: { order: TrackedOrder }) {
  const step = trackingStep(order.status);
  const cancelled = order.status === ORDER_STATUS.cancelled;
  const dates = stepDates(order.steps);
  const expected = estimate(order);
  return (
    <div className="track" data-testid="tracking">
      <div className="track__status">
        <h3 style={{ margin: 0 }}>
          Order #{order.o_id}: <span data-testid="tracking-status">{statusLabel(order.status)}</span>
        </h3>
        <p>Placed {formatDateTime(order.createdAt)}</p>
      </div>
      {cancelled ? (
        <p className="field-error" data-testid="tracking-cancelled">
          This order was cancelled{dates.has(ORDER_STATUS.cancelled) ? ` on ${formatDate(dates.get(ORDER_STATUS.cancelled))}` : ''}.
        </p>
      ) : null}
      <ol className={`steps ${cancelled ? 'is-cancelled' : ''}`} aria-label={`Progress: step ${step} of 4`}>
        {TRACKING_STEPS.map((name, i) => {
          const done = i < step;
          const at = done ? dates.get(i + 1) : undefined;
          return (
            <li key={name} className={`${done ? 'is-done' : ''} ${i === step - 1 ? 'is-current' : ''}`} aria-current={i === step - 1 ? 'step' : undefined}>
              <span className="steps__name">
                {name}
                <span className="visually-hidden">{done ? ' (done)' : ''}</span>
                {at ? (
                  <time className="steps__date" dateTime={at} data-testid={`step-date-${i + 1}`}>
                    {formatDate(at)}
                  </time>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
      <dl className="track__facts">
        {expected ? (
          <div data-testid="tracking-estimate">
            <dt>{expected.label}</dt>
            <dd>
              <strong>{expected.text}</strong>
              <small className="track__note">{expected.note}</small>
            </dd>
          </div>
        ) : null}
        {order.courier_name || order.tracking_number ? (
          <div>
            <dt>Courier</dt>
            <dd data-testid="tracking-shipment">
              {order.courier_name || 'Courier'}
              {order.tracking_number ? (
                <>
                  {' '}
                  · Tracking number{' '}
                  {order.tracking_url ? (
                    <a className="num" href={order.tracking_url} target="_blank" rel="noopener noreferrer" data-testid="tracking-link">
                      {order.tracking_number}
                      <span className="visually-hidden"> (opens {order.courier_name}'s tracking page)</span>
                    </a>
                  ) : (
                    <strong className="num">{order.tracking_number}</strong>
                  )}
                </>
              ) : null}
            </dd>
          </div>
        ) : step > 0 && step < 3 ? (
          <div>
            <dt>Courier</dt>
            <dd>The courier and tracking number show here once your order ships.</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

/** "22K · Yellow Gold · Size 12 · 4.250 g each". */
function lineDetails(item: TrackedOrder['orderItems'][number]): string {
  const weight = item.net_weight_g === null ? null : `${item.net_weight_g.toFixed(3)} g${item.quantity > 1 ? ' each' : ''}`;
  return [item.carat?.name, item.material?.name, sizeText(item.size?.size_name), weight].filter(Boolean).join(' · ');
}

/** The items with their prices, then the totals and the GST they include. */
function OrderLines({ order }: { order: TrackedOrder }) {
  const money = (amount: number) => formatMoney(amount, order.currency as Currency, { cents: true });
  const { tax } = order;
  const taxRows =
    tax.supply === 'intra_state'
      ? [
          [`Includes CGST ${TAX_RATE_TEXT.cgst}`, money(tax.cgst)],
          [`Includes SGST ${TAX_RATE_TEXT.sgst}`, money(tax.sgst)],
        ]
      : tax.supply === 'inter_state'
        ? [[`Includes IGST ${TAX_RATE_TEXT.igst}`, money(tax.igst)]]
        : [['GST', 'None (export)']];
  return (
    <section className="tracked__card tracked__lines" aria-labelledby="tracked-items">
      <h3 id="tracked-items">Your order</h3>
      <ul className="order__items" data-testid="tracked-items">
        {order.orderItems.map((item) => (
          <OrderItemLine key={item.oi_id} item={item} amount={money(item.line_total)} testId="tracked-item">
            <small>{lineDetails(item)}</small>
            <small>
              Qty {item.quantity} × {money(item.price)}
            </small>
          </OrderItemLine>
        ))}
      </ul>
      <dl className="tracked__totals" data-testid="tracked-totals">
        <div>
          <dt>Subtotal</dt>
          <dd className="num">{money(order.subtotal)}</dd>
        </div>
        {order.discount > 0 ? (
          <div>
            <dt>Discount{order.coupon_name ? ` (${order.coupon_name})` : ''}</dt>
            <dd className="num">−{money(order.discount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Shipping</dt>
          <dd className="num">{order.shipping > 0 ? money(order.shipping) : 'Free'}</dd>
        </div>
        <div className="tracked__total">
          <dt>Total</dt>
          <dd className="num" data-testid="tracked-total">
            {money(order.total)}
          </dd>
        </div>
        {taxRows.map(([label, value]) => (
          <div key={label} className="tracked__tax" data-testid="tracked-tax">
            <dt>{label}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
