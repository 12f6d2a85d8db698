import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonOk } from '../../../openapi/schemas.ts';
import { FileField, multipartBody, type UploadRules } from '../../../uploads.ts';
import { Review } from '../../catalogue/catalogue.schemas.ts';
import { adminErrors, adminRoute, NoData, recordId, requiredText } from '../admin.schemas.ts';

/** The testimonial image: one is kept; the picker allows up to 3 (backoffice.md §5, same rules as categories). */
export const TESTIMONIAL_UPLOAD: UploadRules = {
  folder: 'Reviews',
  files: { reviewsImage: { accept: 'image', maxCount: 3, tooMany: 'You can only select up to 3 images.' } },
};

const Rating = z
  .union([z.string(), z.number()], { error: 'Rating is required.' })
  .transform((value, ctx) => {
    const text = String(value).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: 'Rating is required.' });
      return z.NEVER;
    }
    if (!/^[1-5]$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Rating must be a whole number from 1 to 5.' });
      return z.NEVER;
    }
    return Number(text);
  })
  .openapi({ type: 'integer', minimum: 1, maximum: 5 });

export const TestimonialFields = z.object({
  u_id: z.string().optional().openapi({ description: 'Accepted for compatibility; the author recorded is the administrator the token names.' }),
  message: requiredText('Message is required.', 2000, 'Message'),
  u_name: requiredText('User Name is required.', 100, 'User Name'),
  rating: Rating,
});
export const UpdateTestimonialFields = TestimonialFields.extend({ r_id: recordId('r_id') });

const ReviewsImage = FileField.openapi({ description: 'A jpg, png, webp, gif or avif image (judged by its bytes), at most 120MB; the first of up to 3 is kept.' });

export const addReviews = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'post',
  path: '/addreviews',
  summary: 'Add a testimonial (Customer Love on the home page)',
  request: { body: multipartBody(TestimonialFields.extend({ reviewsImage: ReviewsImage }).openapi('AddTestimonialForm')) },
  responses: { 201: jsonOk(Review, 'The new testimonial.'), ...adminErrors, 413: errorResponses[413] },
});

export const updateReviews = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'post',
  path: '/updatereviews',
  summary: 'Edit a testimonial',
  description: "Without reviewsImage the image stays. A shopper's product review cannot be edited (409), only deleted.",
  request: { body: multipartBody(UpdateTestimonialFields.extend({ reviewsImage: ReviewsImage.optional() }).openapi('UpdateTestimonialForm')) },
  responses: {
    200: jsonOk(Review, 'The testimonial as saved.'),
    ...adminErrors,
    404: errorResponses[404],
    409: errorResponses[409],
    413: errorResponses[413],
  },
});

export const DeleteReviewBody = z
  .object({ r_id: recordId('r_id') })
  .openapi('DeleteReviewBody', { description: 'The review record as listed; only r_id is read (file names in it are ignored).' });

export const deleteReview = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'post',
  path: '/deletereview',
  summary: 'Delete a review (a testimonial or a shopper\'s product review) with its images',
  request: { body: jsonBody(DeleteReviewBody) },
  responses: { 200: jsonOk(NoData, 'Deleted.'), ...adminErrors, 404: errorResponses[404] },
});
