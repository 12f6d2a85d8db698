/**
 * Back-office writes of coupons. Names are stored uppercased (the checkout
 * uppercases what the shopper types) and are unique; the discount is a
 * percentage in basis points (12.5% = 1250).
 */

import { conflictError, notFoundError } from '../../rules/errors.ts';
import { basisPointsToPercentText } from '../../rules/money.ts';
import { recordChange } from '../audit.ts';
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

/** A coupon in the audit trail: its name, discount (percent) and whether it is active. */
const audited = (row: { coupon_name: string; discount_bp: number; c_status: number }) => ({
  coupon_name: row.coupon_name,
  discount: basisPointsToPercentText(row.discount_bp),
  active: row.c_status === 1,
});

function findCoupon(trx: DB, coupon_id: number) {
  return trx.selectFrom('coupons').select(COLUMNS).where('coupon_id', '=', coupon_id).executeTakeFirst();
}

async function assertNameFree(trx: DB, coupon_name: string, except?: number) {
  let query = trx.selectFrom('coupons').select('coupon_id').where('coupon_name', '=', coupon_name);
  if (except !== undefined) query = query.where('coupon_id', '!=', except);
  if (await query.executeTakeFirst()) throw conflictError('A coupon with this name already exists.');
}

/** Adds an active coupon. */
export function createCoupon(db: DB, draft: CouponDraft): Promise<CouponView> {
  return writeTransaction(db, async (trx) => {
    await assertNameFree(trx, draft.coupon_name);
    const row = await trx.insertInto('coupons').values(draft).returning(COLUMNS).executeTakeFirstOrThrow();
    await recordChange(trx, { action: 'coupon.add', entity: 'coupon', entity_id: row.coupon_id, after: audited(row) });
    return view(row);
  });
}

/** Renames a coupon and sets its discount. */
export function updateCoupon(db: DB, coupon_id: number, draft: CouponDraft): Promise<CouponView> {
  return writeTransaction(db, async (trx) => {
    await assertNameFree(trx, draft.coupon_name, coupon_id);
    const before = await findCoupon(trx, coupon_id);
    if (!before) throw notFoundError('Coupon not found.');
    const row = await trx.updateTable('coupons').set(draft).where('coupon_id', '=', coupon_id).returning(COLUMNS).executeTakeFirstOrThrow();
    await recordChange(trx, { action: 'coupon.update', entity: 'coupon', entity_id: coupon_id, before: audited(before), after: audited(row) });
    return view(row);
  });
}

/** Activates (1) or deactivates (0) a coupon. */
export function setCouponStatus(db: DB, coupon_id: number, c_status: 0 | 1): Promise<CouponView> {
  return writeTransaction(db, async (trx) => {
    const before = await findCoupon(trx, coupon_id);
    if (!before) throw notFoundError('Coupon not found.');
    const row = await trx.updateTable('coupons').set({ c_status }).where('coupon_id', '=', coupon_id).returning(COLUMNS).executeTakeFirstOrThrow();
    await recordChange(trx, { action: 'coupon.status', entity: 'coupon', entity_id: coupon_id, before: audited(before), after: audited(row) });
    return view(row);
  });
}
