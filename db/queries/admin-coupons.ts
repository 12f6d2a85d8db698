/**
 * Back-office writes of coupons. Names are stored uppercased (the checkout
 * uppercases what the shopper types) and are unique; the discount is a
 * percentage in basis points (12.5% = 1250).
 */

import { conflictError, notFoundError } from '../../rules/errors.ts';
import { basisPointsToPercentText } from '../../rules/money.ts';
import type { DB } from '../connection.ts';
import type { CouponView } from './orders.ts';
import { writeTransaction } from '../transaction.ts';

export interface CouponDraft {
  /** Already uppercased. */
  coupon_name: string;
  discount_bp: number;
}

const view = (row: { coupon_id: number; coupon_name: string; discount_bp: number; c_status: number }): CouponView => ({
  coupon_id: row.coupon_id,
  coupon_name: row.coupon_name,
  discount: basisPointsToPercentText(row.discount_bp),
  c_status: row.c_status,
});

const COLUMNS = ['coupon_id', 'coupon_name', 'discount_bp', 'c_status'] as const;

async function assertNameFree(trx: DB, coupon_name: string, except?: number) {
  let query = trx.selectFrom('coupons').select('coupon_id').where('coupon_name', '=', coupon_name);
  if (except !== undefined) query = query.where('coupon_id', '!=', except);
  if (await query.executeTakeFirst()) throw conflictError('A coupon with this name already exists.');
}

/** Adds an active coupon. */
export function createCoupon(db: DB, draft: CouponDraft): Promise<CouponView> {
  return writeTransaction(db, async (trx) => {
    await assertNameFree(trx, draft.coupon_name);
    return view(await trx.insertInto('coupons').values(draft).returning(COLUMNS).executeTakeFirstOrThrow());
  });
}

/** Renames a coupon and sets its discount. */
export function updateCoupon(db: DB, coupon_id: number, draft: CouponDraft): Promise<CouponView> {
  return writeTransaction(db, async (trx) => {
    await assertNameFree(trx, draft.coupon_name, coupon_id);
    const row = await trx.updateTable('coupons').set(draft).where('coupon_id', '=', coupon_id).returning(COLUMNS).executeTakeFirst();
    if (!row) throw notFoundError('Coupon not found.');
    return view(row);
  });
}

/** Activates (1) or deactivates (0) a coupon. */
export async function setCouponStatus(db: DB, coupon_id: number, c_status: 0 | 1): Promise<CouponView> {
  const row = await db.updateTable('coupons').set({ c_status }).where('coupon_id', '=', coupon_id).returning(COLUMNS).executeTakeFirst();
  if (!row) throw notFoundError('Coupon not found.');
  return view(row);
}
