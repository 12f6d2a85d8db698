import { useState } from 'react';
import { api } from '../../lib/api/client.ts';
import type { components } from '../../lib/api/schema.d.ts';
import { isOrderStatus, ORDER_STATUS, type OrderStatus } from '../../../rules/orders.ts';
import { toast } from '../../stores/toast.ts';
import { TextField } from '../components/Field.tsx';
import { ConfirmDialog } from '../components/Modal.tsx';
import { type DeskOrder, paymentBadge, refundOnCancel, statusChoices, type StatusOrder, statusQuestion } from '../orders.ts';
import { useMay } from '../hooks/usePermissions.ts';

/** A refused change's data (409): a cancel waiting for its refund to be confirmed says how much. */
type RefusalData = components['schemas']['OrderStatusRefusal']['data'];

/** A status change waiting for the administrator's yes; `refund` is what a cancel gives back (null: nothing). */
interface Asking {
  order: StatusOrder;
  to: OrderStatus;
  refund: number | null;
}

/** The most a note on a status change may say (PUT /updateorderstatus `note`). */
const NOTE_MAX = 500;

/**
 * Changing an order's status from the list or the detail: only the statuses
 * the lifecycle allows are offered, and choosing one changes nothing yet. A
 * dialog asks first, naming the order and what happens (statusQuestion: stock,
 * invoice, refund, what the shopper sees), with an optional note that goes into
 * the order's timeline; a cancel that refunds asks "Cancel order #N and refund
 * ₹X to the shopper?" and sends the amount confirmed. A refusal (409) shows the
 * server's reason as a toast and changes nothing. `onChanged` follows every
 * accepted change.
 */
export function useOrderStatusChange(onChanged: (o_id: number) => void) {
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());
  const [asking, setAsking] = useState<Asking | null>(null);
  const [note, setNote] = useState('');

  const mark = (o_id: number, on: boolean) =>
    setSaving((current) => {
      const next = new Set(current);
      if (on) next.add(o_id);
      else next.delete(o_id);
      return next;
    });

  /** Sends the confirmed change; answers the question to ask instead when the server wants a refund confirmed first. */
  const send = async ({ order, to, refund }: Asking, text: string): Promise<Asking | null> => {
    mark(order.o_id, true);
    try {
      const answer = await api.put('/updateorderstatus', { o_id: order.o_id, status: to, ...(refund === null ? {} : { refund_amount: refund }), ...(text ? { note: text } : {}) });
      const refusal = answer.status === 1 ? null : (answer.data as unknown as RefusalData);
      if (answer.status === 1) {
        toast.success(answer.description);
        onChanged(order.o_id);
      } else if (refusal?.refund_required && typeof refusal.refund_amount === 'number' && refund === null) {
        // The order was paid since it was read: ask again, naming the refund.
        return { order: { ...order, currency: refusal.currency ?? order.currency }, to, refund: refusal.refund_amount };
      } else {
        // The lifecycle's reason (409), as the server words it; nothing changed.
        toast.error(answer.description || 'Error updating status.');
      }
    } catch {
      toast.error('Error updating status: the store could not be reached.');
    } finally {
      mark(order.o_id, false);
    }
    return null;
  };

  const change = (order: StatusOrder, status: number) => {
    // The dropdown offers only the lifecycle's statuses.
    if (!isOrderStatus(status) || status === order.status) return;
    setNote('');
    setAsking({ order, to: status, refund: status === ORDER_STATUS.cancelled ? refundOnCancel(order) : null });
  };

  const question = asking && statusQuestion(asking.order, asking.to, asking.refund);
  const busy = asking !== null && saving.has(asking.order.o_id);
  const dialog = asking && question && (
    <ConfirmDialog
      title={question.title}
      message={question.question}
      confirmLabel={question.confirmLabel}
      cancelLabel={question.cancelLabel}
      danger={question.danger}
      busy={busy}
      onCancel={() => setAsking(null)}
      onConfirm={async () => {
        // Accepted or refused (the toast says which), the question is answered, unless a refund must be confirmed first.
        setAsking(await send(asking, note.trim()));
      }}
    >
      <ul className="admin-confirm__effects" data-testid="status-effects">
        {question.effects.map((effect) => (
          <li key={effect}>{effect}</li>
        ))}
      </ul>
      <TextField
        multiline
        id={`status-note-${asking.order.o_id}`}
        label="Note for the timeline (optional)"
        hint="Kept with this change in the order's status history."
        value={note}
        maxLength={NOTE_MAX}
        rows={2}
        disabled={busy}
        onValue={setNote}
      />
    </ConfirmDialog>
  );

  return { change, saving, dialog };
}

export interface OrderStatusSelectProps {
  order: StatusOrder;
  onChange: (order: StatusOrder, status: number) => void;
  busy: boolean;
  /** The visible or hidden label's id prefix: `order-status-12`. */
  id: string;
}

/**
 * The status dropdown: the current status and only those that may follow it; final statuses
 * cannot change. To those who may only see orders (no orders.manage), the status in words.
 */
export function OrderStatusSelect({ order, onChange, busy, id }: OrderStatusSelectProps) {
  const mayChange = useMay('orders.manage');
  const choices = statusChoices(order);
  const final = choices.length === 1;
  // Read-only (accounts): the status in words, no drop-down.
  if (mayChange !== true) {
    return (
      <span className="admin-badge admin-status-text" data-status-text={choices[0].value}>
        {choices[0].label}
      </span>
    );
  }
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
