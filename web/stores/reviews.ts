import { atom } from 'nanostores';
import { api } from '../lib/api/client.ts';

export interface ProductReview {
  r_id: number;
  u_name: string;
  message: string;
  rating: number;
  images: string[];
  review_image: string | null;
  createdAt: string;
}

export interface ProductReviewsState {
  p_id: number;
  reviews: ProductReview[];
  avg_rating: number;
  total: number;
}

/** The reviews of the product on screen: pre-rendered, then refreshed from POST /getuserreviews. */
export const $productReviews = atom<ProductReviewsState | null>(null);

/**
 * Re-reads a product's reviews and average (after load, and after a review is
 * written: the Write a Review modal calls this once the server accepts it).
 */
export async function loadProductReviews(p_id: number): Promise<void> {
  try {
    const answer = await api.post('/getuserreviews', { p_id });
    const data = answer.data as { reviews?: ProductReview[]; count?: { avg_rating?: number; total?: number } } | null;
    if (answer.status !== 1 || !data?.reviews) return;
    $productReviews.set({
      p_id,
      reviews: data.reviews,
      avg_rating: Number(data.count?.avg_rating ?? 0),
      total: Number(data.count?.total ?? data.reviews.length),
    });
  } catch {
    // The pre-rendered reviews stay.
  }
}

/** The line beside the stars under a product's name: average and count, as the reviews section says them. */
export function ratingSummaryText(summary: { avg_rating: number; total: number }): string {
  return summary.total ? `${summary.avg_rating.toFixed(1)} · ${summary.total} review${summary.total === 1 ? '' : 's'}` : 'No reviews yet';
}
