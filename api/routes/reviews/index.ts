import { createRouter } from '../router.ts';
import { openapiMultipart } from '../../uploads.ts';
import { addUserReviewsHandler, getReviewsHandler, getUserReviewsHandler } from './reviews.handlers.ts';
import { addUserReviews, getReviews, getUserReviews } from './reviews.routes.ts';

/** Reviews: the home page's testimonials, product reviews, and shoppers writing them. */
export function reviewsRoutes() {
  const app = createRouter();
  openapiMultipart(app, addUserReviews, addUserReviewsHandler);
  return app.openapi(getReviews, getReviewsHandler).openapi(getUserReviews, getUserReviewsHandler);
}
