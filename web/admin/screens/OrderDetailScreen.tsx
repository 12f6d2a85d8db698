import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { api } from '../../lib/api/client.ts';
import { statusLabel } from '../../../rules/orders.ts';
import { formatPhone } from '../../../rules/phone.ts';
import { Card, SaveCard } from '../components/Card.tsx';
import { TextField } from '../components/Field.tsx';
import { HuidEntry } from '../components/HuidEntry.tsx';
import { LoadFailure, Screen } from '../components/Screen.tsx';
import { formatDateTime, formatDate, formatOrderMoney } from '../format.ts';
import { actorLabel, customerName, historyLine, paymentMethodLabel } from '../orders.ts';
import { Link } from '../router.tsx';
import type { DeskOrderDetail } from '../types.ts';
import { useSave } from '../hooks/useSave.ts';
import { useMay } from '../hooks/usePermissions.ts';
import { OrderItems } from '../components/OrderItems.tsx';
import { OrderStatusSelect, PaymentBadge, useOrderStatusChange } from './OrderStatus.tsx';
import { AuditTrailLink } from './AuditScreen.tsx';

/** The order desk's calls for one order (openapi.yaml, Admin orders). */
const orderDesk = {
  load: (o_id: number) => api.get('/getorderdetail/{o_id}', { o_id }),
  saveNote: (o_id: number, internal_note: string) => api.put('/updateordernote', { o_id, internal_note }),
  saveShipment: (o_id: number, courier_name: string, tracking_number: string) => api.put('/updateordershipment', { o_id, courier_name, tracking_number }),
};

/**
 * One order at the desk: customer, shipping address, items, coupon and
 * discount, payment method and status (refund amount and date), the status
 * history as a timeline, the shop's internal note, and the courier and
 * tracking number the shopper sees in Track Your Order. Print gives the
 * packing slip.
 */
export function OrderDetailScreen({ o_id }: { o_id: number }) {
  const [order, setOrder] = useState<DeskOrderDetail | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'missing' | 'failed'>('loading');

  const load = useCallback(async () => {
    setState((current) => (current === 'ready' ? current : 'loading'));
    try {
      const answer = await orderDesk.load(o_id);
      if (answer.status === 1 && answer.data) {
        setOrder(answer.data);
        setState('ready');
      } else setState(answer.description?.startsWith('No such endpoint') ? 'failed' : 'missing');
    } catch {
      setState('failed');
    }
  }, [o_id]);

  useEffect(() => {
    void load();
  }, [load]);

  const statusChange = useOrderStatusChange(() => void load());
  const mayChange = useMay('orders.manage') === true;
  const title = `Order #${o_id}`;
  const back = (
    <Link href="/admin/orders" className="btn btn--ghost btn--small">
      Back to orders
    </Link>
  );

  if (state === 'failed' || state === 'missing' || !order) {
    return (
      <Screen title={title} actions={back}>
        <div className="admin-card">
          <div className="admin-card__body">
            {state === 'failed' ? (
              <LoadFailure noun="order" onRetry={() => void load()} />
            ) : state === 'missing' ? (
              <p className="admin-empty">There is no order #{o_id}.</p>
            ) : (
              <p className="admin-empty">Loading…</p>
            )}
          </div>
        </div>
      </Screen>
    );
  }

  const currency = order.currency;
  const history = order.status_history ?? [];
  return (
    <Screen
      title={title}
      lead={`Placed ${formatDateTime(order.createdAt)}`}
      actions={
        <>
          {back}
          <button type="button" className="btn btn--small" onClick={() => window.print()}>
            Print packing slip
          </button>
        </>
      }
    >
      <div className="admin-order">
        <div className="admin-card admin-order__status">
          <div className="admin-card__body admin-order__status-body">
            <div>
              <p className="admin-order__label">Status</p>
              <OrderStatusSelect id="order-detail-status" order={order} busy={statusChange.saving.has(order.o_id)} onChange={statusChange.change} />
            </div>
            <div>
              <p className="admin-order__label">Payment</p>
              <PaymentBadge order={order} />
            </div>
            <div>
              <p className="admin-order__label">Total</p>
              <strong className="admin-num admin-order__total">{formatOrderMoney(order.total, currency)}</strong>
            </div>
          </div>
        </div>

        <div className="admin-order__grid">
          <Card id="order-customer" title="Customer">
            <dl className="admin-facts admin-card__body">
              <dt>Name</dt>
              <dd>{customerName(order)}</dd>
              <dt>Phone</dt>
              <dd className="admin-num">
                {order.phone_number ? <a href={`tel:${order.phone_number.replace(/\s+/g, '')}`}>{formatPhone(order.phone_number)}</a> : 'N/A'}
              </dd>
              <dt>E-mail</dt>
              <dd>{order.email ? <a href={`mailto:${order.email}`}>{order.email}</a> : 'N/A'}</dd>
              {order.customer && (
                <>
                  <dt>Account</dt>
                  <dd>
                    {order.customer.full_name} <span className="admin-cell-muted">({formatPhone(order.customer.phone_number, order.customer.country_code)})</span>
                  </dd>
                </>
              )}
            </dl>
          </Card>

          <Card id="order-address" title="Shipping address">
            <address className="admin-card__body admin-address-block">
              <ShippingLines order={order} />
            </address>
          </Card>

          <Card id="order-payment" title="Payment">
            <dl className="admin-facts admin-card__body">
              <dt>Method</dt>
              <dd>{paymentMethodLabel(order.payment_method)}</dd>
              <dt>Status</dt>
              <dd>
                <PaymentBadge order={order} />
              </dd>
              {order.refund_amount !== null && order.refund_amount !== undefined && (
                <>
                  <dt>Refund</dt>
                  <dd>
                    {/* The amount stays on one line; the date may wrap inside the card. */}
                    <span className="admin-num">{formatOrderMoney(order.refund_amount, currency)}</span>
                    {order.refunded_at ? ` on ${formatDate(order.refunded_at)}` : ' (asked of the provider)'}
                  </dd>
                </>
              )}
              {order.order_id && (
                <>
                  <dt>Provider order</dt>
                  <dd className="admin-num admin-small">{order.order_id}</dd>
                </>
              )}
              <dt>Subtotal</dt>
              <dd className="admin-num">{formatOrderMoney(order.subtotal, currency)}</dd>
              <dt>Coupon</dt>
              <dd>{order.coupon_name || 'None'}</dd>
              <dt>Discount</dt>
              <dd className="admin-num">{order.discount ? `− ${formatOrderMoney(order.discount, currency)}` : formatOrderMoney(0, currency)}</dd>
              <dt>Shipping</dt>
              <dd className="admin-num">{order.shipping ? formatOrderMoney(order.shipping, currency) : 'Free'}</dd>
              <dt>Total</dt>
              <dd className="admin-num admin-cell-strong">{formatOrderMoney(order.total, currency)}</dd>
            </dl>
          </Card>
        </div>

        <Card id="order-items" title="Items">
          <div className="admin-card__body">
            <OrderItems items={order.orderItems ?? []} currency={currency} />
            <HuidEntry key={order.status} order={order} onSaved={() => void load()} />
          </div>
        </Card>

        {mayChange ? (
          <div className="admin-order__grid admin-order__grid--two">
            <ShipmentForm order={order} onSaved={() => void load()} />
            <NoteForm order={order} onSaved={() => void load()} />
          </div>
        ) : (
          <ShipmentFacts order={order} />
        )}

        <Card id="order-history" title="Status history">
          <div className="admin-card__body">
            {history.length === 0 ? (
              <p className="admin-empty">No status changes recorded.</p>
            ) : (
              <ol className="admin-timeline">
                {history.map((change, index) => (
                  <li key={index} className={`admin-timeline__item admin-timeline__item--${change.to_status}`}>
                    <p className="admin-timeline__what">{historyLine(change)}</p>
                    <p className="admin-timeline__meta">
                      <time dateTime={change.createdAt}>{formatDateTime(change.createdAt)}</time> · {actorLabel(change)} · payment {change.payment_status.replace('_', ' ')}
                    </p>
                    {change.note && <p className="admin-timeline__note">{change.note}</p>}
                  </li>
                ))}
              </ol>
            )}
            <AuditTrailLink entity="order" entity_id={order.o_id} label="Full trail: every change to this order" />
          </div>
        </Card>
      </div>

      <PackingSlip order={order} />
      {statusChange.dialog}
    </Screen>
  );
}

/** The address as it goes on a parcel: name, lines, city state ZIP, phone. */
function ShippingLines({ order }: { order: DeskOrderDetail }) {
  const lines = [customerName(order), order.address, order.apartment, [order.city, order.state, order.zip_code].filter(Boolean).join(', ')].filter(
    (line) => line && line.trim(),
  );
  return (
    <>
      {lines.map((line, i) => (
        <span key={i} className="admin-block">
          {line}
        </span>
      ))}
      {order.phone_number && <span className="admin-block admin-num">Phone {formatPhone(order.phone_number)}</span>}
    </>
  );
}

/** Shipment and note as they stand, for those who may only see orders (no orders.manage). */
function ShipmentFacts({ order }: { order: DeskOrderDetail }) {
  return (
    <Card id="order-shipment" title="Shipment and note">
      <dl className="admin-facts admin-card__body">
        <dt>Courier</dt>
        <dd>{order.courier_name || '—'}</dd>
        <dt>Tracking</dt>
        <dd className="admin-num">{order.tracking_number || '—'}</dd>
        <dt>Note</dt>
        <dd>{order.internal_note || '—'}</dd>
      </dl>
    </Card>
  );
}

/** Courier and tracking number: what the shopper sees in Track Your Order. */
function ShipmentForm({ order, onSaved }: { order: DeskOrderDetail; onSaved: () => void }) {
  const [courier, setCourier] = useState(order.courier_name ?? '');
  const [tracking, setTracking] = useState(order.tracking_number ?? '');
  const { busy, save } = useSave(onSaved);
  const changed = courier.trim() !== (order.courier_name ?? '') || tracking.trim() !== (order.tracking_number ?? '');
  const saveShipment = () => save(() => orderDesk.saveShipment(order.o_id, courier.trim(), tracking.trim()), 'Error saving the shipment.');

  return (
    <SaveCard id="order-shipment" title="Shipment" saveLabel="Save shipment" busy={busy} changed={changed} onSave={() => void saveShipment()}>
      <TextField id="order-courier" label="Courier" hint="The shopper sees the courier and tracking number in Track Your Order." value={courier} maxLength={100} onValue={setCourier} />
      <TextField id="order-tracking" label="Tracking number" value={tracking} maxLength={100} onValue={setTracking} />
    </SaveCard>
  );
}

/** The shop's own note on the order; shoppers never see it. */
function NoteForm({ order, onSaved }: { order: DeskOrderDetail; onSaved: () => void }) {
  const [note, setNote] = useState(order.internal_note ?? '');
  const { busy, save } = useSave(onSaved);
  const changed = note.trim() !== (order.internal_note ?? '');

  return (
    <SaveCard id="order-note" title="Internal note" saveLabel="Save note" busy={busy} changed={changed} onSave={() => void save(() => orderDesk.saveNote(order.o_id, note.trim()), 'Error saving the note.')}>
      <TextField multiline id="order-note" label="Note for the shop" hint="Only administrators see this note." value={note} maxLength={2000} rows={4} onValue={setNote} />
    </SaveCard>
  );
}

/**
 * What the printer gets: the parcel's packing slip, hidden on screen. It sits
 * beside the back office (a portal), which the print stylesheet leaves out.
 */
function PackingSlip({ order }: { order: DeskOrderDetail }) {
  const items = order.orderItems ?? [];
  return createPortal(
    <article className="packing-slip" data-packing-slip="">
      <header className="packing-slip__head">
        <div>
          <p className="packing-slip__shop">Aurum Jewels</p>
          <p>Packing slip</p>
        </div>
        <div className="packing-slip__order">
          <p>
            <strong>Order #{order.o_id}</strong>
          </p>
          <p>{formatDate(order.createdAt)}</p>
          <p>Status: {statusLabel(order.status)}</p>
        </div>
      </header>
      <section className="packing-slip__to">
        <h2>Ship to</h2>
        <address>
          <ShippingLines order={order} />
        </address>
      </section>
      {(order.courier_name || order.tracking_number) && (
        <p className="packing-slip__courier">
          Courier: {order.courier_name || '—'} · Tracking: {order.tracking_number || '—'}
        </p>
      )}
      <OrderItems items={items} variant="packing-slip" />
      <p className="packing-slip__foot">
        {items.reduce((sum, item) => sum + (item.quantity ?? 1), 0)} piece(s). Payment: {paymentMethodLabel(order.payment_method)}
        {order.payment_method === 'cod' && order.payment_status === 'unpaid' ? ` — collect ${formatOrderMoney(order.total, order.currency)} on delivery` : ''}.
      </p>
    </article>,
    document.body,
  );
}
