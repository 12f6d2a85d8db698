/**
 * Reviews: shoppers' product reviews, the home page's testimonials (written in the
 * back office, no product) and the slider images shown beside them.
 */

import { ORDER_STATUS } from '../../rules/orders.ts';
import type { DB } from '../connection.ts';
import { isoTimestamp } from '../time.ts';
import { writeTransaction } from '../transaction.ts';

/** A review as the API answers it (storefront.md §3). */
export interface ReviewView {
  r_id: number;
  u_id: number | null;
  u_name: string;
  /** null for a testimonial. */
  p_id: number | null;
  message: string;
  /** 1 to 5. */
  rating: number;
  /** File names in the Reviews media folder. */
  images: string[];
  /** The first image's file name (what the carousel shows), or null. */
  review_image: string | null;
  /** ISO 8601, UTC. */
  createdAt: string;
}

export interface SliderImageView {
  s_id: number;
  /** File name in the Sliders media folder. */
  image: string;
  /** The banner's words, shown over the picture as text; null when it has none. */
  eyebrow?: string | null;
  headline?: string | null;
  subline?: string | null;
}

export interface ProductReviews {
  reviews: ReviewView[];
  count: { avg_rating: number; total: number };
}

/** Loads reviews with their images (one query for all images). */
async function reviewViews(db: DB, rows: { r_id: number; u_id: number | null; u_name: string; p_id: number | null; message: string; rating: number; created_at: string }[]): Promise<ReviewView[]> {
  if (rows.length === 0) return [];
  const images = await db
    .selectFrom('review_images')
    .select(['r_id', 'file_name'])
    .where(
      'r_id',
      'in',
      rows.map((r) => r.r_id),
    )
    .orderBy('r_id')
    .orderBy('position')
    .orderBy('ri_id')
    .execute();
  const imagesOf = Map.groupBy(images, (image) => image.r_id);
  return rows.map((r) => {
    const files = (imagesOf.get(r.r_id) ?? []).map((image) => image.file_name);
    return {
      r_id: r.r_id,
      u_id: r.u_id,
      u_name: r.u_name,
      p_id: r.p_id,
      message: r.message,
      rating: r.rating,
      images: files,
      review_image: files[0] ?? null,
      createdAt: isoTimestamp(r.created_at),
    };
  });
}

const REVIEW_COLUMNS = ['r_id', 'u_id', 'u_name', 'p_id', 'message', 'rating', 'created_at'] as const;

/** The home page slider images, in their order. */
export function sliderImages(db: DB): Promise<SliderImageView[]> {
  return db.selectFrom('slider_images').select(['s_id', 'image', 'eyebrow', 'headline', 'subline']).orderBy('position').orderBy('s_id').execute();
}

/** The home page's Customer Love carousel: testimonials written in the back office, newest first. */
export async function testimonials(db: DB): Promise<ReviewView[]> {
  const rows = await db
    .selectFrom('reviews')
    .select(REVIEW_COLUMNS)
    .where('p_id', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('r_id', 'desc')
    .execute();
  return reviewViews(db, rows);
}

/** Every review, testimonials and product reviews alike, newest first (the back office list). */
export async function allReviews(db: DB): Promise<ReviewView[]> {
  const rows = await db
    .selectFrom('reviews')
    .select(REVIEW_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('r_id', 'desc')
    .execute();
  return reviewViews(db, rows);
}

/** A product's reviews, newest first, with their count and average rating (one decimal, 0 when none). */
export async function productReviews(db: DB, p_id: number): Promise<ProductReviews> {
  const [rows, stats] = await Promise.all([
    db
      .selectFrom('reviews')
      .select(REVIEW_COLUMNS)
      .where('p_id', '=', p_id)
      .orderBy('created_at', 'desc')
      .orderBy('r_id', 'desc')
      .execute(),
    db
      .selectFrom('reviews')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>('rating').as('sum')])
      .where('p_id', '=', p_id)
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(stats.total);
  // Averaged from the integer sum so the answer is exact to one decimal.
  const avg_rating = total ? Math.round((Number(stats.sum) * 10) / total) / 10 : 0;
  return { reviews: await reviewViews(db, rows), count: { avg_rating, total } };
}

/** One review with its images. */
export async function getReview(db: DB, r_id: number): Promise<ReviewView | undefined> {
  const rows = await db.selectFrom('reviews').select(REVIEW_COLUMNS).where('r_id', '=', r_id).execute();
  const [review] = await reviewViews(db, rows);
  return review;
}

/** Whether a product exists (listed or not): a review names one. */
export async function productExists(db: DB, p_id: number): Promise<boolean> {
  const product = await db.selectFrom('products').select('p_id').where('p_id', '=', p_id).executeTakeFirst();
  return product !== undefined;
}

/** Whether this user has a delivered order holding this product. */
export async function hasBought(db: DB, u_id: number, p_id: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.o_id', 'oi.o_id')
    .select('oi.oi_id')
    .where('o.u_id', '=', u_id)
    .where('oi.p_id', '=', p_id)
    // Reviewed once it has arrived: not while pending or on its way, never when cancelled.
    .where('o.status', '=', ORDER_STATUS.delivered)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether this user already reviewed this product. */
export async function hasReviewed(db: DB, u_id: number, p_id: number): Promise<boolean> {
  const row = await db.selectFrom('reviews').select('r_id').where('u_id', '=', u_id).where('p_id', '=', p_id).executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores a shopper's review and its images in one transaction; answers the new
 * r_id, or null when this user has reviewed this product already (the unique
 * index decides, so two racing submissions store one review).
 */
export async function addProductReview(
  db: DB,
  review: { u_id: number; u_name: string; p_id: number; message: string; rating: number; images: string[] },
): Promise<number | null> {
  return writeTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('reviews')
      .values({ u_id: review.u_id, u_name: review.u_name, p_id: review.p_id, message: review.message, rating: review.rating })
      .onConflict((oc) => oc.columns(['u_id', 'p_id']).where('p_id', 'is not', null).doNothing())
      .returning('r_id')
      .executeTakeFirst();
    if (!row) return null;
    if (review.images.length) {
      await trx
        .insertInto('review_images')
        .values(review.images.map((file_name, position) => ({ r_id: row.r_id, file_name, position })))
        .execute();
    }
    return row.r_id;
  });
}
