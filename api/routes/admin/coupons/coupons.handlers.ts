import type { RouteHandler } from '@hono/zod-openapi';
import { createCoupon, setCouponStatus, updateCoupon } from '../../../../db/queries/admin-coupons.ts';
import type { AppEnv } from '../../../context.ts';
import { created, ok } from '../../../errors.ts';
import type { addCoupon, changeCouponStatus, updateCoupon as updateCouponRoute } from './coupons.routes.ts';

// Coupons appear on no pre-rendered page, so these changes schedule no rebuild.

export const addCouponHandler: RouteHandler<typeof addCoupon, AppEnv> = async (c) => {
  const { coupon_name, discount } = c.req.valid('json');
  return created(c, 'Coupon added successfully.', await createCoupon(c.var.deps.db, { coupon_name, discount_bp: discount }));
};

export const updateCouponHandler: RouteHandler<typeof updateCouponRoute, AppEnv> = async (c) => {
  const { coupon_id, coupon_name, discount } = c.req.valid('json');
  return ok(c, 'Coupon updated successfully.', await updateCoupon(c.var.deps.db, coupon_id, { coupon_name, discount_bp: discount }));
};

export const changeCouponStatusHandler: RouteHandler<typeof changeCouponStatus, AppEnv> = async (c) => {
  const { coupon_id, c_status } = c.req.valid('json');
  const coupon = await setCouponStatus(c.var.deps.db, coupon_id, c_status);
  return ok(c, c_status === 1 ? 'Coupon activated successfully.' : 'Coupon deactivated successfully.', coupon);
};
