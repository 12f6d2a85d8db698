import { useState } from 'react';
import { api } from '../../lib/api/client.ts';
import type { components } from '../../lib/api/schema.d.ts';
import { isOrderStatus, ORDER_STATUS, type OrderStatus } from '../../../rules/orders.ts';
import { toast } from '../../stores/toast.ts';
import { ConfirmDialog } from '../components/Modal.tsx';
import { type DeskOrder, paymentBadge, refundOnCancel, refundQuestion, statusChoices } from '../orders.ts';

/** A refused change's data (409): a cancel waiting for its refund to be confirmed says how much. */
type RefusalData = components['schemas']['OrderStatusRefusal']['data'];

/** A cancel that gives money back, waiting for the administrator's yes. */
interface PendingRefund {
  order: DeskOrder;
  amount: number;
}

/**
 * Changing an order's status from the list or the detail: only the statuses
 * the lifecycle allows are offered; a refusal (409) shows the server's reason
 * as a toast and changes nothing. Cancelling an order paid online first asks
 * "Cancel order #N and refund ₹X to the shopper?"; only a yes sends it, with
 * the amount confirmed. `onChanged` follows every accepted change.
 */
export function useOrderStatusChange(onChanged: (o_id: number) => void) {
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());
  const [pending, setPending] = useState<PendingRefund | null>(null);
  const [confirming, setConfirming] = useState(false);

  /** Sends the change; `refund` is the amount the administrator confirmed for a refunding cancel. */
  const send = async (order: DeskOrder, status: OrderStatus, refund?: number) => {
    setSaving((current) => new Set(current).add(order.o_id));
    try {
      const answer = await api.put('/updateorderstatus', { o_id: order.o_id, status, ...(refund === undefined ? {} : { refund_amount: refund }) });
      const refusal = answer.status === 1 ? null : (answer.data as unknown as RefusalData);
      if (answer.status === 1) {
        toast.success(answer.description);
        onChanged(order.o_id);
      } else if (refusal?.refund_required && typeof refusal.refund_amount === 'number' && refund === undefined) {
        // The order was paid since the list was read: the server wants the refund confirmed first.
        setPending({ order: { ...order, currency: refusal.currency ?? order.currency }, amount: refusal.refund_amount });
      } else {
        // The lifecycle's reason (409), as the server words it; nothing changed.
        toast.error(answer.description || 'Error updating status.');
      }
    } catch {
      toast.error('Error updating status: the store could not be reached.');
    } finally {
      setSaving((current) => {
        const next = new Set(current);
        next.delete(order.o_id);
        return next;
      });
    }
  };

  const change = (order: DeskOrder, status: number) => {
    // The dropdown offers only the lifecycle's statuses.
    if (!isOrderStatus(status)) return;
    const refund = status === ORDER_STATUS.cancelled ? refundOnCancel(order) : null;
    if (refund !== null) {
      setPending({ order, amount: refund });
      return;
    }
    void send(order, status);
  };

  const dialog = pending && (
    <ConfirmDialog
      title="Cancel and refund?"
      message={
        <>
          {refundQuestion(pending.order, pending.amount)} The refund goes to the shopper&apos;s original payment method and cannot be undone.
        </>
      }
      confirmLabel="Cancel and refund"
      cancelLabel="Keep the order"
      danger
      busy={confirming}
      onCancel={() => setPending(null)}
      onConfirm={async () => {
        setConfirming(true);
        // Accepted or refused (the toast says which), the question is answered.
        await send(pending.order, ORDER_STATUS.cancelled, pending.amount);
        setConfirming(false);
        setPending(null);
      }}
    />
  );

  return { change, saving, dialog };
}

export interface OrderStatusSelectProps {
  order: DeskOrder;
  onChange: (order: DeskOrder, status: number) => void;
  busy: boolean;
  /** The visible or hidden label's id prefix: `order-status-12`. */
  id: string;
}

/** The status dropdown: the current status and only those that may follow it; final statuses cannot change. */
export function OrderStatusSelect({ order, onChange, busy, id }: OrderStatusSelectProps) {
  const choices = statusChoices(order);
  const final = choices.length === 1;
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        Status of order {order.o_id}
      </label>
      <select
        id={id}
        className="admin-status-select"
        data-status={choices[0].value}
        value={choices[0].value}
        disabled={busy || final}
        title={final ? 'Delivered and Cancelled orders cannot change status.' : undefined}
        onChange={(event) => onChange(order, Number(event.target.value))}
      >
        {choices.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </>
  );
}

/** The payment status as a badge: Paid, Unpaid (COD), Refund pending, Refunded. */
export function PaymentBadge({ order }: { order: DeskOrder }) {
  const badge = paymentBadge(order);
  return (
    <span className={`admin-badge admin-badge--pay-${badge.tone}`} data-payment-status={badge.status}>
      {badge.label}
    </span>
  );
}
