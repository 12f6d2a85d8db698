import { useCallback, useEffect, useState } from 'react';
import { api, type RequestBody, type ResponseData } from '../../lib/api/client.ts';
import { openCreditNote } from '../../lib/credit-note.ts';
import { HUID_MESSAGE, normaliseHuid } from '../../../rules/compliance.ts';
import { formatPhone } from '../../../rules/phone.ts';
import { DESK_STATUSES, type DeskStatus, RETURN_KIND_LABELS, RETURN_STATUS_LABELS } from '../../../rules/returns.ts';
import { toast } from '../../stores/toast.ts';
import { Card } from '../components/Card.tsx';
import { TextField } from '../components/Field.tsx';
import { HuidPieces } from '../components/HuidEntry.tsx';
import { ConfirmDialog } from '../components/Modal.tsx';
import { LoadFailure, Screen } from '../components/Screen.tsx';
import { formatDate, formatDateTime, formatOrderMoney } from '../format.ts';
import { useMay } from '../hooks/usePermissions.ts';
import { actorLabel } from '../orders.ts';
import { Link } from '../router.tsx';
import { PrivatePhotos } from '../../components/PrivatePhoto.tsx';
import { piecesText, ReturnAmount, ReturnStatusBadge } from './ReturnsScreen.tsx';
import '../returns.css';

/** One request in full (GET /getreturndetail/{r_id}). */
type DeskReturn = NonNullable<ResponseData<'/getreturndetail/{r_id}', 'get'>>;
type StatusChange = RequestBody<'/updatereturnstatus', 'put'>;

/** The most a note on a step may say. */
const NOTE_MAX = 500;

/** What each step is called on its button and in its dialog, and what it does, in the shop's words. */
const STEPS: Record<DeskStatus, { action: string; title: string; says: (r: DeskReturn) => string; danger?: boolean }> = {
  approved: { action: 'Approve', title: 'Approve this request?', says: () => 'The shopper is told it is approved and that a courier will collect the pieces.' },
  rejected: { action: 'Reject', title: 'Reject this request?', says: () => 'The shopper sees the reason you give. The pieces stay theirs and may be asked back again only if the window is still open.', danger: true },
  picked_up: { action: 'Picked up', title: 'Mark as picked up', says: () => 'The courier has collected the pieces. The shopper can no longer withdraw the request.' },
  received: { action: 'Received', title: 'Mark as received', says: () => 'The pieces have arrived at the shop, ready to inspect.' },
  inspected: {
    action: 'Inspect',
    title: 'Record the inspection',
    says: () => 'Read the HUID off each piece that came back. Each must be the HUID recorded when it was sold: a different piece is refused.',
  },
  refunded: {
    action: 'Refund',
    title: 'Refund the shopper',
    says: (r) =>
      paidByTransfer(r)
        ? 'Record the bank or UPI transfer you made to the shopper.'
        : r.payment_method === 'store_credit'
          ? 'The order was paid with store credit: the refund goes back to the shopper’s store credit.'
          : 'The refund is asked of the payment provider, to the card or account the shopper paid with.',
  },
  credited: { action: 'Give store credit', title: 'Give store credit', says: () => 'The value is added to the shopper’s store credit, usable at checkout toward a new order.' },
};

/** A cash-on-delivery order's refund, and every buy-back, is a transfer the shop makes and records. */
function paidByTransfer(request: Pick<DeskReturn, 'kind' | 'payment_method'>): boolean {
  return request.kind === 'buyback' || request.payment_method === 'cod';
}

/** The steps the server says may come next, as the desk offers them. */
function nextSteps(request: DeskReturn): DeskStatus[] {
  return request.next_statuses.filter((status): status is DeskStatus => (DESK_STATUSES as readonly string[]).includes(status));
}

/**
 * One return, exchange or buy-back at the desk: the order and the shopper, the pieces with the
 * HUIDs they were sold with (and read back at inspection), the photos, the reason, the pick-up,
 * the timeline, and the next steps its status allows (rules/returns.ts), each asked in a dialog:
 * approve, reject with a reason, picked up with the courier and tracking number, received,
 * inspected with each piece's HUID, and refunded or credited. The amount is the server's: sent
 * without one, the step answers 409 with the amount the policy gives, shown to be confirmed.
 */
export function ReturnDetailScreen({ r_id }: { r_id: number }) {
  const [request, setRequest] = useState<DeskReturn | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'missing' | 'failed'>('loading');
  const [step, setStep] = useState<DeskStatus | null>(null);
  const mayHandle = useMay('returns.manage') === true;

  const load = useCallback(async () => {
    setState((current) => (current === 'ready' ? current : 'loading'));
    try {
      const answer = await api.get('/getreturndetail/{r_id}', { r_id });
      if (answer.status === 1 && answer.data) {
        setRequest(answer.data);
        setState('ready');
      } else setState('missing');
    } catch {
      setState('failed');
    }
  }, [r_id]);

  useEffect(() => {
    void load();
  }, [load]);

  const title = `Return #${r_id}`;
  const back = (
    <Link href="/admin/returns" className="btn btn--ghost btn--small">
      Back to returns
    </Link>
  );

  if (state !== 'ready' || !request) {
    return (
      <Screen title={title} actions={back}>
        <div className="admin-card">
          <div className="admin-card__body">
            {state === 'failed' ? <LoadFailure noun="return" onRetry={() => void load()} /> : state === 'missing' ? <p className="admin-empty">There is no return #{r_id}.</p> : <p className="admin-empty">Loading…</p>}
          </div>
        </div>
      </Screen>
    );
  }

  const next = mayHandle ? nextSteps(request) : [];
  const currency = request.currency;
  return (
    <Screen title={title} lead={`${RETURN_KIND_LABELS[request.kind]} asked on ${formatDateTime(request.createdAt)}`} actions={back}>
      <div className="admin-order admin-return">
        <div className="admin-card admin-order__status">
          <div className="admin-card__body admin-order__status-body">
            <div>
              <p className="admin-order__label">Status</p>
              <ReturnStatusBadge status={request.status} />
            </div>
            <div>
              <p className="admin-order__label">Order</p>
              <Link href={`/admin/orders/${request.o_id}`} className="admin-cell-strong">
                #{request.o_id}
              </Link>
            </div>
            <div>
              <p className="admin-order__label">{request.refund_amount !== null ? (request.kind === 'exchange' ? 'Credited' : 'Paid') : request.buyback_quote ? 'Quoted when asked' : 'By the policy now'}</p>
              <strong className="admin-order__total" data-testid="return-amount">
                {request.refund_amount === null && request.buyback_quote ? <span className="admin-num">{formatOrderMoney(request.buyback_quote.payout, request.currency)}</span> : <ReturnAmount row={request} />}
              </strong>
            </div>
          </div>
          {next.length > 0 && (
            <div className="admin-card__body admin-return__next" role="group" aria-label="Next steps">
              {next.map((status) => (
                <button key={status} type="button" className={`btn btn--small${STEPS[status].danger ? ' btn--ghost admin-btn--danger-ghost' : ''}`} onClick={() => setStep(status)}>
                  {status === 'refunded' && request.kind === 'buyback' ? 'Pay the buy-back' : STEPS[status].action}
                </button>
              ))}
            </div>
          )}
        </div>

        <div className="admin-order__grid">
          <Card id="return-customer" title="Customer">
            <dl className="admin-facts admin-card__body">
              <dt>Name</dt>
              <dd>{request.customer_name || 'N/A'}</dd>
              <dt>Phone</dt>
              <dd className="admin-num">{request.phone_number ? formatPhone(request.phone_number) : 'N/A'}</dd>
              <dt>E-mail</dt>
              <dd>{request.order.email ? <a href={`mailto:${request.order.email}`}>{request.order.email}</a> : 'N/A'}</dd>
              <dt>Reason</dt>
              <dd>{request.reason_text}</dd>
              <dt>In their words</dt>
              <dd>{request.note || '—'}</dd>
            </dl>
          </Card>
          <Card id="return-order" title="Order">
            <dl className="admin-facts admin-card__body">
              <dt>Paid by</dt>
              <dd>{request.order.payment_method === 'online' ? 'Online payment' : request.order.payment_method === 'store_credit' ? 'Store credit (all of it)' : 'Cash on delivery'}</dd>
              <dt>Total</dt>
              <dd className="admin-num">{formatOrderMoney(request.order.total, currency)}</dd>
              <dt>Delivered</dt>
              <dd>{formatDate(request.order.deliveredAt)}</dd>
              <dt>Invoice</dt>
              <dd className="admin-num">{request.order.invoice_no ?? '—'}</dd>
            </dl>
          </Card>
          <Card id="return-pickup" title="Pick-up and payment">
            <dl className="admin-facts admin-card__body">
              <dt>Courier</dt>
              <dd>{request.courier_name || '—'}</dd>
              <dt>Tracking</dt>
              <dd className="admin-num">{request.tracking_number || '—'}</dd>
              {request.kind === 'buyback' ? (
                <>
                  <dt>Buy-back quote</dt>
                  <dd data-testid="return-buyback-quote">{request.buyback_quote?.words ?? 'None kept: the pieces are valued at today’s rate when paid.'}</dd>
                </>
              ) : null}
              <dt>Paid out</dt>
              <dd>{payoutText(request)}</dd>
              <dt>Credit note</dt>
              <dd className="admin-num">{request.credit_note_no ? <CreditNoteLink r_id={request.r_id} credit_note_no={request.credit_note_no} /> : '—'}</dd>
            </dl>
          </Card>
        </div>

        <Card id="return-items" title={`Pieces asked back (${piecesText(request.items)})`}>
          <div className="admin-card__body">
            <ReturnPieces request={request} />
          </div>
        </Card>

        <Card id="return-photos" title={`Shopper’s photos (${request.photos.length})`}>
          <div className="admin-card__body">
            {request.photos.length ? <PrivatePhotos photos={request.photos} label={`Return #${request.r_id}`} size={120} /> : <p className="admin-hint">The shopper attached no photos.</p>}
          </div>
        </Card>

        <Card id="return-history" title="Timeline">
          <div className="admin-card__body">
            <ol className="admin-timeline">
              {request.timeline.map((event, index) => (
                <li key={index} className={`admin-timeline__item admin-return-event--${event.status}`}>
                  <p className="admin-timeline__what">{RETURN_STATUS_LABELS[event.status]}</p>
                  <p className="admin-timeline__meta">
                    <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time> · {actorLabel(event)}
                  </p>
                  {event.note && <p className="admin-timeline__note">{event.note}</p>}
                </li>
              ))}
            </ol>
          </div>
        </Card>
      </div>

      {step && (
        <StepDialog
          request={request}
          to={step}
          onClose={() => setStep(null)}
          onDone={() => {
            setStep(null);
            void load();
          }}
        />
      )}
    </Screen>
  );
}

/** How the money went out: through the provider (due until it accepts), by transfer with its reference, or as store credit. */
function payoutText(request: DeskReturn): string {
  switch (request.payout_method) {
    case 'online':
      return request.payout_status === 'due' ? 'Refund asked of the payment provider' : 'Refunded through the payment provider';
    case 'bank':
      return `Bank transfer ${request.payout_reference ?? ''}`.trim();
    case 'upi':
      return `UPI transfer ${request.payout_reference ?? ''}`.trim();
    case 'store_credit':
      return 'Store credit';
    default:
      return '—';
  }
}

/** The credit note's number, opening its PDF. */
function CreditNoteLink({ r_id, credit_note_no }: { r_id: number; credit_note_no: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="admin-text-btn"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const problem = await openCreditNote(r_id, credit_note_no);
        setBusy(false);
        if (problem) toast.error(problem);
      }}
    >
      {credit_note_no}
    </button>
  );
}

/** The pieces asked back: each line, how many, its price then, what the policy gives back for it, and the HUIDs read at inspection. */
function ReturnPieces({ request }: { request: DeskReturn }) {
  const figures = new Map((request.estimate?.lines ?? []).map((line) => [line.oi_id, line]));
  return (
    <table className="admin-table admin-return__pieces">
      <thead>
        <tr>
          <th scope="col">Piece</th>
          <th scope="col">Quantity</th>
          <th scope="col">Price each</th>
          <th scope="col">Gives back</th>
          <th scope="col">HUID read at inspection</th>
        </tr>
      </thead>
      <tbody>
        {request.items.map((item) => {
          const figure = figures.get(item.oi_id);
          return (
            <tr key={item.oi_id}>
              <td className="admin-cell-strong" data-label="Piece">
                {item.product_name}
                <span className="admin-cell-muted admin-block">{[item.carat_name, item.size_name].filter(Boolean).join(' · ')}</span>
              </td>
              <td className="admin-num" data-label="Quantity">
                {item.quantity}
              </td>
              <td className="admin-num" data-label="Price each">
                {formatOrderMoney(item.unit_price, request.currency)}
              </td>
              <td className="admin-num" data-label="Gives back">
                {figure ? `${formatOrderMoney(figure.value, request.currency)}${figure.percent === 100 ? '' : ` (${figure.percent}%)`}` : '—'}
              </td>
              <td className="admin-num" data-label="HUID read">
                <span className="admin-huid-text">{item.huids.join(', ') || '—'}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
      {request.estimate && (request.estimate.return_shipping > 0 || request.estimate.shipping_refunded > 0) ? (
        <tfoot>
          {request.estimate.shipping_refunded > 0 ? (
            <tr>
              <td colSpan={3}>Shipping refunded</td>
              <td className="admin-num">{formatOrderMoney(request.estimate.shipping_refunded, request.currency)}</td>
              <td />
            </tr>
          ) : null}
          {request.estimate.return_shipping > 0 ? (
            <tr>
              <td colSpan={3}>Return shipping, paid by the shopper</td>
              <td className="admin-num">− {formatOrderMoney(request.estimate.return_shipping, request.currency)}</td>
              <td />
            </tr>
          ) : null}
        </tfoot>
      ) : null}
    </table>
  );
}

/** The 409 that asks for the amount first: what the policy gives back, to be confirmed. */
function amountAsked(data: unknown): number | null {
  const amount = typeof data === 'object' && data !== null ? (data as { refund_amount?: unknown }).refund_amount : undefined;
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : null;
}

/**
 * One step in a dialog: what it does, then what it needs (a reason to reject, the courier and
 * tracking number, each piece's HUID, the transfer made for a cash order), then the server. A
 * refund or credit first asks the server for the amount (409 data.refund_amount) and shows it;
 * the second yes sends that amount, so two people confirming at once pay once.
 */
function StepDialog({ request, to, onClose, onDone }: { request: DeskReturn; to: DeskStatus; onClose: () => void; onDone: () => void }) {
  const step = STEPS[to];
  const [note, setNote] = useState('');
  const [courier, setCourier] = useState(request.courier_name ?? '');
  const [tracking, setTracking] = useState(request.tracking_number ?? '');
  const [huids, setHuids] = useState<Record<number, string[]>>(() => Object.fromEntries(request.items.map((item) => [item.oi_id, Array.from({ length: item.quantity }, () => '')])));
  const [payout, setPayout] = useState<'bank' | 'upi'>('upi');
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const paying = to === 'refunded' || to === 'credited';
  const transfer = to === 'refunded' && paidByTransfer(request);

  const check = (): string | null => {
    if (to === 'rejected' && !note.trim()) return 'Say why the request is rejected: the shopper reads it.';
    if (to === 'picked_up' && (!courier.trim() || !tracking.trim())) return 'Enter the courier and the tracking number of the pick-up.';
    if (to === 'inspected') {
      const typed = Object.values(huids).flat();
      if (typed.some((value) => !normaliseHuid(value))) return `${HUID_MESSAGE} Enter one for every piece.`;
    }
    if (transfer && amount !== null && !reference.trim()) return `Enter the reference of the ${payout === 'upi' ? 'UPI' : 'bank'} transfer you made.`;
    return null;
  };

  const send = async () => {
    const wrong = check();
    setProblem(wrong);
    if (wrong) return;
    const body: StatusChange = { r_id: request.r_id, status: to };
    if (note.trim()) body.note = note.trim();
    if (to === 'picked_up') {
      body.courier_name = courier.trim();
      body.tracking_number = tracking.trim();
    }
    if (to === 'inspected') body.huids = request.items.flatMap((item) => (huids[item.oi_id] ?? []).map((value) => normaliseHuid(value) ?? value.trim()));
    if (paying && amount !== null) {
      body.refund_amount = amount;
      if (transfer) {
        body.payout_method = payout;
        body.payout_reference = reference.trim();
      }
    }
    setBusy(true);
    try {
      const answer = await api.put('/updatereturnstatus', body);
      const asked = answer.status === 1 ? null : amountAsked(answer.data);
      if (answer.status === 1) {
        toast.success(answer.description);
        onDone();
      } else if (paying && asked !== null && asked !== amount) {
        // First ask (or the amount changed since): show it, to be confirmed.
        setAmount(asked);
      } else setProblem(answer.description || 'The step could not be saved.');
    } catch {
      setProblem('The store could not be reached. Nothing was changed.');
    } finally {
      setBusy(false);
    }
  };

  const buyback = request.kind === 'buyback' && to === 'refunded';
  const payVerb = to === 'credited' ? 'Credit' : buyback ? 'Pay' : 'Refund';
  const confirmLabel = paying ? (amount === null ? 'Work out the amount' : `${payVerb} ${formatOrderMoney(amount, request.currency)}`) : step.action;
  // A buy-back is the shop buying the gold back, not money given back for a purchase.
  const title = buyback ? 'Pay the buy-back' : step.title;
  return (
    <ConfirmDialog title={title} message={step.says(request)} confirmLabel={busy ? 'Saving…' : confirmLabel} onConfirm={() => void send()} onCancel={onClose} busy={busy} danger={step.danger}>
      <div className="admin-return__step">
        {paying && amount !== null && (
          <p className="admin-return__amount" data-testid="return-confirm-amount">
            {request.kind === 'buyback' ? (request.buyback_quote ? 'Buy-back payout at the rate quoted when it was asked' : 'Buy-back payout at today’s rate') : `${to === 'credited' ? 'Store credit' : 'Refund'} by the shop’s policy`}: <strong className="admin-num">{formatOrderMoney(amount, request.currency)}</strong>
          </p>
        )}
        {to === 'picked_up' && (
          <>
            <TextField id="return-courier" label="Courier" required value={courier} maxLength={100} onValue={setCourier} />
            <TextField id="return-tracking" label="Tracking number" required value={tracking} maxLength={100} onValue={setTracking} />
          </>
        )}
        {to === 'inspected' && (
          <div className="admin-huid">
            <HuidPieces
              lines={request.items.map((item) => ({ key: item.oi_id, name: item.product_name, detail: [item.carat_name, `Qty ${item.quantity}`].filter(Boolean).join(' · '), label: item.product_name }))}
              values={huids}
              disabled={busy}
              onChange={(oi_id, piece, value) => setHuids((current) => ({ ...current, [oi_id]: (current[oi_id] ?? []).map((v, i) => (i === piece ? value : v)) }))}
            />
          </div>
        )}
        {transfer && amount !== null && (
          <>
            <div className="field">
              <label htmlFor="return-payout">Paid by</label>
              <select id="return-payout" value={payout} onChange={(event) => setPayout(event.target.value === 'bank' ? 'bank' : 'upi')}>
                <option value="upi">UPI transfer</option>
                <option value="bank">Bank transfer</option>
              </select>
            </div>
            <TextField id="return-reference" label="Transfer reference" required value={reference} maxLength={100} onValue={setReference} />
          </>
        )}
        <TextField
          multiline
          id="return-note"
          label={to === 'rejected' ? 'Reason' : 'Note'}
          required={to === 'rejected'}
          hint={to === 'rejected' ? 'The shopper reads this.' : 'Goes into the request’s timeline.'}
          value={note}
          maxLength={NOTE_MAX}
          rows={3}
          onValue={setNote}
        />
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
