/**
 * Back-office writes of what the home page shows beside the catalogue: the
 * Customer Love testimonials (reviews without a product, written by an
 * administrator) and the slider images with their banner words. Deleting a review works for any review,
 * a shopper's product review included (moderation).
 *
 * Refusals are thrown from inside the transaction, which rolls it back.
 */

import type { BannerWords } from '../../rules/banner.ts';
import { conflictError, notFoundError } from '../../rules/errors.ts';
import { recordChange } from '../audit.ts';
import type { DB } from '../connection.ts';
import { namedNowhere } from './admin-media.ts';
import { isoTimestamp } from '../time.ts';
import type { ReviewView, SliderImageView } from './reviews.ts';
import { writeTransaction } from '../transaction.ts';

export interface TestimonialDraft {
  u_name: string;
  message: string;
  rating: number;
}

function testimonialView(row: { r_id: number; u_id: number | null; u_name: string; message: string; rating: number; created_at: string }, images: string[]): ReviewView {
  return {
    r_id: row.r_id,
    u_id: row.u_id,
    u_name: row.u_name,
    p_id: null,
    message: row.message,
    rating: row.rating,
    images,
    review_image: images[0] ?? null,
    createdAt: isoTimestamp(row.created_at),
  };
}

const REVIEW_COLUMNS = ['r_id', 'u_id', 'u_name', 'message', 'rating', 'created_at'] as const;

/** Adds a testimonial written by administrator `u_id`, with its image. */
export function addTestimonial(db: DB, u_id: number, draft: TestimonialDraft, image: string): Promise<ReviewView> {
  return writeTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('reviews')
      .values({ u_id, p_id: null, ...draft })
      .returning(REVIEW_COLUMNS)
      .executeTakeFirstOrThrow();
    await trx.insertInto('review_images').values({ r_id: row.r_id, file_name: image, position: 0 }).execute();
    await recordChange(trx, { action: 'testimonial.add', entity: 'review', entity_id: row.r_id, after: { ...draft, images: [image] } });
    return testimonialView(row, [image]);
  });
}

/**
 * Edits a testimonial; a new image replaces the old ones. Answers the files no
 * longer named. A shopper's product review is refused: its words are theirs.
 */
export function updateTestimonial(
  db: DB,
  r_id: number,
  draft: TestimonialDraft,
  image: string | undefined,
): Promise<{ review: ReviewView; replacedImages: string[] }> {
  return writeTransaction(db, async (trx) => {
    const current = await trx.selectFrom('reviews').select(['r_id', 'p_id', 'u_name', 'message', 'rating']).where('r_id', '=', r_id).executeTakeFirst();
    if (!current) throw notFoundError('Review not found.');
    if (current.p_id !== null) throw conflictError("This is a shopper's product review: it can be deleted, not edited.");
    const before = await trx.selectFrom('review_images').select('file_name').where('r_id', '=', r_id).orderBy('position').orderBy('ri_id').execute();
    const row = await trx.updateTable('reviews').set(draft).where('r_id', '=', r_id).returning(REVIEW_COLUMNS).executeTakeFirstOrThrow();
    const images = before.map((b) => b.file_name);
    await recordChange(trx, {
      action: 'testimonial.update',
      entity: 'review',
      entity_id: r_id,
      before: { u_name: current.u_name, message: current.message, rating: current.rating, images },
      after: { ...draft, images: image ? [image] : images },
    });
    if (!image) return { review: testimonialView(row, images), replacedImages: [] };
    await trx.deleteFrom('review_images').where('r_id', '=', r_id).execute();
    await trx.insertInto('review_images').values({ r_id, file_name: image, position: 0 }).execute();
    return { review: testimonialView(row, [image]), replacedImages: await namedNowhere(trx, 'Reviews', before.map((b) => b.file_name)) };
  });
}

/** Deletes any review; answers its image files that nothing else names. */
export function deleteReview(db: DB, r_id: number): Promise<{ images: string[] }> {
  return writeTransaction(db, async (trx) => {
    const review = await trx.selectFrom('reviews').select(['u_id', 'u_name', 'p_id', 'message', 'rating']).where('r_id', '=', r_id).executeTakeFirst();
    if (!review) throw notFoundError('Review not found.');
    const images = await trx.selectFrom('review_images').select('file_name').where('r_id', '=', r_id).execute();
    await trx.deleteFrom('reviews').where('r_id', '=', r_id).execute();
    await recordChange(trx, { action: 'review.delete', entity: 'review', entity_id: r_id, before: { ...review, images: images.map((i) => i.file_name) } });
    return { images: await namedNowhere(trx, 'Reviews', images.map((i) => i.file_name)) };
  });
}

/** Adds slider images after the existing ones, in the order given. */
export function addSliderImages(db: DB, images: string[]): Promise<SliderImageView[]> {
  return writeTransaction(db, async (trx) => {
    const { last } = await trx
      .selectFrom('slider_images')
      .select((eb) => eb.fn.max<number | null>('position').as('last'))
      .executeTakeFirstOrThrow();
    const start = (last ?? -1) + 1;
    const rows = await trx
      .insertInto('slider_images')
      .values(images.map((image, i) => ({ image, position: start + i })))
      .returning(['s_id', 'image'])
      .execute();
    for (const row of rows) await recordChange(trx, { action: 'slider.add', entity: 'slider', entity_id: row.s_id, after: { image: row.image } });
    return rows;
  });
}

/** Deletes a slider image; answers its file name when nothing else names it. */
export function deleteSliderImage(db: DB, s_id: number): Promise<string | null> {
  return writeTransaction(db, async (trx) => {
    const row = await trx.deleteFrom('slider_images').where('s_id', '=', s_id).returning(['image', 'eyebrow', 'headline', 'subline']).executeTakeFirst();
    if (!row) throw notFoundError('Slider image not found.');
    await recordChange(trx, { action: 'slider.delete', entity: 'slider', entity_id: s_id, before: row });
    const [image = null] = await namedNowhere(trx, 'Sliders', [row.image]);
    return image;
  });
}

/** Sets a slider image's banner words (null clears a line); answers the slide as the home page reads it. */
export function setSliderText(db: DB, s_id: number, words: BannerWords): Promise<SliderImageView> {
  return writeTransaction(db, async (trx) => {
    const before = await trx.selectFrom('slider_images').select(['eyebrow', 'headline', 'subline']).where('s_id', '=', s_id).executeTakeFirst();
    const row = await trx
      .updateTable('slider_images')
      .set({ eyebrow: words.eyebrow, headline: words.headline, subline: words.subline })
      .where('s_id', '=', s_id)
      .returning(['s_id', 'image', 'eyebrow', 'headline', 'subline'])
      .executeTakeFirst();
    if (!row) throw notFoundError('Slider image not found.');
    await recordChange(trx, { action: 'slider.text', entity: 'slider', entity_id: s_id, before, after: { eyebrow: row.eyebrow, headline: row.headline, subline: row.subline } });
    return row;
  });
}
