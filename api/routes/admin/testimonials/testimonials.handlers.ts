import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { addTestimonial, deleteReview, updateTestimonial } from '../../../../db/queries/admin-reviews.ts';
import type { AppEnv } from '../../../context.ts';
import { invalidError } from '../../../../rules/errors.ts';
import { created, ok } from '../../../errors.ts';
import { removeMediaFiles } from '../../../media.ts';
import { parseFields, withUpload } from '../../../uploads.ts';
import { type deleteReview as deleteReviewRoute, TESTIMONIAL_UPLOAD, TestimonialFields, UpdateTestimonialFields } from './testimonials.routes.ts';

export function addReviewsHandler(c: Context<AppEnv>) {
  return withUpload(c, TESTIMONIAL_UPLOAD, async (upload) => {
    const { message, u_name, rating } = parseFields(TestimonialFields, upload.fields);
    const [image] = upload.files('reviewsImage');
    if (!image) throw invalidError('Reviews Image is required.');
    // The author is the administrator the token names, whatever u_id the form carries.
    const review = await addTestimonial(c.var.deps.db, c.var.caller.u_id, { message, u_name, rating }, upload.claim(image));
    c.var.deps.onCatalogueChange();
    return created(c, 'Review added successfully.', review);
  });
}

export function updateReviewsHandler(c: Context<AppEnv>) {
  return withUpload(c, TESTIMONIAL_UPLOAD, async (upload) => {
    const { r_id, message, u_name, rating } = parseFields(UpdateTestimonialFields, upload.fields);
    const [image] = upload.files('reviewsImage');
    const { deps } = c.var;
    const { review, replacedImages } = await updateTestimonial(deps.db, r_id, { message, u_name, rating }, image && upload.claim(image));
    await removeMediaFiles(deps, 'Reviews', replacedImages);
    deps.onCatalogueChange();
    return ok(c, 'Review updated successfully.', review);
  });
}

export const deleteReviewHandler: RouteHandler<typeof deleteReviewRoute, AppEnv> = async (c) => {
  const { r_id } = c.req.valid('json');
  const { deps } = c.var;
  const { images } = await deleteReview(deps.db, r_id);
  await removeMediaFiles(deps, 'Reviews', images);
  deps.onCatalogueChange();
  return ok(c, 'Review deleted successfully.', null);
};
