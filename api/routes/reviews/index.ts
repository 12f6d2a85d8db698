import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { validationHook } from '../../validation.ts';
import { getReviewsHandler, getUserReviewsHandler } from './reviews.handlers.ts';
import { getReviews, getUserReviews } from './reviews.routes.ts';

/** Reviews: the home page's testimonials, product reviews, and shoppers writing them. */
export function reviewsRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(getReviews, getReviewsHandler)
    .openapi(getUserReviews, getUserReviewsHandler);
}
