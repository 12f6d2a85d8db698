/**
 * What a piece bought here is worth today (issue 36, "What my gold is worth today"): its
 * exchange value and its buy-back value at today's metal rate. The metal is valued afresh
 * (net weight x today's rate for its purity, rules/pricing.ts's rounding); the stones and
 * the making charge at what the order recorded for them; each part then at the shop policy's
 * percent for it (rules/shop-policy.ts). All money paise, weights milligrams; pure.
 */

import { divideHalfUp } from './pricing.ts';
import { type Currency, formatMoney, toMajor } from './money.ts';
import { formatDateTime } from './dates.ts';
import { atPercent, type ShopPolicy } from './shop-policy.ts';
import { ORDER_STATUS } from './orders.ts';

/** What the quote needs of an order line: the piece as sold. */
export interface QuotedPiece {
  /** Net metal weight of one piece, milligrams (null: not recorded, e.g. a fixed-price piece). */
  netWeightMg: number | null;
  quantity: number;
  /** The stones' and the making charge's value of one piece when sold, paise (null: not recorded: 0). */
  stonesInr: number | null;
  makingInr: number | null;
}

export interface QuoteLine {
  /** Today's value of this part of the line (paise). */
  value: number;
  /** The policy's percent for it. */
  percent: number;
  /** value x percent, half-up to the paisa. */
  amount: number;
}

export interface QuoteSide {
  metal: QuoteLine;
  stones: QuoteLine;
  making: QuoteLine;
  total: number;
}

export interface PieceQuote {
  /** Net weight of the whole line (all its pieces), milligrams. */
  netWeightMg: number;
  /** Net weight x today's rate, paise. */
  metalValue: number;
  /** null when the shop takes no exchanges. */
  exchange: QuoteSide | null;
  buyback: QuoteSide;
}

function side(values: { metal: number; stones: number; making: number }, percents: { metal: number; stones: number; making: number }): QuoteSide {
  const line = (value: number, percent: number): QuoteLine => ({ value, percent, amount: atPercent(value, percent) });
  const metal = line(values.metal, percents.metal);
  const stones = line(values.stones, percents.stones);
  const making = line(values.making, percents.making);
  return { metal, stones, making, total: metal.amount + stones.amount + making.amount };
}

/**
 * The exchange and buy-back value of a line at today's rate (paise per gram of its purity).
 * The caller has checked the piece may be quoted (`quoteRefusal`): a recorded weight and a rate.
 */
export function quotePiece(piece: QuotedPiece & { netWeightMg: number }, ratePaisePerGram: number, policy: ShopPolicy): PieceQuote {
  const netWeightMg = piece.netWeightMg * piece.quantity;
  const metal = divideHalfUp(netWeightMg * ratePaisePerGram, 1000);
  const values = { metal, stones: (piece.stonesInr ?? 0) * piece.quantity, making: (piece.makingInr ?? 0) * piece.quantity };
  return {
    netWeightMg,
    metalValue: metal,
    exchange: policy.exchange_allowed ? side(values, { metal: policy.exchange_metal_percent, stones: policy.exchange_stone_percent, making: policy.exchange_making_percent }) : null,
    buyback: side(values, { metal: policy.buyback_metal_percent, stones: policy.buyback_stone_percent, making: policy.buyback_making_percent }),
  };
}

/** Why a line cannot be quoted, in words (null: it can). */
export function quoteRefusal(line: { status: number; netWeightMg: number | null; ratePaisePerGram: number | null; carat: string | null }): string | null {
  if (line.status !== ORDER_STATUS.delivered) return 'A piece can be valued once its order has been delivered.';
  if (line.netWeightMg === null || line.netWeightMg <= 0) return "This piece's metal weight was not recorded when it was sold, so it cannot be valued here. Please contact us for a valuation.";
  if (line.ratePaisePerGram === null) return `Today's rate for ${line.carat ?? 'this purity'} has not been set yet, so this piece cannot be valued. Please try again later.`;
  return null;
}

/** Until when a quote made at `now` holds: the policy's days later (ISO 8601 UTC). */
export function quoteValidUntil(now: Date, policy: Pick<ShopPolicy, 'quote_valid_days'>): string {
  return new Date(now.getTime() + policy.quote_valid_days * 24 * 60 * 60 * 1000).toISOString();
}

/** Grams with three decimals, as the jeweller weighs: 5250 mg -> "5.250 g". */
export function gramsText(milligrams: number): string {
  return `${(milligrams / 1000).toFixed(3)} g`;
}

/** The quote in one sentence: "5.250 g of 22K at ₹7,250.00/g: exchange value ₹38,062.50, buy-back value ₹34,256.25." */
export function quoteWords(quote: PieceQuote, carat: string, ratePaisePerGram: number): string {
  const money = (paise: number) => formatMoney(toMajor(paise), 'INR', { cents: true });
  const exchange = quote.exchange ? `exchange value ${money(quote.exchange.total)}, ` : '';
  return `${gramsText(quote.netWeightMg)} of ${carat} at ${money(ratePaisePerGram)}/g: ${exchange}buy-back value ${money(quote.buyback.total)}.`;
}

/**
 * One piece of a buy-back request, valued, in words: "Gold Ring × 1: 5.250 g of 22K at ₹7,250.00/g:
 * exchange value ₹38,062.50, buy-back value ₹34,256.25. Rate of 28 Nov 2026, 6:30 pm."
 */
export function valuedPieceWords(piece: { productName: string; quantity: number; carat: string; quote: PieceQuote; ratePaisePerGram: number; rateAt: string | null }): string {
  const when = piece.rateAt ? ` Rate of ${formatDateTime(piece.rateAt)}.` : '';
  return `${piece.productName} × ${piece.quantity}: ${quoteWords(piece.quote, piece.carat, piece.ratePaisePerGram)}${when}`;
}

/**
 * A buy-back request's first timeline entry after the shopper's words: what it was quoted when
 * asked, piece by piece (valuedPieceWords), the sum when more than one, and until when it holds.
 * `payout` in the return's currency (minor units).
 */
export function quotedWhenAskedWords(pieces: readonly string[], quote: { payout: number; currency: Currency; validUntil: string }): string {
  const all = pieces.length > 1 ? ` In all: ${formatMoney(toMajor(quote.payout), quote.currency, { cents: true })}.` : '';
  return `Quoted at today's rate: ${pieces.join(' ')}${all} Valid until ${formatDateTime(quote.validUntil)}.`;
}

/** One line of a buy-back request, valued: its quote, the rate it was valued at and that rate's time (ISO 8601). */
export interface ValuedLine {
  quote: PieceQuote;
  ratePaisePerGram: number;
  rateAt: string | null;
}

/** A buy-back request's quote as the return keeps it (its quote_* columns). Money in paise. */
export interface RequestQuote {
  /** The rate per gram the pieces were valued at; null when they are of more than one purity (each line's is in the words). */
  ratePaisePerGram: number | null;
  /** When that rate was set (the oldest, for several), ISO 8601; null when not known. */
  rateAt: string | null;
  /** Net weight x rate of all the pieces. */
  metalValue: number;
  /** What buying them back pays: the policy's buy-back percents of each part. */
  payout: number;
  /** Until when the quote holds (quoteValidUntil), ISO 8601. */
  validUntil: string;
}

/**
 * The quote of a buy-back request of several lines, made when the shopper asks: the sum of each
 * line's metal value and buy-back value (rules above), the one rate they were valued at, the
 * oldest rate's time, valid the policy's days from `now`. Worked figures: one ring, 5.250 g of
 * 22K at ₹7,250/g, nothing else recorded: metal ₹38,062.50, buy-back at 90% ₹34,256.25.
 */
export function requestQuote(lines: readonly ValuedLine[], now: Date, policy: Pick<ShopPolicy, 'quote_valid_days'>): RequestQuote {
  const rates = new Set(lines.map((l) => l.ratePaisePerGram));
  const times = lines.map((l) => l.rateAt).filter((t): t is string => t !== null).sort();
  return {
    ratePaisePerGram: rates.size === 1 ? [...rates][0] : null,
    rateAt: times[0] ?? null,
    metalValue: lines.reduce((t, l) => t + l.quote.metalValue, 0),
    payout: lines.reduce((t, l) => t + l.quote.buyback.total, 0),
    validUntil: quoteValidUntil(now, policy),
  };
}

/**
 * A kept quote in words for the desk and the timeline: "Metal value ₹38,062.50 at ₹7,250.00/g
 * (rate of 28 Nov 2026, 6:30 pm); buy-back value ₹34,256.25, quoted when asked and valid until
 * 29 Nov 2026, 6:30 pm." `payout` in the return's currency (minor units).
 */
export function requestQuoteWords(quote: Omit<RequestQuote, 'payout'> & { payout: number; currency: Currency }): string {
  const rupees = (paise: number) => formatMoney(toMajor(paise), 'INR', { cents: true });
  const rate = quote.ratePaisePerGram === null ? ' at the rates of their purities' : ` at ${rupees(quote.ratePaisePerGram)}/g`;
  const when = quote.rateAt ? ` (rate of ${formatDateTime(quote.rateAt)})` : '';
  return `Metal value ${rupees(quote.metalValue)}${rate}${when}; buy-back value ${formatMoney(toMajor(quote.payout), quote.currency, { cents: true })}, quoted when asked and valid until ${formatDateTime(quote.validUntil)}.`;
}

/** The timeline's words when a buy-back is paid at the quote kept when it was asked. */
export function paidAtQuoteWords(quote: Parameters<typeof requestQuoteWords>[0]): string {
  return `Bought back at the quote made when it was asked: ${requestQuoteWords(quote)}`;
}
