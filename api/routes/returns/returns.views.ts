/**
 * A return request in the API's shape (money in major units), for the shopper and the desk,
 * with what the policy gives back for it now.
 */
import type { DB } from '../../../db/connection.ts';
import { photosOfReturns, type ReturnPhotoRow, type ReturnRecord, returnTimeline } from '../../../db/queries/returns.ts';
import { shopPolicy } from '../../../db/queries/shop-policy.ts';
import { toMajor } from '../../../rules/money.ts';
import { FINAL_RETURN_STATUSES, nextReturnStatuses, type ReturnPolicy } from '../../../rules/returns.ts';
import { buybackQuoteView, majorFigures, returnEstimate } from '../../returns/lifecycle.ts';

/** A return photo as the API lists it: read at its url with the caller's token (never a public address). */
export function photoView(p: ReturnPhotoRow) {
  return { rp_id: p.rp_id, content_type: p.content_type, size: p.size, createdAt: p.createdAt, url: `/returnphoto/${p.rp_id}` };
}

/** The shopper's fields of a request (no timeline). */
export async function returnBase(db: DB, r: ReturnRecord, policy: ReturnPolicy) {
  // What the policy gives back, while it is still to be paid (afterwards refund_amount says what was).
  const figures = FINAL_RETURN_STATUSES.includes(r.status) ? null : await returnEstimate(db, r, policy);
  const photos = (await photosOfReturns(db, [r.r_id])).get(r.r_id) ?? [];
  return {
    r_id: r.r_id,
    o_id: r.o_id,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    reason_text: r.reason_text,
    note: r.note,
    currency: r.currency,
    items: r.items.map((i) => ({ ...i, unit_price: toMajor(i.unit_price) })),
    estimate: figures ? majorFigures(figures) : null,
    refund_amount: r.refund_amount === null ? null : toMajor(r.refund_amount),
    payout_method: r.payout_method,
    payout_status: r.payout_status,
    courier_name: r.courier_name,
    tracking_number: r.tracking_number,
    credit_note_no: r.credit_note_no,
    buyback_quote: r.kind === 'buyback' ? await buybackQuoteView(db, r.r_id, r.currency) : null,
    photos: photos.map(photoView),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** The shopper's requests with their timelines. */
export async function shopperReturnViews(db: DB, records: ReturnRecord[]) {
  if (records.length === 0) return [];
  const policy = await shopPolicy(db);
  return Promise.all(
    records.map(async (r) => ({
      ...(await returnBase(db, r, policy)),
      withdrawable: r.status === 'requested' || r.status === 'approved',
      timeline: await returnTimeline(db, r.r_id, false),
    })),
  );
}

/** The desk's row of a request. */
export async function deskRow(db: DB, r: ReturnRecord, policy: ReturnPolicy) {
  return {
    ...(await returnBase(db, r, policy)),
    customer_name: `${r.first_name} ${r.last_name}`.trim(),
    phone_number: r.phone_number,
    payout_reference: r.payout_reference,
    payment_method: r.payment_method,
    next_statuses: nextReturnStatuses(r.status, r.kind),
  };
}
