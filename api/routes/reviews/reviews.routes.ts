import { createRoute, z } from '@hono/zod-openapi';
import { identifyCaller, requireUser } from '../../auth.ts';
import { bearer, errorResponses, Id, jsonBody, jsonOk } from '../../openapi/schemas.ts';
import { FileField, multipartBody, type UploadRules } from '../../uploads.ts';
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

/**
 * Up to 2 review pictures, judged by their bytes (storefront.md §5). They are shown to
 * everyone, so they are stored without their metadata: a phone's photo carries where
 * it was taken (EXIF GPS), often the shopper's home.
 */
export const USER_REVIEW_UPLOAD: UploadRules = {
  folder: 'Reviews',
  files: { userReviewImages: { accept: 'image', maxCount: 2, tooMany: 'You can only select a maximum of 2 images.' } },
};

const RATING_AND_COMMENT = 'Please provide a rating and comment.';

/** The review form's text fields (multipart fields are text). */
export const UserReviewFields = z.object({
  u_id: Id.optional().openapi({ type: 'integer', description: 'The caller\'s own u_id; another user\'s is refused with 403.' }),
  u_name: z
    .string()
    .trim()
    .max(100, 'User name must be at most 100 characters.')
    .optional()
    .openapi({ description: 'Ignored: a review is shown with the reviewer\'s account full name.' }),
  p_id: z
    .string({ error: 'p_id is required.' })
    .regex(/^[1-9]\d{0,15}$/, 'p_id is required.')
    .transform(Number)
    .openapi({ type: 'integer' }),
  message: z.string({ error: RATING_AND_COMMENT }).trim().min(1, RATING_AND_COMMENT).max(2000, 'The comment must be at most 2000 characters.'),
  rating: z
    .string({ error: RATING_AND_COMMENT })
    .trim()
    .regex(/^\d+$/, RATING_AND_COMMENT)
    .transform(Number)
    .pipe(z.number().min(1, RATING_AND_COMMENT).max(5, 'Rating must be a whole number from 1 to 5.'))
    .openapi({ type: 'integer', minimum: 1, maximum: 5 }),
});

export const addUserReviews = createRoute({
  method: 'post',
  path: '/adduserreviews',
  tags: ['Reviews'],
  security: bearer,
  summary: 'A buyer reviews a product',
  description:
    'Only a shopper with a delivered order of this product may review it, once (409 otherwise; checked before any image is decoded); the review carries the account\'s full name. Up to 2 images in userReviewImages (jpg, png, webp, gif or avif, judged by their bytes; 120MB each at most).',
  middleware: [requireUser()] as const,
  request: {
    body: multipartBody(
      UserReviewFields.extend({
        userReviewImages: z.array(FileField).max(2).optional().openapi({ description: 'Up to 2 images.' }),
      }).openapi('AddUserReviewForm'),
    ),
  },
  responses: {
    201: jsonOk(Review, 'The review.'),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
    413: errorResponses[413],
  },
});
