import { type FormEvent, useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatDateTime } from '../../../rules/dates.ts';
import { MAX_RETURN_PHOTO_BYTES, MAX_RETURN_PHOTOS, RETURN_PHOTO_TYPES } from '../../../rules/return-photos.ts';
import { formatMoney } from '../../../rules/money.ts';
import { ORDER_STATUS } from '../../../rules/orders.ts';
import { isReturnReason } from '../../../rules/returns.ts';
import { api, type ResponseData } from '../../lib/api/client.ts';
import type { Order } from '../../lib/orders.ts';
import { showView } from '../../stores/account.ts';
import { toast } from '../../stores/toast.ts';
import { Dialog } from '../Dialog.tsx';
import { LineThumb } from '../parts.tsx';
import { fitPhotos, sendPhotos } from './return-photos.ts';
import './returns.css';

type Policy = NonNullable<ResponseData<'/getshoppolicy', 'get'>>;
type Options = NonNullable<ResponseData<'/returnoptions/{o_id}', 'get'>>;

/** The most the shopper's own words may say (POST /requestreturn note). */
const NOTE_MAX = 1000;

/** A photo chosen for the request, shown from its blob: URL until sent. */
interface ChosenPhoto {
  file: File;
  preview: string;
}

/**
 * "Return or exchange" on a delivered order while a refund or exchange may still be asked
 * (the server's GET /returnoptions: the window after delivery, pieces not yet asked back); it
 * opens the request. Past the window nothing shows here: selling the gold back is in My Gold Today.
 */
export function ReturnButton({ order }: { order: Order }) {
  const delivered = order.status === ORDER_STATUS.delivered;
  const [options, setOptions] = useState<Options | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!delivered) return;
    void api
      .get('/returnoptions/{o_id}', { o_id: order.o_id })
      .then((answer) => setOptions(answer.status === 1 && answer.data ? answer.data : null))
      .catch(() => setOptions(null));
  }, [delivered, order.o_id]);
  const offered = options !== null && options.refusal === null && options.kinds.some((kind) => kind !== 'buyback') && options.lines.some((line) => line.returnable_quantity > 0);
  if (!delivered || !options || !offered) return null;
  return (
    <>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setOpen(true)}>
        Return or exchange
      </button>
      {/* Beside the page, not inside the order's footer, whose layout would reach into the form. */}
      {open ? createPortal(<ReturnRequest order={order} options={options} onClose={() => setOpen(false)} />, document.body) : null}
    </>
  );
}

/**
 * Asking to return or exchange pieces of a delivered order (issue 36): which pieces and how
 * many, a refund or store credit for an exchange, the reason from the shop's list and the
 * shopper's own words, with the shop's conditions and the window's end said first. Sent, the
 * request shows in My Returns with its state. The server checks it all again and says why in
 * words when it refuses.
 */
export function ReturnRequest({ order, options, onClose }: { order: Order; options: Options; onClose: () => void }) {
  const formId = useId();
  const [policy, setPolicy] = useState<Policy | null>(null);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [kind, setKind] = useState<'refund' | 'exchange'>('refund');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [photoNote, setPhotoNote] = useState<string | null>(null);
  /** The request was sent but some photos were not: said here until the shopper moves on. */
  const [unsent, setUnsent] = useState<{ r_id: number; failures: string[] } | null>(null);
  const reasons = options.reasons.filter((option) => option.key !== 'sell_gold');
  const images = new Map(order.orderItems.map((item) => [item.oi_id, item.product.images]));

  useEffect(() => {
    void api
      .get('/getshoppolicy')
      .then((answer) => answer.status === 1 && answer.data && setPolicy(answer.data))
      .catch(() => undefined);
  }, []);

  // A refusal said on Send goes once the shopper changes what it was about.
  useEffect(() => setProblem(null), [quantities, reason, kind]);

  // The previews' blob: URLs are released with the dialog.
  const previews = photos.map((photo) => photo.preview).join(' ');
  useEffect(() => () => previews.split(' ').filter(Boolean).forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const choosePhotos = (files: FileList | null) => {
    const { fit, refused } = fitPhotos(files, MAX_RETURN_PHOTOS - photos.length);
    setPhotoNote(refused.length ? refused.join(' ') : null);
    setPhotos((current) => [...current, ...fit.map((file) => ({ file, preview: URL.createObjectURL(file) }))]);
  };
  const removePhoto = (index: number) => {
    setPhotoNote(null);
    setPhotos((current) => {
      URL.revokeObjectURL(current[index].preview);
      return current.filter((_, i) => i !== index);
    });
  };
  const finished = () => {
    onClose();
    showView('returns');
  };

  const chosen = Object.entries(quantities).filter(([, quantity]) => quantity > 0);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = chosen.length === 0 ? 'Choose at least one piece to return.' : !isReturnReason(reason) ? 'Choose the reason for the return.' : null;
    setProblem(wrong);
    if (wrong || !isReturnReason(reason)) return;
    setBusy(true);
    try {
      const items = chosen.map(([oi_id, quantity]) => ({ oi_id: Number(oi_id), quantity }));
      const answer = await api.post('/requestreturn', { o_id: order.o_id, items, kind, reason, note: note.trim() });
      if (answer.status === 1 && answer.data) {
        // The photos go to the request once it exists (POST /addreturnphoto/{r_id}).
        const failures = photos.length ? await sendPhotos(answer.data.r_id, photos.map((photo) => photo.file)) : [];
        if (failures.length === 0) {
          toast.success(photos.length ? `${answer.description} ${photos.length === 1 ? 'Your photo was' : `All ${photos.length} photos were`} added.` : answer.description);
          finished();
        } else setUnsent({ r_id: answer.data.r_id, failures });
      } else setProblem(answer.description || 'Your request could not be sent.');
    } catch {
      setProblem('The store could not be reached. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open title={`Return or exchange: order #${order.o_id}`} onClose={busy ? () => undefined : unsent ? finished : onClose} className="dialog--wide return-dialog">
      {unsent ? (
        <div className="return-photo-failed" role="alert">
          <p>
            <strong>Return #{unsent.r_id} was requested</strong>, but{' '}
            {unsent.failures.length === photos.length ? (photos.length === 1 ? 'your photo was' : 'your photos were') : `${unsent.failures.length} of ${photos.length} photos ${unsent.failures.length === 1 ? 'was' : 'were'}`} not added:
          </p>
          <ul>
            {unsent.failures.map((failure, index) => (
              <li key={index}>{failure}</li>
            ))}
          </ul>
          <p>The request stands without them: you can add photos from My Returns while it waits for review.</p>
          <div className="dialog__actions">
            <button type="button" className="btn" onClick={finished}>
              Go to My Returns
            </button>
          </div>
        </div>
      ) : null}
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate hidden={unsent !== null}>
        <p className="returns-muted">
          {options.return_window_closes_at ? `You can ask until ${formatDateTime(options.return_window_closes_at)}. ` : ''}
          {policy ? policy.return_conditions : ''}
        </p>
        <fieldset className="return-pieces">
          <legend>Which pieces?</legend>
          <ul>
            {options.lines.map((line) => {
              const left = line.returnable_quantity;
              const quantity = quantities[line.oi_id] ?? 0;
              const note = left === 0 ? 'Already asked back' : line.non_returnable ? `${line.non_returnable[0].toUpperCase()}${line.non_returnable.slice(1)}: returned only if defective, damaged or not the piece ordered` : null;
              return (
                <li key={line.oi_id} className={left === 0 ? 'is-off' : undefined}>
                  <label>
                    <input
                      type="checkbox"
                      checked={quantity > 0}
                      disabled={left === 0 || busy}
                      onChange={(e) => setQuantities((current) => ({ ...current, [line.oi_id]: e.target.checked ? 1 : 0 }))}
                    />
                    <LineThumb images={images.get(line.oi_id) ?? []} size={48} />
                    <span>
                      <strong>{line.product_name}</strong>
                      <small>
                        {formatMoney(line.unit_price, options.currency, { cents: true })} each
                        {line.refund_percent < 100 ? ` · ${line.refund_percent}% refunded (${policy?.partial_refund_collection ?? 'partial-refund collection'})` : ''}
                      </small>
                      {note ? <small>{note}</small> : null}
                    </span>
                  </label>
                  {left > 1 && quantity > 0 ? (
                    <select aria-label={`How many of ${line.product_name}`} value={quantity} disabled={busy} onChange={(e) => setQuantities((current) => ({ ...current, [line.oi_id]: Number(e.target.value) }))}>
                      {Array.from({ length: left }, (_, i) => (
                        <option key={i + 1} value={i + 1}>
                          {i + 1}
                        </option>
                      ))}
                    </select>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
        <fieldset className="return-kind">
          <legend>What would you like?</legend>
          <label className="choice">
            <input type="radio" name="return-kind" checked={kind === 'refund'} disabled={busy} onChange={() => setKind('refund')} />
            <span>
              <strong>Refund</strong>
              <small>{policy ? `To your original payment, ${policy.refund_days_min} to ${policy.refund_days_max} business days after the pieces are inspected.` : 'To your original payment once the pieces are inspected.'}</small>
            </span>
          </label>
          {options.kinds.includes('exchange') ? (
            <label className="choice">
              <input type="radio" name="return-kind" checked={kind === 'exchange'} disabled={busy} onChange={() => setKind('exchange')} />
              <span>
                <strong>Exchange</strong>
                <small>The value as store credit, to pay toward a new piece at checkout.</small>
              </span>
            </label>
          ) : null}
        </fieldset>
        <div className="field">
          <label htmlFor={`${formId}-reason`}>Reason</label>
          <select id={`${formId}-reason`} value={reason} disabled={busy} onChange={(e) => setReason(e.target.value)} required>
            <option value="">Choose a reason</option>
            {reasons.map((option) => (
              <option key={option.key} value={option.key}>
                {option.text}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${formId}-note`}>
            In your words <span className="field-optional">(optional)</span>
          </label>
          <textarea id={`${formId}-note`} rows={3} maxLength={NOTE_MAX} value={note} disabled={busy} onChange={(e) => setNote(e.target.value)} />
        </div>
        <fieldset className="return-photos">
          <legend>
            Photos of the pieces <span className="field-optional">(optional, up to {MAX_RETURN_PHOTOS})</span>
          </legend>
          <p className="returns-muted" id={`${formId}-photos-hint`}>
            JPEG, PNG or WebP, up to {MAX_RETURN_PHOTO_BYTES / (1024 * 1024)} MB each. Only you and the shop can see them; the camera's location is removed.
          </p>
          {photos.length ? (
            <ul className="return-photo-previews">
              {photos.map((photo, index) => (
                <li key={photo.preview}>
                  <PhotoPreview photo={photo} label={`Photo ${index + 1}: ${photo.file.name}`} />
                  <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => removePhoto(index)} aria-label={`Remove photo ${index + 1} (${photo.file.name})`}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {photos.length < MAX_RETURN_PHOTOS ? (
            <label className="btn btn--ghost btn--small return-photo-pick">
              {photos.length ? 'Add more photos' : 'Choose photos'}
              <input
                type="file"
                accept={RETURN_PHOTO_TYPES.join(',')}
                multiple
                className="visually-hidden"
                aria-describedby={`${formId}-photos-hint`}
                disabled={busy}
                onChange={(e) => {
                  choosePhotos(e.target.files);
                  e.target.value = '';
                }}
              />
            </label>
          ) : null}
          {photoNote ? (
            <p className="field-error" role="alert">
              {photoNote}
            </p>
          ) : null}
        </fieldset>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Sending…' : 'Send Request'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A chosen photo's preview; a file the browser cannot show says so (the store judges its bytes when it is sent). */
function PhotoPreview({ photo, label }: { photo: ChosenPhoto; label: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <span className="return-photo-nopreview" role="img" aria-label={`${label}: no preview, it may not be a photo`}>
        No preview
      </span>
    );
  }
  return <img src={photo.preview} alt={label} width={72} height={72} onError={() => setBroken(true)} />;
}
