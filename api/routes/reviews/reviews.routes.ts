import { createRoute, z } from '@hono/zod-openapi';
import { identifyCaller } from '../../auth.ts';
import { errorResponses, Id, jsonBody, jsonOk } from '../../openapi/schemas.ts';
import { Review, SliderImage } from '../catalogue/catalogue.schemas.ts';

export const GetReviewsBody = z
  .object({
    u_id: Id.optional().openapi({ type: 'integer', description: 'Sent by the back office: the administrator\'s own u_id (with the bearer token).' }),
  })
  .openapi('GetReviewsBody');

export const GetUserReviewsBody = z.object({ p_id: Id.openapi({ type: 'integer' }) }).openapi('GetUserReviewsBody');

export const getReviews = createRoute({
  method: 'post',
  path: '/getreviews',
  tags: ['Reviews'],
  security: [],
  summary: 'Home slider images and testimonials, or an administrator\'s review list',
  description:
    'Without a body (or without u_id): the home page\'s slider images and testimonials (reviews written in the back office). ' +
    'With u_id and an administrator\'s bearer token: the slider images and every review, testimonials and shoppers\' product reviews alike, newest first. ' +
    'u_id from anyone else is refused with 403.',
  middleware: [identifyCaller()] as const,
  request: { body: { content: { 'application/json': { schema: GetReviewsBody } }, required: false } },
  responses: {
    200: jsonOk(z.object({ sliderImages: z.array(SliderImage), reviews: z.array(Review) }), 'Slider images and reviews.'),
    400: errorResponses[400],
    403: errorResponses[403],
  },
});

export const getUserReviews = createRoute({
  method: 'post',
  path: '/getuserreviews',
  tags: ['Reviews'],
  security: [],
  summary: 'A product\'s reviews and average rating',
  request: { body: jsonBody(GetUserReviewsBody) },
  responses: {
    200: jsonOk(
      z.object({
        reviews: z.array(Review),
        count: z.object({
          avg_rating: z.number().openapi({ description: 'Average rating, one decimal; 0 without reviews.' }),
          total: z.number().int(),
        }),
      }),
      'The product\'s reviews, newest first.',
    ),
    400: errorResponses[400],
  },
});
