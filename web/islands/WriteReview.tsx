import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../components/Icon.tsx';
import { api } from '../lib/api/client.ts';
import { hasBought, type Order } from '../lib/orders.ts';
import { loadOrderDataOnce, refreshOrderData } from '../stores/orders.ts';
import { $productReviews, loadProductReviews } from '../stores/reviews.ts';
import { $user, getOrderData } from '../stores/session.ts';
import { toast } from '../stores/toast.ts';
import { Dialog } from './Dialog.tsx';
import { useSessionUser } from './parts.tsx';

/** Review photos at most (§5, §9). */
export const MAX_REVIEW_IMAGES = 2;
const RATING_AND_COMMENT = 'Please provide a rating and comment.';
const TOO_MANY_IMAGES = 'You can only select a maximum of 2 images.';

/**
 * Write a Review (§2, §4, §5) on a product page: offered to a buyer of the
 * product (from the stored order data: an order that is not cancelled holds it)
 * who has not reviewed it yet (from the product's reviews). The modal takes
 * 1-5 stars, a comment and up to 2 images; the new review shows at once.
 */
export default function WriteReview({ p_id }: { p_id: number }) {
  const user = useSessionUser();
  const reviews = useStore($productReviews);
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!user) return;
    let current = true;
    void (async () => {
      await loadOrderDataOnce();
      // Stored order data may predate an order placed since (on another device): ask again once.
      if (!hasBought(getOrderData<Order[]>(), p_id)) await refreshOrderData();
      if (current) setOrders(getOrderData<Order[]>() ?? []);
    })();
    return () => {
      current = false;
    };
  }, [user?.u_id, p_id]);

  if (user === undefined) return null;
  if (!user) {
    return (
      <p className="field-hint">
        <a className="link" href="/login">
          Log in
        </a>{' '}
        to review a piece you bought.
      </p>
    );
  }
  // Wait for both answers before offering anything, so nothing appears and then vanishes.
  if (orders === null || reviews?.p_id !== p_id) return null;
  const reviewed = reviews.reviews.some((r) => (r as { u_id?: number | null }).u_id === user.u_id);
  if (done || reviewed) return <p className="field-hint">Thank you for reviewing this piece.</p>;
  if (!hasBought(orders, p_id)) return <p className="field-hint">Bought this piece? You can review it after ordering.</p>;

  return (
    <>
      <button type="button" className="btn btn--ghost write-review" onClick={() => setOpen(true)}>
        <Icon name="star" size={16} /> Write a Review
      </button>
      <Dialog open={open} title="Write a Review" onClose={() => setOpen(false)} className="dialog--wide">
        {open ? (
          <ReviewForm
            p_id={p_id}
            onDone={() => {
              setOpen(false);
              setDone(true);
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function ReviewForm({ p_id, onDone }: { p_id: number; onDone: () => void }) {
  const [rating, setRating] = useState(0);
  const [hover, setHover] = useState(0);
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [previews, setPreviews] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const urls = files.map((file) => URL.createObjectURL(file));
    setPreviews(urls);
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, [files]);

  const pickFiles = (event: React.ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    if (picked.length > MAX_REVIEW_IMAGES) {
      setError(TOO_MANY_IMAGES);
      setFiles([]);
      event.target.value = '';
      return;
    }
    if (picked.some((file) => !file.type.startsWith('image/'))) {
      setError('Please choose image files only.');
      setFiles([]);
      event.target.value = '';
      return;
    }
    setError('');
    setFiles(picked);
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const user = $user.get();
    if (!user) return;
    if (rating < 1 || !message.trim()) {
      setError(RATING_AND_COMMENT);
      return;
    }
    setBusy(true);
    setError('');
    const form = new FormData();
    form.append('u_id', String(user.u_id));
    form.append('u_name', user.full_name);
    form.append('p_id', String(p_id));
    form.append('message', message.trim());
    form.append('rating', String(rating));
    for (const file of files) form.append('userReviewImages', file);
    try {
      const answer = await api.post('/adduserreviews', form);
      if (answer.status === 1) {
        toast.success(answer.description || 'Thank you for your review!');
        await loadProductReviews(p_id);
        onDone();
        return;
      }
      setError(answer.description || 'Your review could not be sent. Please try again.');
    } catch {
      setError('Your review could not be sent. Please check your connection and try again.');
    }
    setBusy(false);
  };

  const shown = hover || rating;
  return (
    <form noValidate onSubmit={submit} aria-busy={busy || undefined}>
      {error ? (
        <div className="alert" role="alert" data-testid="review-error">
          <p>{error}</p>
        </div>
      ) : null}
      <fieldset className="rating-input">
        <legend>Your rating</legend>
        <div className="rating-input__stars" onMouseLeave={() => setHover(0)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={n <= shown ? 'is-on' : undefined} onMouseEnter={() => setHover(n)}>
              <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} data-autofocus={n === 1 ? '' : undefined} />
              <Icon name="star" size={30} filled={n <= shown} />
              <span className="visually-hidden">
                {n} star{n === 1 ? '' : 's'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="review-message">Your review</label>
        <textarea id="review-message" name="message" rows={5} maxLength={2000} value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="review-images">Photos (up to 2)</label>
        <input ref={fileInput} id="review-images" name="userReviewImages" type="file" accept="image/*" multiple onChange={pickFiles} aria-describedby="review-images-hint" />
        <p className="field-hint" id="review-images-hint">
          JPG, PNG or WebP. At most {MAX_REVIEW_IMAGES} images.
        </p>
        {previews.length ? (
          <ul className="review-files" aria-label="Chosen photos">
            {previews.map((url, i) => (
              <li key={url}>
                <img src={url} alt={`Photo ${i + 1}`} width={72} height={72} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="dialog__actions">
        <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Sending…' : 'Submit Review'}
        </button>
      </div>
    </form>
  );
}
