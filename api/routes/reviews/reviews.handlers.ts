import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  addProductReview,
  allReviews,
  getReview,
  hasBought,
  hasReviewed,
  productExists,
  productReviews,
  sliderImages,
  testimonials,
} from '../../../db/queries/reviews.ts';
import { fullNameOf } from '../../../db/queries/users.ts';
import { assertOwnUser } from '../../auth.ts';
import { missingPermissionMessage } from '../../../rules/permissions.ts';
import type { AppEnv, Caller } from '../../context.ts';
import { conflictError, forbiddenError, notFoundError } from '../../../rules/errors.ts';
import { created, ok } from '../../errors.ts';
import { parseFields, withUpload } from '../../uploads.ts';
import { type getReviews, type getUserReviews, USER_REVIEW_UPLOAD, UserReviewFields } from './reviews.routes.ts';

export const getReviewsHandler: RouteHandler<typeof getReviews, AppEnv> = async (c) => {
  const { u_id } = c.req.valid('json') ?? {};
  const { db } = c.var.deps;
  const caller = c.get('caller') as Caller | undefined;
  if (u_id !== undefined) {
    // The back office list: only for staff who keep the catalogue (reviews are moderated there).
    if (!caller?.isAdmin) throw forbiddenError('Only administrators can do this.');
    if (!caller.permissions.includes('catalogue.manage')) throw forbiddenError(missingPermissionMessage('catalogue.manage'), { missing_permission: 'catalogue.manage' });
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

/**
 * Whether the caller may review the product the form names: their own account, a
 * product that exists, bought by them and not reviewed yet. Answers the checked fields.
 */
async function checkMayReview(c: Context<AppEnv>, formFields: Record<string, string>) {
  const fields = parseFields(UserReviewFields, formFields);
  const { caller, deps } = c.var;
  const u_id = fields.u_id ?? caller.u_id;
  assertOwnUser(caller, u_id);
  const { db } = deps;
  if (!(await productExists(db, fields.p_id))) throw notFoundError('Product not found.');
  // Not 403: that would log the shopper out; they may simply not have bought it.
  if (!(await hasBought(db, u_id, fields.p_id))) throw conflictError('You can only review products you have purchased.');
  if (await hasReviewed(db, u_id, fields.p_id)) throw conflictError('You have already reviewed this product.');
  return { ...fields, u_id };
}

export function addUserReviewsHandler(c: Context<AppEnv>) {
  return withUpload(
    c,
    USER_REVIEW_UPLOAD,
    async (upload) => {
      const fields = await checkMayReview(c, upload.fields);
      const { db } = c.var.deps;
      const images = upload.files('userReviewImages').map((file) => upload.claim(file));
      // The reviewer is named as their account is, whatever name the form sent.
      const u_name = await fullNameOf(db, fields.u_id);
      const r_id = await addProductReview(db, { u_id: fields.u_id, u_name, p_id: fields.p_id, message: fields.message, rating: fields.rating, images });
      if (r_id === null) throw conflictError('You have already reviewed this product.');
      c.var.deps.onCatalogueChange();
      return created(c, 'Thank you for your review!', (await getReview(db, r_id))!);
    },
    // Checked before any picture is decoded: a caller who may not review costs no decode.
    { beforeDecode: async (fields) => void (await checkMayReview(c, fields)) },
  );
}
