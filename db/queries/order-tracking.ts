/**
 * One order as its shopper tracks it (issue 35): the order as the list answers it, plus the
 * date of each step it reached (from its status history, without who made the change or the
 * shop's notes), the courier's page for its tracking number, and its GST as the invoice totals it.
 */
import { trackingUrl } from '../../rules/couriers.ts';
import { type InvoiceDocument, orderTaxTotals } from '../../rules/invoice.ts';
import { toMajor } from '../../rules/money.ts';
import type { SupplyKind } from '../../rules/tax.ts';
import type { DB } from '../connection.ts';
import { isoTimestamp } from '../time.ts';
import { findInvoice } from './hallmarks-invoices.ts';
import { type OrderView, orderViews } from './orders.ts';

/** A status the order reached and when (ISO 8601, UTC). */
export interface OrderStepView {
  status: number;
  at: string;
}

/** The order's GST, major units of its currency: CGST + SGST in the shop's state, IGST elsewhere in India, none abroad. */
export interface OrderTaxView {
  supply: SupplyKind;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface TrackedOrderView extends OrderView {
  /** Each change of status, oldest first, starting with the order placed (status 1). */
  steps: OrderStepView[];
  /** When it last became Shipped and Delivered; null until then. */
  shipped_at: string | null;
  delivered_at: string | null;
  /** The courier's own tracking page for tracking_number, when the courier is one the shop knows. */
  tracking_url: string | null;
  tax: OrderTaxView;
}

/** The steps of an order: its status history's changes of status (a refund, which keeps the status, is not one). */
async function orderSteps(db: DB, o_id: number, placedAt: string): Promise<OrderStepView[]> {
  const rows = await db
    .selectFrom('order_status_history')
    .select(['from_status', 'to_status', 'created_at'])
    .where('o_id', '=', o_id)
    .orderBy('osh_id')
    .execute();
  const steps = rows.filter((r) => r.from_status !== r.to_status).map((r) => ({ status: r.to_status, at: isoTimestamp(r.created_at) }));
  // Orders placed before the history recorded the placement start from their own time.
  return steps[0]?.status === 1 ? steps : [{ status: 1, at: placedAt }, ...steps];
}

/** The last time the order reached `status`, or null. */
const lastReached = (steps: OrderStepView[], status: number) => steps.findLast((s) => s.status === status)?.at ?? null;

/**
 * The shopper's order `o_id`, or undefined when there is none or it is not `u_id`'s (u_id undefined:
 * any order, for staff). `shopStateCode` is the seller's GST state (config.seller.stateCode).
 */
export async function trackedOrder(db: DB, o_id: number, u_id: number | undefined, panKey: Uint8Array, shopStateCode: string): Promise<TrackedOrderView | undefined> {
  let query = db.selectFrom('orders').selectAll().where('o_id', '=', o_id);
  if (u_id !== undefined) query = query.where('u_id', '=', u_id);
  const order = await query.executeTakeFirst();
  if (!order) return undefined;
  const [[view], items, invoice] = await Promise.all([
    orderViews(db, [order], { key: panKey, whole: false }),
    db.selectFrom('order_items').select(['carat_name', 'quantity', 'price', 'line_total']).where('o_id', '=', o_id).orderBy('oi_id').execute(),
    findInvoice(db, o_id),
  ]);
  const steps = await orderSteps(db, o_id, view.createdAt);
  // Once issued, the invoice's own figures; before, the same figures worked out the same way.
  const issued = invoice ? (JSON.parse(invoice.document) as InvoiceDocument).figures : null;
  const tax = issued ? { supply: issued.supply, ...issued.totals } : orderTaxTotals(shopStateCode, order, items);
  return {
    ...view,
    steps,
    shipped_at: lastReached(steps, 3),
    delivered_at: lastReached(steps, 4),
    tracking_url: trackingUrl(order.courier_name, order.tracking_number),
    tax: { supply: tax.supply, taxable: toMajor(tax.taxable), cgst: toMajor(tax.cgst), sgst: toMajor(tax.sgst), igst: toMajor(tax.igst) },
  };
}
