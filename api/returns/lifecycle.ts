/**
 * Returns, exchanges and buy-backs (issue 36): every change of a request goes through here:
 * the shopper's request and withdrawal, and the returns desk's steps. The rules
 * (rules/returns.ts) decide; a refused change answers why and changes nothing; an allowed one
 * moves the request, its timeline, the audit trail and its messages (outbox) in one
 * transaction, with what the step does besides:
 * - inspected: the HUID read off each piece must be one recorded when it was sold; the pieces
 *   go back into stock (rows that keep stock) and their HUIDs are released;
 * - refunded / credited: the amount computed from the policy must be confirmed (without it, 409
 *   with data.refund_amount, as an order's cancel); an order paid online is refunded through
 *   the payment provider outside the transaction (its claim, payout_status 'due', is written in
 *   it, so two staff confirming at once refund once; the refund id is the same on every ask);
 *   cash on delivery and buy-back record the transfer; an exchange grants store credit; a
 *   refund or credit against a tax invoice issues the GST credit note.
 */

import { recordChange } from '../../db/audit.ts';
import type { DB } from '../../db/connection.ts';
import { findInvoice } from '../../db/queries/hallmarks-invoices.ts';
import { findOrder } from '../../db/queries/orders.ts';
import { insertCreditNote, nextCreditNoteSequence } from '../../db/queries/credit-notes.ts';
import {
  addReturnEvent,
  deliveredAt,
  dueReturnRefunds,
  findReturn,
  forgetDecidedReturnPhotos,
  insertReturn,
  type LineForReturn,
  linesForReturn,
  markReturnRefundPaid,
  moveReturn,
  piecesLeft,
  recordedHuids,
  refundedOtherwise,
  releaseReturnedHuids,
  restockReturned,
  returnPieces,
  returnStoreCredit,
  setInspectedHuids,
} from '../../db/queries/returns.ts';
import { currentMetalRates } from '../../db/queries/metal-rates.ts';
import { ownLineForQuote, shopPolicy } from '../../db/queries/shop-policy.ts';
import { quotePiece, quoteRefusal, paidAtQuoteWords, quotedWhenAskedWords, requestQuote, type RequestQuote, requestQuoteWords, valuedPieceWords, type ValuedLine } from '../../rules/buyback.ts';
import { buybackQuoteOf, keptBuybackQuote, recordBuybackQuote } from '../../db/queries/buyback.ts';
import { dollarsFromRupees } from '../../rules/pricing.ts';
import { grantStoreCredit } from '../../db/queries/store-credit.ts';
import { noteStockChange } from '../../db/queries/stock-view.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { log as logger } from '../../db/log.ts';
import { buildCreditNote, creditNoteNumber } from '../../rules/credit-note.ts';
import { conflictError, forbiddenError, invalidError, notFoundError } from '../../rules/errors.ts';
import { financialYearStart, type InvoiceDocument, rupeesFromDollars } from '../../rules/invoice.ts';
import { type Currency, formatMoney, toMajor } from '../../rules/money.ts';
import {
  type DeskStatus,
  isReturnReason,
  lineNonReturnable,
  matchReturnedHuids,
  nextReturnStatuses,
  type RefundFigures,
  refundFigures,
  type RefundSplit,
  refundSplit,
  refundSplitText,
  type ReturnKind,
  type ReturnPolicy,
  type ReturnReason,
  returnRequestRefusal,
  type ReturnStatus,
  returnTransitionRefusal,
} from '../../rules/returns.ts';
import { refundAcceptedNote, refundDaysText } from '../../rules/payments.ts';
import type { Deps } from '../context.ts';
import { enqueueReturnMessages, returnEventOf, type ReturnMessagePayload } from '../messages/return-events.ts';
import { messagesWaiting } from '../messages/nudge.ts';
import { removeMediaFiles } from '../media.ts';
import { paymentProvider } from '../payments/provider.ts';

type Order = NonNullable<Awaited<ReturnType<typeof findOrder>>>;
type Return = NonNullable<Awaited<ReturnType<typeof findReturn>>>;

/** A return's figures as the policy gives them now; null for a buy-back (valued by the desk). */
export async function returnEstimate(db: DB, ret: Pick<Return, 'r_id' | 'o_id' | 'kind' | 'reason'>, policy: ReturnPolicy, order?: Order): Promise<RefundFigures | null> {
  if (ret.kind === 'buyback') return null;
  const theOrder = order ?? (await findOrder(db, ret.o_id));
  if (!theOrder) return null;
  const [lines, pieces, left] = await Promise.all([linesForReturn(db, ret.o_id), returnPieces(db, ret.r_id), piecesLeft(db, ret.o_id)]);
  return figuresFor(policy, ret.kind, ret.reason, theOrder, lines, pieces, left);
}

function figuresFor(policy: ReturnPolicy, kind: ReturnKind, reason: string, order: Order, lines: LineForReturn[], pieces: { oi_id: number; quantity: number }[], left: number): RefundFigures {
  return refundFigures(
    policy,
    kind,
    (isReturnReason(reason) ? reason : 'other') as ReturnReason,
    {
      currency: order.currency,
      usd_inr: order.usd_inr === null ? null : Number(order.usd_inr),
      discount: Number(order.discount),
      shipping: Number(order.shipping),
      lines: lines.map((l) => ({ oi_id: l.oi_id, line_total: l.line_total })),
      pieces_left_after: left,
    },
    pieces.map((p) => {
      const line = lines.find((l) => l.oi_id === p.oi_id)!;
      return { oi_id: p.oi_id, product_name: line.product_name, quantity: line.quantity, line_total: line.line_total, returned: p.quantity, partial_refund: line.partial_refund };
    }),
  );
}

/** The policy's view of an order's lines: a product's non-returnable kind counts only when the policy lists it. */
function underPolicy(policy: ReturnPolicy, lines: LineForReturn[]): LineForReturn[] {
  return lines.map((l) => ({ ...l, non_returnable: lineNonReturnable(policy, l.non_returnable) }));
}

function messagePayload(ret: Pick<Return, 'r_id' | 'o_id' | 'kind'>, status: ReturnStatus, order: Order, items: { product_name: string; quantity: number }[], extra: Partial<ReturnMessagePayload>, at: Date): ReturnMessagePayload {
  return {
    r_id: ret.r_id,
    o_id: ret.o_id,
    kind: ret.kind,
    status,
    at: at.toISOString(),
    name: `${order.first_name} ${order.last_name}`.trim(),
    currency: order.currency,
    items,
    amount: null,
    payout_method: null,
    note: null,
    credit_note_no: null,
    refund_days: null,
    ...extra,
  };
}

export interface ReturnRequest {
  u_id: number;
  o_id: number;
  kind: ReturnKind;
  reason: ReturnReason;
  note: string | null;
  items: { oi_id: number; quantity: number }[];
}

/** A shopper asks to return pieces of their own delivered order; answers the request and what the policy gives back. */
export async function requestReturn(deps: Pick<Deps, 'db'>, request: ReturnRequest, now = Date.now()): Promise<{ r_id: number; estimate: RefundFigures | null }> {
  const done = await writeTransaction(deps.db, async (trx) => {
    const order = await findOrder(trx, request.o_id);
    // Another shopper's order is answered as missing: its existence is not theirs to learn.
    if (!order || order.u_id !== request.u_id) throw notFoundError('Order not found.');
    const [policy, delivered, lines] = await Promise.all([shopPolicy(trx), deliveredAt(trx, order.o_id), linesForReturn(trx, order.o_id)]);
    const refusal = returnRequestRefusal(policy, {
      kind: request.kind,
      reason: request.reason,
      order_status: order.status,
      delivered_at: delivered,
      items: request.items,
      lines: underPolicy(policy, lines),
      now,
    });
    if (refusal) throw conflictError(refusal, { o_id: order.o_id });
    // A buy-back is quoted now, on the server, and the quote kept: the desk sees it and pays it (a piece
    // that cannot be valued here is asked all the same, and valued by the desk at the payout).
    const valued = request.kind === 'buyback' ? await buybackValue(trx, request.u_id, order, request.items, new Date(now)) : null;
    const quoted = valued && 'quote' in valued ? valued : null;
    // The request's one timeline entry: the shopper's words, and for a buy-back what it was quoted, piece by piece.
    const quoteNote = quoted ? quotedWhenAskedWords(quoted.words, { payout: quoted.amount, currency: order.currency, validUntil: quoted.quote.validUntil }) : null;
    const r_id = await insertReturn(trx, { ...request, currency: order.currency }, request.u_id, [request.note && `“${request.note}”`, quoteNote].filter(Boolean).join(' ') || null);
    if (quoted) await recordBuybackQuote(trx, r_id, quoted.quote);
    const ret = { r_id, o_id: order.o_id, kind: request.kind, reason: request.reason };
    const estimate = await returnEstimate(trx, ret, policy, order);
    const items = request.items.map((i) => ({ product_name: lines.find((l) => l.oi_id === i.oi_id)!.product_name, quantity: i.quantity }));
    await enqueueReturnMessages(trx, 'return.requested', order.email, messagePayload(ret, 'requested', order, items, { amount: estimate?.refund ?? null, note: request.note }, new Date(now)));
    return { r_id, estimate };
  });
  messagesWaiting();
  return done;
}

/** The shopper withdraws their own request (requested or approved: until it is picked up). */
export async function withdrawReturn(deps: Pick<Deps, 'db'>, r_id: number, u_id: number): Promise<void> {
  await writeTransaction(deps.db, async (trx) => {
    const ret = await findReturn(trx, r_id);
    if (!ret || ret.u_id !== u_id) throw notFoundError('Return not found.');
    const refusal = returnTransitionRefusal(ret.status as ReturnStatus, 'withdrawn', ret.kind, 'shopper');
    if (refusal) throw conflictError(refusal, { r_id, status: ret.status });
    if (!(await moveReturn(trx, r_id, ret.status as ReturnStatus, 'withdrawn'))) throw conflictError('This return changed meanwhile. Please reload it.', { r_id });
    await addReturnEvent(trx, { r_id, status: 'withdrawn', actor: 'shopper', u_id });
    // A member of staff withdrawing for a shopper is recorded; a shopper's own write is not audited.
    await recordChange(trx, { action: 'return.status', entity: 'return', entity_id: r_id, before: { status: ret.status }, after: { status: 'withdrawn' } });
  });
}

export interface ReturnStep {
  r_id: number;
  to: DeskStatus;
  /** The member of staff. */
  u_id: number;
  note?: string | null;
  courier_name?: string;
  tracking_number?: string;
  huids?: string[];
  /** The amount confirmed, minor units of the order's currency. */
  confirmAmount?: number;
  payout_method?: 'bank' | 'upi';
  payout_reference?: string;
  /** The largest refund (paise, in rupees' worth) this caller may make; undefined: no limit. */
  refundLimit?: number;
}

export interface ReturnStepResult {
  r_id: number;
  status: ReturnStatus;
  /** Minor units; null when the step pays nothing. */
  refund_amount: number | null;
  currency: Currency;
  payout_method: 'online' | 'bank' | 'upi' | 'store_credit' | null;
  payout_status: 'due' | 'paid' | null;
  credit_note_no: string | null;
  /** Of refund_amount, what went back as store credit (the part of the order paid with it); 0 when none. */
  store_credit: number;
  /** Where the refund went, in words, when it was split; null otherwise. */
  payout_text: string | null;
}

/**
 * Splits a refund of an order paid partly with store credit: the way it was paid gives back at
 * most what it took less earlier refunds; the rest is granted back as store credit now (once per
 * return: the ledger's grant for r_id).
 */
async function splitRefund(trx: DB, ret: Return, order: Order, amount: number): Promise<RefundSplit> {
  const split = refundSplit(amount, Number(order.total) - Number(order.store_credit ?? 0), await refundedOtherwise(trx, ret.o_id, ret.r_id));
  if (split.store_credit > 0) {
    if (ret.u_id === null) throw conflictError('The shopper\'s account no longer exists: the part of this refund paid with store credit has no one to go back to.');
    await grantStoreCredit(trx, { u_id: ret.u_id, amount: creditPaise(split.store_credit, order), r_id: ret.r_id, note: `Refund of return #${ret.r_id} (order #${ret.o_id}): the part paid with store credit` });
  }
  return split;
}

/**
 * What buying back pieces pays today, from rules/buyback.ts (net weight x today's rate for each
 * piece's purity, the policy's buy-back percents), with the quote in words (each piece, the rate
 * and the rate's time) and as the return keeps it (requestQuote); the amount in the order's
 * currency. A piece that cannot be valued (no weight recorded, no rate set): the refusal in words.
 */
async function buybackValue(
  trx: DB,
  u_id: number,
  order: Order,
  pieces: { oi_id: number; quantity: number }[],
  now: Date,
): Promise<{ refusal: string } | { amount: number; words: string[]; quote: RequestQuote }> {
  const [policy, rates] = await Promise.all([shopPolicy(trx), currentMetalRates(trx)]);
  const valued: ValuedLine[] = [];
  const words: string[] = [];
  for (const piece of pieces) {
    const line = await ownLineForQuote(trx, piece.oi_id, u_id);
    if (!line) return { refusal: 'Order item not found.' };
    const rate = rates.rates.find((r) => r.carat_id === line.carat_id);
    const ratePaisePerGram = rate?.inr_per_gram ?? null;
    const refusal = quoteRefusal({ status: line.status, netWeightMg: line.net_weight_mg, ratePaisePerGram, carat: line.carat_name });
    if (refusal || line.net_weight_mg === null || ratePaisePerGram === null) return { refusal: refusal ?? 'This piece cannot be valued here.' };
    const quote = quotePiece({ netWeightMg: line.net_weight_mg, quantity: piece.quantity, stonesInr: line.stones_inr, makingInr: line.making_inr }, ratePaisePerGram, policy);
    valued.push({ quote, ratePaisePerGram, rateAt: rate?.updatedAt ?? null });
    words.push(valuedPieceWords({ productName: line.product_name, quantity: piece.quantity, carat: line.carat_name ?? rate?.name ?? '', quote, ratePaisePerGram, rateAt: rate?.updatedAt ?? null }));
  }
  const quote = requestQuote(valued, now, policy);
  const amount = order.currency === 'INR' ? quote.payout : order.usd_inr === null ? null : dollarsFromRupees(quote.payout, Number(order.usd_inr));
  if (amount === null) return { refusal: 'This dollar order has no exchange rate kept: its buy-back cannot be valued in dollars.' };
  return { amount, words, quote: { ...quote, payout: amount } };
}

/** An amount of an order's currency in paise (a dollar order's at the rate it was placed at; unknown: above any limit). */
function rupeesWorth(amount: number, order: Pick<Order, 'currency' | 'usd_inr'>): number {
  if (order.currency === 'INR') return amount;
  return order.usd_inr === null ? Number.POSITIVE_INFINITY : rupeesFromDollars(amount, Number(order.usd_inr));
}

/** Store credit (paise) for an exchange of a dollar order: its value at the order's own rate. */
function creditPaise(amount: number, order: Pick<Order, 'currency' | 'usd_inr'>): number {
  if (order.currency === 'INR') return amount;
  if (order.usd_inr === null) throw conflictError('This dollar order has no exchange rate kept: its exchange cannot be valued in store credit. Refund it instead.');
  return rupeesFromDollars(amount, Number(order.usd_inr));
}

/** The desk moves a request one step along its lifecycle. */
export async function changeReturnStatus(deps: Pick<Deps, 'db' | 'config'>, step: ReturnStep, now = Date.now()): Promise<ReturnStepResult> {
  const { r_id, to } = step;
  let restocked: number[] = [];
  let photosGone: string[] = [];
  const done = await writeTransaction(deps.db, async (trx): Promise<ReturnStepResult> => {
    restocked = [];
    photosGone = [];
    const ret = await findReturn(trx, r_id);
    if (!ret) throw notFoundError('Return not found.');
    const from = ret.status as ReturnStatus;
    const refusal = returnTransitionRefusal(from, to, ret.kind, 'shop');
    if (refusal) throw conflictError(refusal, { r_id, status: from, next_statuses: nextReturnStatuses(from, ret.kind) });
    const order = await findOrder(trx, ret.o_id);
    if (!order) throw notFoundError('Order not found.');
    const at = new Date(now);
    const note = step.note?.trim() || null;
    const pieces = await returnPieces(trx, r_id);
    const lines = await linesForReturn(trx, ret.o_id);
    const items = pieces.map((p) => ({ product_name: lines.find((l) => l.oi_id === p.oi_id)?.product_name ?? `Item ${p.oi_id}`, quantity: p.quantity }));
    const set: Parameters<typeof moveReturn>[4] = {};
    const after: Record<string, unknown> = { status: to, ...(note ? { note } : {}) };
    let amount: number | null = null;
    let credit_note_no: string | null = null;
    let extra: Partial<ReturnMessagePayload> = {};
    let split: RefundSplit | null = null;
    let splitText: string | null = null;
    let quoteText: string | null = null;

    if (to === 'rejected' && !note) throw invalidError('Say why the return is rejected (note): the shopper reads it.');
    if (to === 'picked_up') {
      const courier = step.courier_name?.trim();
      const tracking = step.tracking_number?.trim();
      if (!courier || !tracking) throw invalidError('Picked up needs the courier (courier_name) and its tracking number (tracking_number).');
      set.courier_name = courier;
      set.tracking_number = tracking;
      Object.assign(after, set);
    }
    if (to === 'inspected') {
      if (!step.huids || step.huids.length === 0) throw invalidError('Inspected needs the HUID read off each returned piece (huids).');
      const recorded = await recordedHuids(trx, pieces.map((p) => p.oi_id));
      const matched = matchReturnedHuids(
        step.huids,
        pieces.map((p) => ({ oi_id: p.oi_id, product_name: lines.find((l) => l.oi_id === p.oi_id)?.product_name ?? `Item ${p.oi_id}`, quantity: p.quantity, recorded: recorded.get(p.oi_id) ?? [] })),
      );
      if ('refusal' in matched) throw conflictError(matched.refusal, { r_id, status: from });
      await setInspectedHuids(trx, r_id, matched.huids);
      // The pieces are the shop's again: back into stock where the row keeps stock, their HUIDs free to be sold again.
      await releaseReturnedHuids(trx, matched.huids);
      restocked = await restockReturned(
        trx,
        pieces.map((p) => ({ pc_id: lines.find((l) => l.oi_id === p.oi_id)?.pc_id ?? null, quantity: p.quantity })),
      );
      after.huids = [...matched.huids.values()].flat();
    }
    if (to === 'refunded' || to === 'credited') {
      const policy = await shopPolicy(trx);
      const figures = await returnEstimate(trx, ret, policy, order);
      if (figures === null) {
        // A buy-back pays the quote the server made when it was asked (its quote_* columns); one asked
        // before quotes were kept, or whose pieces could not be valued then, is valued at today's rate now.
        const kept = keptBuybackQuote(ret);
        let basis: string;
        if (kept) {
          amount = kept.payout;
          basis = 'the quote made when it was asked';
          quoteText = paidAtQuoteWords({ ...kept, currency: order.currency });
        } else {
          if (ret.u_id === null) throw conflictError('The shopper\'s account no longer exists: there is no one to pay the buy-back to.');
          const valued = await buybackValue(trx, ret.u_id, order, pieces, at);
          if ('refusal' in valued) throw conflictError(valued.refusal);
          amount = valued.amount;
          basis = "the pieces' buy-back value at today's rate";
          quoteText = `Bought back at today's rate: ${valued.words.join(' ')}`;
        }
        if (step.confirmAmount !== amount) {
          const major = formatMoney(toMajor(amount), order.currency, { cents: true });
          throw conflictError(
            `Buying back return #${r_id} pays ${major}, ${basis}${step.confirmAmount === undefined ? '' : `, not ${formatMoney(toMajor(step.confirmAmount), order.currency, { cents: true })}`}. Send refund_amount ${toMajor(amount)} to confirm.`,
            { r_id, status: from, refund_required: true, refund_amount: toMajor(amount), currency: order.currency, quote: quoteText },
          );
        }
        after.buyback_quote = quoteText;
      } else {
        amount = figures.refund;
        if (step.confirmAmount !== amount) {
          const major = toMajor(amount);
          const verb = to === 'credited' ? `Crediting return #${r_id} gives ${formatMoney(major, order.currency, { cents: true })} of store credit` : `Refunding return #${r_id} pays ${formatMoney(major, order.currency, { cents: true })} to the shopper`;
          throw conflictError(
            step.confirmAmount === undefined ? `${verb}. Send refund_amount ${major} to confirm.` : `${verb}, not ${formatMoney(toMajor(step.confirmAmount), order.currency, { cents: true })}. Send refund_amount ${major} to confirm.`,
            { r_id, status: from, refund_required: true, refund_amount: major, currency: order.currency, breakdown: majorFigures(figures) },
          );
        }
      }
      if (step.refundLimit !== undefined && rupeesWorth(amount, order) > step.refundLimit) {
        throw forbiddenError(
          `Return #${r_id} gives back ${formatMoney(toMajor(amount), order.currency, { cents: true })}, above the order desk's limit of ${formatMoney(toMajor(step.refundLimit), 'INR')}: ask the owner or a manager.`,
          { r_id, missing_permission: 'orders.refund_any' },
        );
      }
      set.refund_amount = amount;
      if (to === 'credited') {
        if (ret.u_id === null) throw conflictError('The shopper\'s account no longer exists: there is no one to give store credit to. Refund it instead.');
        await grantStoreCredit(trx, { u_id: ret.u_id, amount: creditPaise(amount, order), r_id, note: `Exchange of return #${r_id} (order #${ret.o_id})` });
        set.payout_method = 'store_credit';
        set.payout_status = 'paid';
      } else if (ret.kind === 'refund' && (split = await splitRefund(trx, ret, order, amount)).paid_back === 0) {
        // The order was paid with store credit as far as this refund reaches: it all goes back as credit.
        set.payout_method = 'store_credit';
        set.payout_status = 'paid';
      } else if (ret.kind === 'refund' && order.payment_method === 'online' && order.provider_order_id) {
        set.payout_method = 'online';
        set.payout_status = 'due';
      } else {
        const reference = step.payout_reference?.trim();
        if (!step.payout_method || !reference) {
          throw invalidError(
            ret.kind === 'buyback'
              ? 'A buy-back is paid by transfer: give payout_method (bank or upi) and the transfer\'s reference (payout_reference).'
              : 'This order was paid cash on delivery: give how the refund was sent (payout_method bank or upi) and the transfer\'s reference (payout_reference).',
          );
        }
        set.payout_method = step.payout_method;
        set.payout_reference = reference;
        set.payout_status = 'paid';
      }
      splitText = split ? refundSplitText(split, order.currency, set.payout_method === 'store_credit' ? null : (set.payout_method as 'online' | 'bank' | 'upi')) : null;
      // The GST credit note: a refund or credit against the order's tax invoice (a buy-back is a purchase, not a credit).
      if (figures !== null && figures.credited > 0) {
        const invoice = await findInvoice(trx, ret.o_id);
        if (invoice) credit_note_no = await issueCreditNote(trx, deps.config.seller.invoicePrefix, ret, invoice, figures, pieces, lines, at);
      }
      Object.assign(after, { refund_amount: toMajor(amount), currency: order.currency, payout_method: set.payout_method, ...(set.payout_reference ? { payout_reference: set.payout_reference } : {}), ...(credit_note_no ? { credit_note_no } : {}) });
      const policyDays = refundDaysText(policy);
      extra = { amount, payout_method: set.payout_method ?? null, credit_note_no, refund_days: set.payout_method === 'online' ? policyDays : null, note: splitText };
      if (split && split.store_credit > 0) after.store_credit = toMajor(split.store_credit);
    }
    if (to === 'approved') {
      const policy = await shopPolicy(trx);
      const figures = await returnEstimate(trx, ret, policy, order);
      extra = { amount: figures?.refund ?? null };
    }
    if (to === 'rejected') extra = { note };

    if (!(await moveReturn(trx, r_id, from, to, set))) throw conflictError('This return changed meanwhile. Please reload it and try again.', { r_id });
    const eventNote = to === 'picked_up' ? [`${set.courier_name} ${set.tracking_number}`, note].filter(Boolean).join(' — ') : [quoteText, splitText, note].filter(Boolean).join(' — ') || null;
    await addReturnEvent(trx, { r_id, status: to, actor: 'shop', u_id: step.u_id, note: eventNote });
    // The shopper deleted their account while this was open: decided now, its photos go as the account's others did.
    if (ret.u_id === null) photosGone = await forgetDecidedReturnPhotos(trx, { r_id });
    await recordChange(trx, { action: 'return.status', entity: 'return', entity_id: r_id, before: { status: from }, after });
    const event = returnEventOf(to);
    if (event) await enqueueReturnMessages(trx, event, order.email, messagePayload(ret, to, order, items, extra, at));
    return {
      r_id,
      status: to,
      refund_amount: amount,
      currency: order.currency,
      payout_method: set.payout_method ?? null,
      payout_status: set.payout_status ?? null,
      credit_note_no,
      store_credit: split?.store_credit ?? 0,
      payout_text: splitText,
    };
  });
  messagesWaiting();
  await noteStockChange(deps.db, restocked).catch(() => undefined);
  await removeMediaFiles(deps, 'ReturnPhotos', photosGone);
  // Outside the transaction: the provider may take seconds; a refund it cannot take now is asked again later.
  if (done.payout_status === 'due') {
    if ((await askForReturnRefund(deps, r_id)) === 'refunded') return { ...done, payout_status: 'paid' };
  }
  return done;
}

/** Figures in major units, as the API speaks them. */
export function majorFigures(f: RefundFigures) {
  return {
    lines: f.lines.map((l) => ({ ...l, paid: toMajor(l.paid), value: toMajor(l.value) })),
    goods: toMajor(f.goods),
    shipping_refunded: toMajor(f.shipping_refunded),
    return_shipping: toMajor(f.return_shipping),
    refund: toMajor(f.refund),
  };
}

/** Issues the return's GST credit note (in the refund's transaction): the next number of the year, the invoice's split. */
async function issueCreditNote(
  trx: DB,
  invoicePrefix: string,
  ret: Pick<Return, 'r_id' | 'kind'>,
  invoice: { invoice_no: string; document: string },
  figures: RefundFigures,
  pieces: { oi_id: number; huids: string[] }[],
  lines: LineForReturn[],
  at: Date,
): Promise<string> {
  const financialYear = financialYearStart(at);
  const sequence = await nextCreditNoteSequence(trx, financialYear);
  const credit_note_no = creditNoteNumber(invoicePrefix, financialYear, sequence);
  const document: InvoiceDocument = JSON.parse(invoice.document);
  // The invoice lists the order's lines in oi_id order (db/invoices.ts): a line's position there.
  const positions = new Map([...lines].sort((a, b) => a.oi_id - b.oi_id).map((l, i) => [l.oi_id, i]));
  const note = buildCreditNote({
    credit_note_no,
    issuedAt: at,
    financialYear,
    r_id: ret.r_id,
    kind: ret.kind === 'exchange' ? 'exchange' : 'refund',
    invoice: document,
    lines: figures.lines.map((l) => ({
      invoice_line: positions.get(l.oi_id) ?? 0,
      quantity: l.returned,
      value: l.value,
      percent: l.percent,
      huids: pieces.find((p) => p.oi_id === l.oi_id)?.huids ?? [],
    })),
    shipping: figures.shipping_refunded,
  });
  await insertCreditNote(trx, { document: note, financialYear, sequence, issuedAt: at });
  return credit_note_no;
}

/** Our id for a return's refund at the provider: the same on every ask, so it never pays twice. */
export const returnRefundId = (r_id: number, providerOrderId: string) => `ret${r_id}_${providerOrderId.replace(/^order_/, '')}`.slice(0, 40);

/** Asks the provider for a return's due refund; on its acceptance the return's payout is 'paid'. */
export async function askForReturnRefund(deps: Pick<Deps, 'db' | 'config'>, r_id: number): Promise<'refunded' | 'refund_due' | 'nothing_to_refund'> {
  const ret = await findReturn(deps.db, r_id);
  if (!ret || ret.payout_status !== 'due' || ret.refund_amount === null) return 'nothing_to_refund';
  const order = await findOrder(deps.db, ret.o_id);
  if (!order?.provider_order_id) return 'nothing_to_refund';
  // What the provider gives back: the refund less the part that went back as store credit.
  const paidBack = Number(ret.refund_amount) - (await returnStoreCredit(deps.db, r_id));
  try {
    await paymentProvider(deps).refund({
      orderId: order.provider_order_id,
      refundId: returnRefundId(r_id, order.provider_order_id),
      amount: paidBack,
      note: `Return ${r_id} of order ${ret.o_id}`,
    });
  } catch (error) {
    logger.warn(`refund of return ${r_id} not accepted yet: ${(error as Error).message}`);
    return 'refund_due';
  }
  await writeTransaction(
    deps.db,
    async (trx) => {
      if (await markReturnRefundPaid(trx, r_id)) {
        await addReturnEvent(trx, {
          r_id,
          status: 'refunded',
          actor: 'system',
          u_id: null,
          note: refundAcceptedNote(paidBack, order.currency),
        });
      }
    },
    { audit: 'none' },
  );
  return 'refunded';
}

/** Asks again for every return refund the provider has not accepted yet (for the payments' reconciliation). */
export async function retryDueReturnRefunds(deps: Pick<Deps, 'db' | 'config'>): Promise<{ refunded: number; due: number }> {
  const due = await dueReturnRefunds(deps.db);
  let refunded = 0;
  for (const { r_id } of due) if ((await askForReturnRefund(deps, r_id)) === 'refunded') refunded += 1;
  return { refunded, due: due.length - refunded };
}


/** A buy-back request's kept quote as the API shows it (major units; times ISO 8601); null when none was kept. */
export async function buybackQuoteView(db: DB, r_id: number, currency: Currency) {
  const quote = await buybackQuoteOf(db, r_id);
  if (!quote) return null;
  return {
    rate_inr_per_gram: quote.ratePaisePerGram === null ? null : toMajor(quote.ratePaisePerGram),
    rate_at: quote.rateAt,
    metal_value: toMajor(quote.metalValue),
    payout: toMajor(quote.payout),
    valid_until: quote.validUntil,
    words: requestQuoteWords({ ...quote, currency }),
  };
}
