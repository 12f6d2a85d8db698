import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../rules/dates.ts';
import { MAX_RETURN_PHOTOS, RETURN_PHOTO_TYPES } from '../../../rules/return-photos.ts';
import { formatMoney } from '../../../rules/money.ts';
import { RETURN_KIND_LABELS, RETURN_STATUS_LABELS, returnProgress } from '../../../rules/returns.ts';
import { api, type ResponseData } from '../../lib/api/client.ts';
import { openCreditNote } from '../../lib/credit-note.ts';
import { toast } from '../../stores/toast.ts';
import { Icon } from '../../components/Icon.tsx';
import { PrivatePhotos } from '../../components/PrivatePhoto.tsx';
import { ConfirmDialog } from '../Dialog.tsx';
import { LineThumb, Skeleton } from '../parts.tsx';
import { fitPhotos, sendPhotos } from './return-photos.ts';
import './returns.css';

/** One of the shopper's requests (GET /getreturns). */
export type MyReturn = NonNullable<ResponseData<'/getreturns', 'get'>>[number];

/**
 * My Returns (issue 36): each return, exchange or buy-back the shopper asked for, newest first,
 * with its pieces, where it stands (the steps to the refund or credit, and every change with
 * its time and the shop's words, a rejection's reason included), the amount once it is known,
 * and Withdraw until the courier has picked the pieces up.
 */
export function MyReturns() {
  const [returns, setReturns] = useState<MyReturn[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [withdrawing, setWithdrawing] = useState<MyReturn | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    setFailed(false);
    try {
      const answer = await api.get('/getreturns');
      if (answer.status === 1 && Array.isArray(answer.data)) setReturns(answer.data);
      else setFailed(true);
    } catch {
      setFailed(true);
    }
  };
  useEffect(() => {
    void load();
  }, []);

  const withdraw = async (request: MyReturn) => {
    setBusy(true);
    try {
      const answer = await api.put('/withdrawreturn', { r_id: request.r_id });
      if (answer.status === 1) {
        toast.success(answer.description);
        setWithdrawing(null);
        await load();
      } else toast.error(answer.description || 'The request could not be withdrawn.');
    } catch {
      toast.error('The store could not be reached. Nothing was changed.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="returns-title" className="returns-panel">
      <h2 id="returns-title">My Returns</h2>
      {failed ? (
        <div className="journey-empty">
          <p>We could not load your returns.</p>
          <button type="button" className="btn" onClick={() => void load()}>
            Try Again
          </button>
        </div>
      ) : returns === null ? (
        <Skeleton height={260} label="Loading your returns…" />
      ) : returns.length === 0 ? (
        <div className="journey-empty">
          <Icon name="shield" size={40} />
          <h3>No returns</h3>
          <p>To return or exchange a piece, open Order History and choose “Return or exchange” on a delivered order.</p>
        </div>
      ) : (
        <ul className="orders">
          {returns.map((request) => (
            <ReturnCard key={request.r_id} request={request} onWithdraw={() => setWithdrawing(request)} onPhotosAdded={() => void load()} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        title={withdrawing ? `Withdraw return #${withdrawing.r_id}?` : 'Withdraw this request?'}
        message={<p>The request is closed and the pieces stay yours. You may ask again while the return window is open.</p>}
        confirmLabel="Withdraw Request"
        cancelLabel="Keep Request"
        danger
        busy={busy}
        onConfirm={() => withdrawing && void withdraw(withdrawing)}
        onCancel={() => setWithdrawing(null)}
      />
    </section>
  );
}

function ReturnCard({ request, onWithdraw, onPhotosAdded }: { request: MyReturn; onWithdraw: () => void; onPhotosAdded: () => void }) {
  const steps = returnProgress(request.status, request.kind);
  const at = steps.indexOf(request.status);
  // Where the request stands: the steps up to its status done, the status itself current.
  const ended = request.status === 'rejected' || request.status === 'withdrawn';
  return (
    <li className="order" data-testid="return">
      <div className="order__head">
        <div>
          <span>Return</span>
          <strong>#{request.r_id}</strong>
        </div>
        <div>
          <span>Order</span>
          <strong>#{request.o_id}</strong>
        </div>
        <div>
          <span>Asked for</span>
          <strong>{RETURN_KIND_LABELS[request.kind]}</strong>
        </div>
        <div>
          <span>Status</span>
          <strong>
            <span className={`status-pill return-pill return-pill--${request.status}`} data-testid="return-status">
              {RETURN_STATUS_LABELS[request.status]}
            </span>
          </strong>
        </div>
        {request.refund_amount !== null ? (
          <div>
            <span>{request.kind === 'exchange' ? 'Store credit' : request.kind === 'buyback' ? 'Paid to you' : 'Refund'}</span>
            <strong data-testid="return-amount">{formatMoney(request.refund_amount, request.currency, { cents: true })}</strong>
          </div>
        ) : request.estimate && !ended ? (
          <div>
            <span>{request.kind === 'exchange' ? 'Store credit of about' : 'Refund of about'}</span>
            <strong>{formatMoney(request.estimate.refund, request.currency, { cents: true })}</strong>
          </div>
        ) : null}
      </div>
      <ul className="order__items">
        {request.items.map((item) => (
          <li key={item.oi_id}>
            <LineThumb images={item.product_image ? [{ imageUrl: item.product_image }] : []} size={56} />
            <span>
              <strong>{item.product_name}</strong>
              <small>{[item.carat_name, item.size_name, `Qty ${item.quantity}`].filter(Boolean).join(' · ')}</small>
            </span>
            <span className="num">{formatMoney(item.unit_price * item.quantity, request.currency, { cents: true })}</span>
          </li>
        ))}
      </ul>
      {request.photos.length || request.status === 'requested' ? (
        <div className="return-card-photos">
          <h3>Your photos</h3>
          {request.photos.length ? <PrivatePhotos photos={request.photos} label={`Return #${request.r_id}`} size={64} /> : <p className="returns-muted">None yet: photos of the pieces help the shop review your request.</p>}
          {request.status === 'requested' && request.photos.length < MAX_RETURN_PHOTOS ? <AddPhotos request={request} onAdded={onPhotosAdded} /> : null}
        </div>
      ) : null}
      {ended ? null : (
        <ol className="return-steps" aria-label="Where it stands">
          {steps.map((step, index) => (
            <li key={step} className={index <= at ? 'is-done' : undefined} aria-current={index === at ? 'step' : undefined}>
              {RETURN_STATUS_LABELS[step]}
            </li>
          ))}
        </ol>
      )}
      <ol className="return-timeline" aria-label={`Timeline of return #${request.r_id}`}>
        {request.timeline.map((event, index) => (
          <li key={index}>
            <strong>{RETURN_STATUS_LABELS[event.status]}</strong> <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
            {event.note ? <p>{event.note}</p> : null}
          </li>
        ))}
      </ol>
      <div className="order__foot">
        <p>
          Reason: {request.reason_text}
          {request.note ? ` · “${request.note}”` : ''}
          {request.courier_name ? ` · Picked up by ${request.courier_name}${request.tracking_number ? `, tracking ${request.tracking_number}` : ''}` : ''}
        </p>
        {request.withdrawable || request.credit_note_no ? (
          <div>
            {request.credit_note_no ? <CreditNoteButton r_id={request.r_id} credit_note_no={request.credit_note_no} /> : null}
            {request.withdrawable ? (
              <button type="button" className="btn btn--ghost btn--small" onClick={onWithdraw}>
                Withdraw
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** Adds photos to a request still waiting for review (up to five in all), saying which did not go and why. */
function AddPhotos({ request, onAdded }: { request: MyReturn; onAdded: () => void }) {
  const [busy, setBusy] = useState(false);
  const add = async (files: FileList | null) => {
    const { fit, refused } = fitPhotos(files, MAX_RETURN_PHOTOS - request.photos.length);
    setBusy(true);
    const failures = [...refused, ...(fit.length ? await sendPhotos(request.r_id, fit) : [])];
    setBusy(false);
    const added = fit.length - (failures.length - refused.length);
    if (added > 0) toast.success(`${added === 1 ? 'Photo' : `${added} photos`} added to return #${request.r_id}.`);
    if (failures.length) toast.error(`Not added: ${failures.join(' ')}`);
    if (added > 0) onAdded();
  };
  return (
    <label className="btn btn--ghost btn--small return-photo-pick">
      {busy ? 'Adding…' : `Add photos (up to ${MAX_RETURN_PHOTOS - request.photos.length} more)`}
      <input
        type="file"
        accept={RETURN_PHOTO_TYPES.join(',')}
        multiple
        className="visually-hidden"
        disabled={busy}
        onChange={(e) => {
          void add(e.target.files);
          e.target.value = '';
        }}
      />
    </label>
  );
}

/** The GST credit note of a refund or credit, as a PDF. */
function CreditNoteButton({ r_id, credit_note_no }: { r_id: number; credit_note_no: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn--ghost btn--small"
      disabled={busy}
      data-testid="return-credit-note"
      onClick={async () => {
        setBusy(true);
        const problem = await openCreditNote(r_id, credit_note_no);
        setBusy(false);
        if (problem) toast.error(problem);
      }}
    >
      Credit note {credit_note_no}
    </button>
  );
}
