import { createRouter } from '../../router.ts';
import { openapiMultipart } from '../../../uploads.ts';
import { addReviewsHandler, deleteReviewHandler, updateReviewsHandler } from './testimonials.handlers.ts';
import { addReviews, deleteReview, updateReviews } from './testimonials.routes.ts';

/** Reviews in the back office: testimonials added and edited (multipart, with an image); any review deleted. */
export function testimonialsRoutes() {
  const app = createRouter();
  openapiMultipart(app, addReviews, addReviewsHandler);
  openapiMultipart(app, updateReviews, updateReviewsHandler);
  return app.openapi(deleteReview, deleteReviewHandler);
}
