import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context.ts';
import { validationHook } from '../../../validation.ts';
import { addCouponHandler, changeCouponStatusHandler, updateCouponHandler } from './coupons.handlers.ts';
import { addCoupon, changeCouponStatus, updateCoupon } from './coupons.routes.ts';

/** Coupons: add, edit, activate/deactivate. */
export function couponsRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(addCoupon, addCouponHandler)
    .openapi(updateCoupon, updateCouponHandler)
    .openapi(changeCouponStatus, changeCouponStatusHandler);
}
