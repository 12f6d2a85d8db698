import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonOk } from '../../../openapi/schemas.ts';
import { Coupon } from '../../catalogue/catalogue.schemas.ts';
import { adminErrors, adminRoute, recordId, requiredText } from '../admin.schemas.ts';

/** The code a shopper types: letters, digits, - and _, stored uppercased (checkout uppercases too). */
const CouponName = requiredText('Coupon Name is required.', 40, 'Coupon Name')
  .regex(/^[A-Za-z0-9_-]+$/, 'Coupon Name may contain only letters, digits, - and _.')
  .transform((name) => name.toUpperCase())
  .openapi({ example: 'FESTIVE10' });

/**
 * A percentage as numeric text or a number ("10", "12.5", 7.25), answered in
 * basis points: above 0, at most 100, at most 2 decimals (exactly representable).
 */
export const Discount = z
  .union([z.string(), z.number()], { error: 'Discount is required.' })
  .transform((value, ctx) => {
    const text = String(value).trim();
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (text === '') return refuse('Discount is required.');
    if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return refuse('Please enter a valid number.');
    if (Number(text) <= 0) return refuse('Please enter a positive number.');
    if (Number(text) > 100) return refuse('Discount cannot be more than 100.');
    const [whole, fraction = ''] = text.replace(/^\+/, '').split('.');
    if (fraction.length > 2) return refuse('Discount can have at most 2 decimals.');
    return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  })
  .openapi({ type: 'string', example: '12.5', description: 'Percentage of the subtotal: above 0, at most 100, at most 2 decimals.' });

export const AddCoupon = z.object({ coupon_name: CouponName, discount: Discount }).openapi('AddCoupon');
export const UpdateCoupon = z.object({ coupon_name: CouponName, discount: Discount, coupon_id: recordId('coupon_id') }).openapi('UpdateCoupon');
export const ChangeCouponStatus = z
  .object({
    c_status: z
      .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: 'c_status must be 0 or 1.' })
      .transform((v) => Number(v) as 0 | 1)
      .openapi({ type: 'integer', enum: [0, 1] }),
    coupon_id: recordId('coupon_id'),
  })
  .openapi('ChangeCouponStatus');

export const addCoupon = createRoute({
  ...adminRoute('coupons.manage'),
  method: 'post',
  path: '/addcoupon',
  summary: 'Add a coupon',
  description: 'The name is stored uppercased and must be unique (409). New coupons are active.',
  request: { body: jsonBody(AddCoupon) },
  responses: { 201: jsonOk(Coupon, 'The new coupon.'), ...adminErrors, 409: errorResponses[409] },
});

export const updateCoupon = createRoute({
  ...adminRoute('coupons.manage'),
  method: 'post',
  path: '/updatecoupon',
  summary: 'Edit a coupon',
  description: 'Orders already placed keep the discount they were given.',
  request: { body: jsonBody(UpdateCoupon) },
  responses: { 200: jsonOk(Coupon, 'The coupon as saved.'), ...adminErrors, 404: errorResponses[404], 409: errorResponses[409] },
});

export const changeCouponStatus = createRoute({
  ...adminRoute('coupons.manage'),
  method: 'post',
  path: '/changecouponstatus',
  summary: 'Activate (1) or deactivate (0) a coupon',
  request: { body: jsonBody(ChangeCouponStatus) },
  responses: { 200: jsonOk(Coupon, 'The coupon with its new status.'), ...adminErrors, 404: errorResponses[404] },
});
