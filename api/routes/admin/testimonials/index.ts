import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context.ts';
import { openapiMultipart } from '../../../uploads.ts';
import { validationHook } from '../../../validation.ts';
import { addReviewsHandler, deleteReviewHandler, updateReviewsHandler } from './testimonials.handlers.ts';
import { addReviews, deleteReview, updateReviews } from './testimonials.routes.ts';

/** Reviews in the back office: testimonials added and edited (multipart, with an image); any review deleted. */
export function testimonialsRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  openapiMultipart(app, addReviews, addReviewsHandler);
  openapiMultipart(app, updateReviews, updateReviewsHandler);
  return app.openapi(deleteReview, deleteReviewHandler);
}
