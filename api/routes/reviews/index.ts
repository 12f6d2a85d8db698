import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { openapiMultipart } from '../../uploads.ts';
import { validationHook } from '../../validation.ts';
import { addUserReviewsHandler, getReviewsHandler, getUserReviewsHandler } from './reviews.handlers.ts';
import { addUserReviews, getReviews, getUserReviews } from './reviews.routes.ts';

/** Reviews: the home page's testimonials, product reviews, and shoppers writing them. */
export function reviewsRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  openapiMultipart(app, addUserReviews, addUserReviewsHandler);
  return app.openapi(getReviews, getReviewsHandler).openapi(getUserReviews, getUserReviewsHandler);
}
