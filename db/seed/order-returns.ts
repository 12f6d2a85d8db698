/**
 * Returns of the seeded orders (issue 37: the sales report counts returns, so the reports'
 * benchmark must have them): about 3 in every 100 delivered orders comes back, as the returns
 * desk's flow (api/returns/lifecycle.ts) would have written it, by the shop's policy:
 * - a refund or an exchange asked within the return window after delivery, a buy-back (the
 *   shop buying the gold back, no window) weeks or months later;
 * - each moves requested -> approved -> picked up (courier, tracking number) -> received ->
 *   inspected -> refunded (refund, buy-back) or credited (exchange) over some days, with its
 *   timeline; a few are rejected (at the request or at inspection, with the reason) or
 *   withdrawn by the shopper (their pieces freed); the latest ones are still on their way;
 * - what it gives back is the rules' own: rules/returns.ts refundFigures for a refund or an
 *   exchange, the buy-back quote made when asked (rules/buyback.ts, at the metal rate of
 *   today: the seed keeps no past rates) for a buy-back, a dollar order's at its own rate;
 * - paid as the desk pays: an order paid online back through the payment provider (due, then
 *   accepted 40 minutes later: its own 'refunded' step by the system), cash on delivery and
 *   buy-backs by bank or UPI transfer with a reference, an exchange as store credit (the
 *   ledger's grant and the shopper's balance); a refund or an exchange against a tax invoice
 *   issues its GST credit note (rules/credit-note.ts), numbered in the order they were issued.
 * Not made, as the orders' seed makes none: the HUIDs read at inspection, stock put back,
 * photos, messages and the audit trail.
 */

import type { Kysely } from 'kysely';
import { buildCreditNote, creditNoteNumber } from '../../rules/credit-note.ts';
import { paidAtQuoteWords, quotedWhenAskedWords, quotePiece, requestQuote, type RequestQuote, valuedPieceWords } from '../../rules/buyback.ts';
import { financialYearStart, type InvoiceDocument, rupeesFromDollars } from '../../rules/invoice.ts';
import { refundAcceptedNote } from '../../rules/payments.ts';
import { dollarsFromRupees } from '../../rules/pricing.ts';
import { lineNonReturnable, refundFigures, type RefundFigures, RELEASED_RETURN_STATUSES, returnRequestRefusal, type ReturnKind, type ReturnReason, type ReturnStatus, SHOP_FAULT_REASONS } from '../../rules/returns.ts';
import type { ShopPolicy } from '../../rules/shop-policy.ts';
import { insertCreditNote } from '../queries/credit-notes.ts';
import { currentMetalRates } from '../queries/metal-rates.ts';
import { shopPolicy } from '../queries/shop-policy.ts';
import type { Database } from '../schema.ts';
import { writeTransaction } from '../transaction.ts';
import { insertRows, ROWS, saveCounters } from './bulk.ts';
import { sqlTimestamp } from './clock.ts';
import type { Random } from './random.ts';

type Db = Kysely<Database>;

/** Of the delivered orders, how many come back (a jeweller sees a few in a hundred). */
export const RETURN_RATE = 0.03;
/** Returns per transaction. */
const BATCH = 500;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** When each step is reached, in days after the request. */
const STEP_DAYS = { approved: 0.5, picked_up: 1.5, received: 3.5, inspected: 4, paid: 5 } as const;
/** The payment provider accepts an online refund this long after the desk's step. */
const PROVIDER_AFTER_MS = 40 * 60_000;
const COURIERS = ['Blue Dart', 'Delhivery', 'DTDC', 'India Post'];

/** A delivered seeded order as its return reads it. */
export interface ReturnableOrder {
  o_id: number;
  u_id: number;
  currency: 'INR' | 'USD';
  usd_inr: number | null;
  payment: 'cod' | 'online';
  discount: number;
  shipping: number;
  deliveredAt: Date;
  /** The order's tax invoice; null when it has none. */
  invoice: InvoiceDocument | null;
  /** In line order (oi_id ascending, as the invoice lists them). */
  lines: { oi_id: number; product_name: string; carat_name: string; quantity: number; line_total: number; partial_refund: boolean; non_returnable: string | null; carat_id: number; net_weight_mg: number | null; stones_inr: number | null; making_inr: number | null }[];
}

interface Step {
  status: ReturnStatus;
  actor: 'shopper' | 'shop' | 'system';
  at: Date;
  note: string | null;
}

/** One seeded return: its row, pieces, timeline, and what its payment wrote besides. */
interface Planned {
  order: ReturnableOrder;
  kind: ReturnKind;
  reason: ReturnReason;
  pieces: { oi_id: number; quantity: number }[];
  steps: Step[];
  /** The columns the steps set (amount, payout, courier, quote). */
  row: Record<string, unknown>;
  /** Minor units of the order's currency, once given back. */
  amount: number | null;
  figures: RefundFigures | null;
  /** When the money or credit was given (the refunded or credited step). */
  paidAt: Date | null;
}

/** How the request ends, when nothing stops it first. */
type Outcome = 'paid' | 'rejected_at_request' | 'withdrawn' | 'rejected_at_inspection';

function outcomeOf(rng: Random): Outcome {
  const x = rng.next();
  return x < 0.06 ? 'rejected_at_request' : x < 0.1 ? 'withdrawn' : x < 0.13 ? 'rejected_at_inspection' : 'paid';
}

const REFUND_REASONS: readonly ReturnReason[] = ['changed_mind', 'changed_mind', 'size_fit', 'size_fit', 'not_as_described', 'defective', 'damaged_in_transit', 'wrong_item'];
const EXCHANGE_REASONS: readonly ReturnReason[] = ['size_fit', 'upgrade', 'upgrade', 'changed_mind'];

/** Paise per gram of today's rate for each carat. */
type Rates = Map<number, number>;

/** The return one order makes, or null when it makes none (a buy-back asked after now, a window of no hours). */
function planReturn(rng: Random, order: ReturnableOrder, policy: ShopPolicy, rates: Rates, now: Date): Planned | null {
  const valuable = order.lines.filter((l) => l.net_weight_mg !== null && l.net_weight_mg > 0 && rates.has(l.carat_id));
  const windowHours = Math.min(policy.return_window_hours, policy.defect_report_hours);
  const draw = rng.next();
  const kind: ReturnKind = (draw < 0.2 && valuable.length > 0) || windowHours <= 0 ? 'buyback' : draw < 0.5 && policy.exchange_allowed ? 'exchange' : 'refund';
  if (kind === 'buyback' && valuable.length === 0) return null;
  const line = rng.pick(kind === 'buyback' ? valuable : order.lines);
  const pieces = [{ oi_id: line.oi_id, quantity: line.quantity > 1 && rng.chance(0.3) ? line.quantity : 1 }];
  // A piece sold as non-returnable (engraved, custom) comes back only for a fault of the shop's.
  const onlyForFault = kind !== 'buyback' && lineNonReturnable(policy, line.non_returnable) !== null;
  const reason = kind === 'buyback' ? 'sell_gold' : rng.pick(onlyForFault ? SHOP_FAULT_REASONS : kind === 'exchange' ? EXCHANGE_REASONS : REFUND_REASONS);
  const asked = new Date(order.deliveredAt.getTime() + (kind === 'buyback' ? rng.between(20, 400) * DAY_MS : rng.between(0.02, 0.95) * windowHours * HOUR_MS));
  if (asked > now) return null;
  // Never a request the live store would refuse (rules/returns.ts, the request's own check).
  const refusal = returnRequestRefusal(policy, {
    kind, reason, order_status: 4, delivered_at: order.deliveredAt.getTime(), items: pieces, now: asked.getTime(),
    lines: order.lines.map((l) => ({ oi_id: l.oi_id, product_name: l.product_name, quantity: l.quantity, already_returned: 0, non_returnable: lineNonReturnable(policy, l.non_returnable), partial_refund: l.partial_refund })),
  });
  if (refusal) return null;

  const row: Record<string, unknown> = {};
  const steps: Step[] = [{ status: 'requested', actor: 'shopper', at: asked, note: null }];
  let quote: RequestQuote | null = null;
  if (kind === 'buyback') {
    const rate = rates.get(line.carat_id)!;
    const piece = quotePiece({ netWeightMg: line.net_weight_mg!, quantity: pieces[0].quantity, stonesInr: line.stones_inr, makingInr: line.making_inr }, rate, policy);
    const rupees = requestQuote([{ quote: piece, ratePaisePerGram: rate, rateAt: null }], asked, policy);
    const payout = order.currency === 'INR' ? rupees.payout : dollarsFromRupees(rupees.payout, order.usd_inr!);
    quote = { ...rupees, payout };
    Object.assign(row, {
      quote_rate_inr_per_gram: quote.ratePaisePerGram, quote_rate_at: null, quote_metal_value: quote.metalValue, quote_payout: quote.payout,
      quote_valid_until: sqlTimestamp(new Date(quote.validUntil)),
    });
    // The request's timeline entry says what it was quoted, in the words of a live request.
    const words = valuedPieceWords({ productName: line.product_name, quantity: pieces[0].quantity, carat: line.carat_name, quote: piece, ratePaisePerGram: rate, rateAt: null });
    steps[0].note = quotedWhenAskedWords([words], { payout, currency: order.currency, validUntil: quote.validUntil });
  }
  const outcome = outcomeOf(rng);
  const at = (days: number) => new Date(asked.getTime() + Math.round(days * DAY_MS));
  const planned: Planned = { order, kind, reason, pieces, steps, row, amount: null, figures: null, paidAt: null };
  const step = (status: ReturnStatus, days: number, actor: Step['actor'] = 'shop', note: string | null = null): boolean => {
    if (at(days) > now) return false;
    steps.push({ status, actor, at: at(days), note });
    return true;
  };
  if (outcome === 'rejected_at_request') {
    step('rejected', STEP_DAYS.approved, 'shop', 'The photos show wear after delivery: the piece cannot be taken back.');
    return planned;
  }
  if (!step('approved', STEP_DAYS.approved)) return planned;
  if (outcome === 'withdrawn') {
    step('withdrawn', STEP_DAYS.approved + 0.3, 'shopper');
    return planned;
  }
  const courier = rng.pick(COURIERS);
  const tracking = `RT${String(order.o_id).padStart(9, '0')}`;
  if (!step('picked_up', STEP_DAYS.picked_up, 'shop', `${courier} ${tracking}`)) return planned;
  Object.assign(row, { courier_name: courier, tracking_number: tracking });
  if (!step('received', STEP_DAYS.received)) return planned;
  if (outcome === 'rejected_at_inspection') {
    step('rejected', STEP_DAYS.inspected, 'shop', 'The piece returned is not in the condition it was sold in: sent back to the shopper.');
    return planned;
  }
  if (!step('inspected', STEP_DAYS.inspected)) return planned;
  if (at(STEP_DAYS.paid) > now) return planned;

  let amount: number;
  let note: string | null = null;
  if (quote) {
    amount = quote.payout;
    note = paidAtQuoteWords({ ...quote, currency: order.currency });
  } else {
    const piecesLeft = order.lines.reduce((n, l) => n + l.quantity, 0) - pieces[0].quantity;
    planned.figures = refundFigures(
      policy, kind, reason,
      { currency: order.currency, usd_inr: order.usd_inr, discount: order.discount, shipping: order.shipping, lines: order.lines, pieces_left_after: piecesLeft },
      [{ oi_id: line.oi_id, product_name: line.product_name, quantity: line.quantity, line_total: line.line_total, returned: pieces[0].quantity, partial_refund: line.partial_refund }],
    );
    amount = planned.figures.refund;
  }
  const paidAt = at(STEP_DAYS.paid);
  planned.amount = amount;
  planned.paidAt = paidAt;
  row.refund_amount = amount;
  if (kind === 'exchange') {
    Object.assign(row, { payout_method: 'store_credit', payout_status: 'paid' });
    steps.push({ status: 'credited', actor: 'shop', at: paidAt, note });
  } else if (kind === 'refund' && order.payment === 'online') {
    const accepted = new Date(paidAt.getTime() + PROVIDER_AFTER_MS);
    Object.assign(row, { payout_method: 'online', payout_status: accepted > now ? 'due' : 'paid' });
    steps.push({ status: 'refunded', actor: 'shop', at: paidAt, note });
    if (accepted <= now) {
      steps.push({ status: 'refunded', actor: 'system', at: accepted, note: refundAcceptedNote(amount, order.currency) });
    }
  } else {
    const upi = rng.chance(0.5);
    Object.assign(row, { payout_method: upi ? 'upi' : 'bank', payout_reference: `${upi ? 'UPI' : 'UTR'}${String(order.o_id).padStart(10, '0')}`, payout_status: 'paid' });
    steps.push({ status: 'refunded', actor: 'shop', at: paidAt, note });
  }
  return planned;
}

/**
 * Adds the returns of `orders` (delivered seeded orders, about RETURN_RATE of them chosen by the
 * caller), in bulk, `BATCH` returns to a transaction. Answers how many returns it added.
 */
export async function seedReturns(db: Db, orders: readonly ReturnableOrder[], options: { rng: Random; now: Date; invoicePrefix: string }): Promise<number> {
  if (orders.length === 0) return 0;
  const { rng, now } = options;
  const [policy, metal, staff] = await Promise.all([
    shopPolicy(db),
    currentMetalRates(db),
    db.selectFrom('users').select('u_id').where('u_type', '=', '0').orderBy('u_id').limit(1).executeTakeFirst(),
  ]);
  const rates: Rates = new Map(metal.rates.flatMap((r) => (r.inr_per_gram === null ? [] : [[r.carat_id, r.inr_per_gram] as const])));
  const plans = orders
    .flatMap((o) => planReturn(rng, o, policy, rates, now) ?? [])
    .sort((a, b) => a.steps[0].at.getTime() - b.steps[0].at.getTime());

  // Credit notes numbered in the order they were issued, after the numbers already given; store
  // credit granted in the order it was given, each grant's balance the shopper's after it.
  const noteOf = new Map<Planned, { credit_note_no: string; financialYear: number; sequence: number }>();
  const counters = new Map<number, number>(
    (await db.selectFrom('credit_note_counters').select(['financial_year', 'last_number']).execute()).map((c) => [Number(c.financial_year), Number(c.last_number)]),
  );
  const paid = plans.filter((p) => p.paidAt !== null).sort((a, b) => a.paidAt!.getTime() - b.paidAt!.getTime());
  for (const p of paid) {
    if (!p.figures || p.figures.credited <= 0 || !p.order.invoice) continue;
    const financialYear = financialYearStart(p.paidAt!);
    const sequence = (counters.get(financialYear) ?? 0) + 1;
    counters.set(financialYear, sequence);
    noteOf.set(p, { credit_note_no: creditNoteNumber(options.invoicePrefix, financialYear, sequence), financialYear, sequence });
  }
  const balances = new Map<number, number>();
  const grantOf = new Map<Planned, { amount: number; balance_after: number }>();
  for (const p of paid) {
    if (p.kind !== 'exchange' || p.amount === null || p.amount <= 0) continue;
    const amount = p.order.currency === 'INR' ? p.amount : rupeesFromDollars(p.amount, p.order.usd_inr!);
    const balance_after = (balances.get(p.order.u_id) ?? 0) + amount;
    balances.set(p.order.u_id, balance_after);
    grantOf.set(p, { amount, balance_after });
  }

  for (let start = 0; start < plans.length; start += BATCH) {
    const batch = plans.slice(start, start + BATCH);
    await writeTransaction(db, async (trx) => {
      const ids: number[] = [];
      for (let i = 0; i < batch.length; i += ROWS) {
        const made = await trx
          .insertInto('returns')
          .values(batch.slice(i, i + ROWS).map((p) => {
            const last = p.steps[p.steps.length - 1];
            return {
              o_id: p.order.o_id, u_id: p.order.u_id, kind: p.kind, status: last.status, reason: p.reason, note: null, currency: p.order.currency,
              created_at: sqlTimestamp(p.steps[0].at), updated_at: sqlTimestamp(last.at), ...p.row,
            };
          }))
          .returning('r_id')
          .execute();
        ids.push(...made.map((m) => m.r_id));
      }
      await insertRows(trx, 'return_items', batch.flatMap((p, k) => {
        const active = RELEASED_RETURN_STATUSES.includes(p.steps[p.steps.length - 1].status) ? 0 : 1;
        return p.pieces.flatMap((piece) => Array.from({ length: piece.quantity }, (_, n) => ({ r_id: ids[k], oi_id: piece.oi_id, piece: n + 1, active })));
      }));
      await insertRows(trx, 'return_events', batch.flatMap((p, k) => p.steps.map((s) => ({
        r_id: ids[k], status: s.status, actor: s.actor, u_id: s.actor === 'shopper' ? p.order.u_id : s.actor === 'shop' ? (staff?.u_id ?? null) : null, note: s.note, created_at: sqlTimestamp(s.at),
      }))));
      await insertRows(trx, 'store_credit_entries', batch.flatMap((p, k) => {
        const grant = grantOf.get(p);
        return grant ? [{ u_id: p.order.u_id, kind: 'grant', ...grant, r_id: ids[k], o_id: null, note: `Exchange of return #${ids[k]} (order #${p.order.o_id})`, created_at: sqlTimestamp(p.paidAt!) }] : [];
      }));
      for (const [k, p] of batch.entries()) {
        const number = noteOf.get(p);
        if (!number) continue;
        const document = buildCreditNote({
          credit_note_no: number.credit_note_no, issuedAt: p.paidAt!, financialYear: number.financialYear, r_id: ids[k], kind: p.kind === 'exchange' ? 'exchange' : 'refund', invoice: p.order.invoice!,
          lines: p.figures!.lines.map((l) => ({ invoice_line: p.order.lines.findIndex((x) => x.oi_id === l.oi_id), quantity: l.returned, value: l.value, percent: l.percent, huids: [] })),
          shipping: p.figures!.shipping_refunded,
        });
        await insertCreditNote(trx, { document, financialYear: number.financialYear, sequence: number.sequence, issuedAt: p.paidAt! });
      }
    }, { audit: 'none' });
  }
  await writeTransaction(db, async (trx) => {
    // The shoppers are the seed's own (no balance before it): each balance is its grants' sum.
    await insertRows(trx, 'store_credit_balances', [...balances].map(([u_id, balance]) => ({ u_id, balance, updated_at: sqlTimestamp(now) })));
    await saveCounters(trx, 'credit_note_counters', counters);
  }, { audit: 'none' });
  return plans.length;
}
