import type { RouteHandler } from '@hono/zod-openapi';
import { findCreditNote } from '../../../db/queries/credit-notes.ts';
import { findOrder } from '../../../db/queries/orders.ts';
import { deliveredAt, findReturn, linesForReturn, shopperReturns } from '../../../db/queries/returns.ts';
import { shopPolicy } from '../../../db/queries/shop-policy.ts';
import type { CreditNoteDocument } from '../../../rules/credit-note.ts';
import { notFoundError } from '../../../rules/errors.ts';
import { toMajor } from '../../../rules/money.ts';
import { lineNonReturnable, RETURN_KINDS, RETURN_REASONS, returnRequestRefusal, returnWindowClosesAt, type ReturnKind, type ReturnReason } from '../../../rules/returns.ts';
import type { AppEnv } from '../../context.ts';
import { ok } from '../../errors.ts';
import { renderCreditNotePdf } from '../../invoices/credit-note-pdf.ts';
import { majorFigures, requestReturn, withdrawReturn } from '../../returns/lifecycle.ts';
import type { getCreditNote, getReturnOptions, getReturns, requestReturn as requestReturnRoute, withdrawReturn as withdrawReturnRoute } from './returns.routes.ts';
import { shopperReturnViews } from './returns.views.ts';

export const requestReturnHandler: RouteHandler<typeof requestReturnRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const { r_id, estimate } = await requestReturn(c.var.deps, {
    u_id: c.var.caller.u_id,
    o_id: body.o_id,
    kind: body.kind,
    reason: body.reason as ReturnReason,
    note: body.note || null,
    items: body.items,
  });
  return ok(c, `Return #${r_id} requested. We will tell you by e-mail once it is reviewed.`, { r_id, status: 'requested' as const, estimate: estimate ? majorFigures(estimate) : null });
};

export const getReturnsHandler: RouteHandler<typeof getReturns, AppEnv> = async (c) => {
  const { db } = c.var.deps;
  return ok(c, 'Your returns.', await shopperReturnViews(db, await shopperReturns(db, c.var.caller.u_id)));
};

export const getReturnOptionsHandler: RouteHandler<typeof getReturnOptions, AppEnv> = async (c) => {
  const { o_id } = c.req.valid('param');
  const { db } = c.var.deps;
  const order = await findOrder(db, o_id);
  if (!order || order.u_id !== c.var.caller.u_id) throw notFoundError('Order not found.');
  const [policy, delivered, rawLines] = await Promise.all([shopPolicy(db), deliveredAt(db, o_id), linesForReturn(db, o_id)]);
  const lines = rawLines.map((l) => ({ ...l, non_returnable: lineNonReturnable(policy, l.non_returnable) }));
  const now = Date.now();
  // Whether a refund could be asked now for some piece (the window, delivery): the line-by-line rules apply when asked.
  const open = lines.filter((l) => l.quantity > l.already_returned && !l.non_returnable);
  const refusal =
    returnRequestRefusal(policy, {
      kind: 'refund',
      reason: 'changed_mind',
      order_status: order.status,
      delivered_at: delivered,
      items: open.length ? [{ oi_id: open[0].oi_id, quantity: 1 }] : [],
      lines,
      now,
    }) ?? null;
  const anyLeft = lines.some((l) => l.quantity > l.already_returned);
  const kinds: ReturnKind[] = RETURN_KINDS.filter((k) => {
    if (!anyLeft || order.status !== 4 || delivered === null) return false;
    if (k === 'buyback') return true;
    if (k === 'exchange' && !policy.exchange_allowed) return false;
    return refusal === null;
  });
  return ok(c, 'Return options.', {
    o_id,
    currency: order.currency,
    delivered: delivered !== null && order.status === 4,
    deliveredAt: delivered === null ? null : new Date(delivered).toISOString(),
    return_window_closes_at: delivered === null ? null : new Date(returnWindowClosesAt(policy, delivered)).toISOString(),
    kinds,
    refusal: refusal ?? (anyLeft ? null : 'Every piece of this order has already been asked back.'),
    reasons: Object.entries(RETURN_REASONS).map(([key, text]) => ({ key, text })),
    lines: lines.map((l) => ({
      oi_id: l.oi_id,
      product_name: l.product_name,
      quantity: l.quantity,
      returnable_quantity: Math.max(0, l.quantity - l.already_returned),
      non_returnable: l.non_returnable,
      refund_percent: l.partial_refund ? policy.partial_refund_percent : 100,
      unit_price: toMajor(l.price),
    })),
  });
};

export const withdrawReturnHandler: RouteHandler<typeof withdrawReturnRoute, AppEnv> = async (c) => {
  const { r_id } = c.req.valid('json');
  await withdrawReturn(c.var.deps, r_id, c.var.caller.u_id);
  return ok(c, `Return #${r_id} withdrawn.`, { r_id, status: 'withdrawn' as const });
};

export const getCreditNoteHandler: RouteHandler<typeof getCreditNote, AppEnv> = async (c) => {
  const { r_id } = c.req.valid('param');
  const { db } = c.var.deps;
  const ret = await findReturn(db, r_id);
  // Another shopper's return is answered as missing.
  if (!ret || (ret.u_id !== c.var.caller.u_id && !c.var.caller.permissions.includes('orders.view'))) throw notFoundError('Return not found.');
  const note = await findCreditNote(db, r_id);
  if (!note) throw notFoundError('The credit note is issued when the return is refunded or credited.');
  const pdf = await renderCreditNotePdf(JSON.parse(note.document) as CreditNoteDocument);
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="credit-note-${note.credit_note_no.replaceAll('/', '-')}.pdf"`,
    'Cache-Control': 'private, no-store',
  });
};
