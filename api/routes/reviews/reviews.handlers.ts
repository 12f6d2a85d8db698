import type { RouteHandler } from '@hono/zod-openapi';
import { allReviews, productReviews, sliderImages, testimonials } from '../../../db/queries/reviews.ts';
import type { AppEnv, Caller } from '../../context.ts';
import { forbidden, ok } from '../../errors.ts';
import type { getReviews, getUserReviews } from './reviews.routes.ts';

export const getReviewsHandler: RouteHandler<typeof getReviews, AppEnv> = async (c) => {
  const { u_id } = c.req.valid('json') ?? {};
  const { db } = c.var.deps;
  const caller = c.get('caller') as Caller | undefined;
  if (u_id !== undefined) {
    // The back office list: only for an administrator, asking as themselves.
    if (!caller?.isAdmin) throw forbidden('Only administrators can do this.');
    const [images, reviews] = await Promise.all([sliderImages(db), allReviews(db)]);
    return ok(c, 'Reviews list.', { sliderImages: images, reviews });
  }
  const [images, reviews] = await Promise.all([sliderImages(db), testimonials(db)]);
  return ok(c, 'Slider images and reviews.', { sliderImages: images, reviews });
};

export const getUserReviewsHandler: RouteHandler<typeof getUserReviews, AppEnv> = async (c) => {
  const { p_id } = c.req.valid('json');
  return ok(c, 'Product reviews.', await productReviews(c.var.deps.db, p_id));
};
