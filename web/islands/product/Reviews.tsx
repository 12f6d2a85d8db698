import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Stars } from '../../components/Stars.tsx';
import { imageSources } from '../../lib/media.ts';
import { $productReviews, loadProductReviews, type ProductReview } from '../../stores/reviews.ts';
import WriteReview from '../WriteReview.tsx';
import { formatDate } from '../../../rules/dates.ts';
import { reviewsShown } from './reviews-shown.ts';

export interface ReviewsSummary {
  reviews: ProductReview[];
  avg_rating: number;
  total: number;
}

/** The reviews on screen: the store's fresh ones for this product, else what the page was built with. */
export function useReviews(p_id: number, initial: ReviewsSummary | undefined): ReviewsSummary {
  const stored = useStore($productReviews);
  return stored && stored.p_id === p_id ? stored : initial ?? { reviews: [], avg_rating: 0, total: 0 };
}


/**
 * Customer Reviews (§2): average, count and the list. On a pre-rendered page the
 * island wakes only when needed (web/lib/product-page.ts initReviewsSection): on
 * interaction, for a logged-in shopper (the Write a Review button depends on
 * their orders), or when the API's reviews differ from the built ones; until then
 * a visitor is shown the login hint below, which needs no React.
 * `#write-review` is where the Write a Review button and modal mount (issue 6).
 */
export default function ProductReviews({ p_id, initial, load = true }: { p_id: number; initial?: ReviewsSummary; load?: boolean }) {
  const reviews = useReviews(p_id, initial);
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    if (load) void loadProductReviews(p_id);
  }, [p_id]);
  return (
    <section className="pd-section reviews" id="reviews" aria-labelledby="reviews-title" data-reviews-shown={reviewsShown(reviews)}>
      <div className="reviews__head">
        <div>
          <h2 id="reviews-title">Customer Reviews</h2>
          <p className="reviews__summary">
            <Stars rating={reviews.avg_rating} size={18} />
            <span>
              {reviews.total
                ? `${reviews.avg_rating.toFixed(1)} out of 5 · ${reviews.total} review${reviews.total === 1 ? '' : 's'}`
                : 'Be the first to review this piece'}
            </span>
          </p>
        </div>
        <div id="write-review" data-write-review={p_id}>
          {/* A visitor's hint before the island wakes (shown by the page script); once live, WriteReview says it. */}
          {live ? null : (
            <p className="field-hint" data-review-login-hint hidden>
              <a className="link" href="/login">
                Log in
              </a>{' '}
              to review a piece you bought.
            </p>
          )}
          <WriteReview p_id={p_id} />
        </div>
      </div>
      {reviews.reviews.length ? (
        <ul className="reviews__list">
          {reviews.reviews.map((review) => (
            <li key={review.r_id} className="review">
              <div className="review__top">
                <Stars rating={review.rating} />
                <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
              </div>
              <p className="review__message">{review.message}</p>
              {review.images.length ? (
                <div className="review__images">
                  {review.images.map((file) => (
                    <img key={file} {...imageSources('Reviews', file, 240, 240)} sizes="96px" width={96} height={96} alt={`Photo from ${review.u_name}`} loading="lazy" decoding="async" />
                  ))}
                </div>
              ) : null}
              <p className="review__name">{review.u_name}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
