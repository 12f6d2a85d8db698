import type { RouteHandler } from '@hono/zod-openapi';
import { findOrder } from '../../../../db/queries/orders.ts';
import { invoiceNumbersOf } from '../../../../db/queries/hallmarks-invoices.ts';
import { deliveredAt, returnPage, returnRecord, returnTimeline } from '../../../../db/queries/returns.ts';
import { shopPolicy } from '../../../../db/queries/shop-policy.ts';
import { staffPolicy } from '../../../../db/queries/shop-settings.ts';
import { notFoundError } from '../../../../rules/errors.ts';
import { toMajor, toMinor } from '../../../../rules/money.ts';
import { isoTimestamp } from '../../../../db/time.ts';
import type { AppEnv } from '../../../context.ts';
import { ok } from '../../../errors.ts';
import { changeReturnStatus } from '../../../returns/lifecycle.ts';
import { deskRow } from '../../returns/returns.views.ts';
import type { getReturnDetail, getReturnList, updateReturnStatus } from './returns.routes.ts';

export const getReturnListHandler: RouteHandler<typeof getReturnList, AppEnv> = async (c) => {
  const { db } = c.var.deps;
  const [page, policy] = await Promise.all([returnPage(db, c.req.valid('query')), shopPolicy(db)]);
  return ok(c, 'Returns.', { rows: await Promise.all(page.rows.map((r) => deskRow(db, r, policy))), totalCount: page.totalCount });
};

export const getReturnDetailHandler: RouteHandler<typeof getReturnDetail, AppEnv> = async (c) => {
  const { r_id } = c.req.valid('param');
  const { db } = c.var.deps;
  const record = await returnRecord(db, r_id);
  if (!record) throw notFoundError('Return not found.');
  const [policy, order, delivered, timeline, invoices] = await Promise.all([
    shopPolicy(db),
    findOrder(db, record.o_id),
    deliveredAt(db, record.o_id),
    returnTimeline(db, r_id, true),
    invoiceNumbersOf(db, [record.o_id]),
  ]);
  if (!order) throw notFoundError('Order not found.');
  const customer = order.u_id === null ? undefined : await db.selectFrom('users').select(['u_id', 'full_name', 'phone_number']).where('u_id', '=', order.u_id).executeTakeFirst();
  const row = await deskRow(db, record, policy);
  return ok(c, 'Return details.', {
    ...row,
    timeline,
    order: {
      o_id: order.o_id,
      status: order.status,
      payment_method: order.payment_method,
      payment_status: order.payment_status,
      total: toMajor(Number(order.total)),
      shipping: toMajor(Number(order.shipping)),
      createdAt: isoTimestamp(order.created_at),
      deliveredAt: delivered === null ? null : new Date(delivered).toISOString(),
      invoice_no: invoices.get(order.o_id) ?? null,
      email: order.email,
    },
    customer: customer ?? null,
    refund_required: row.next_statuses.includes('refunded') || row.next_statuses.includes('credited'),
  });
};

export const updateReturnStatusHandler: RouteHandler<typeof updateReturnStatus, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const { caller, deps } = c.var;
  // The order desk refunds up to the owner's limit; owner and manager without one.
  const refundLimit = caller.permissions.includes('orders.refund_any') ? undefined : (await staffPolicy(deps.db)).refundLimit;
  const result = await changeReturnStatus(deps, {
    r_id: body.r_id,
    to: body.status,
    u_id: caller.u_id,
    note: body.note,
    courier_name: body.courier_name,
    tracking_number: body.tracking_number,
    huids: body.huids,
    confirmAmount: body.refund_amount === undefined ? undefined : toMinor(body.refund_amount),
    payout_method: body.payout_method,
    payout_reference: body.payout_reference,
    refundLimit,
  });
  return ok(c, 'Return updated.', {
    r_id: result.r_id,
    status: result.status,
    refund_amount: result.refund_amount === null ? null : toMajor(result.refund_amount),
    payout_method: result.payout_method,
    payout_status: result.payout_status,
    credit_note_no: result.credit_note_no,
    store_credit: toMajor(result.store_credit),
    payout_text: result.payout_text,
  });
};
