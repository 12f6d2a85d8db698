import { createRouter } from '../../router.ts';
import { addCouponHandler, changeCouponStatusHandler, updateCouponHandler } from './coupons.handlers.ts';
import { addCoupon, changeCouponStatus, updateCoupon } from './coupons.routes.ts';

/** Coupons: add, edit, activate/deactivate. */
export function couponsRoutes() {
  return createRouter()
    .openapi(addCoupon, addCouponHandler)
    .openapi(updateCoupon, updateCouponHandler)
    .openapi(changeCouponStatus, changeCouponStatusHandler);
}
