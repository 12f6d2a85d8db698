/**
 * The jeweller's price rules (pure: no I/O); api/orders/pricing.ts applies them
 * to the catalogue. A rate-priced carat row costs
 *
 *   metal  = net weight x the day's rate for its carat
 *   making = a percentage of the metal, or rupees per gram of net weight
 *   stones = the stones' value
 *   GST    = 3% of (metal + making + stones)
 *   price  = metal + making + stones + GST, rounded to the whole rupee
 *
 * Its dollar price is the export price: that rupee price without the GST in it
 * (exportPrice: an export is zero-rated, so a shopper abroad pays no Indian GST)
 * at the day's rupees-per-dollar rate, rounded to the cent. Everything is
 * integers: weights in milligrams, rupees in paise, percentages in basis points;
 * each step rounds half up to a paisa.
 *
 * Listed prices therefore differ in what they hold: rupee prices (inr_price)
 * include the 3% GST, dollar prices (usd_price) exclude it. The currency a
 * shopper sees follows the account (rules/currency.ts, by phone country code);
 * whether GST is charged follows where the order is delivered (the order's
 * country). supplyPrice is the one place the two meet:
 *
 *   rupees, delivered in India  -> inr_price as listed (GST included)
 *   rupees, delivered abroad    -> exportPrice(inr_price) (zero-rated export)
 *   dollars, delivered abroad   -> usd_price as listed (already without GST)
 *   dollars, delivered in India -> domesticPrice(usd_price) (3% GST added)
 */

import { type Currency, formatMoney, toMajor } from './money.ts';

export type PricingMode = 'rate' | 'fixed';
export type MakingType = 'percent' | 'per_gram';

export const PRICING_MODES = ['rate', 'fixed'] as const satisfies readonly PricingMode[];
export const MAKING_TYPES = ['percent', 'per_gram'] as const satisfies readonly MakingType[];

/** GST on gold jewellery: 3%, in basis points. */
export const GST_BASIS_POINTS = 300;

/** The rate as the shop writes it beside a price: "3%". */
export const GST_RATE_TEXT = `${GST_BASIS_POINTS / 100}%`;

/** What a rate-priced row is made of. */
export interface RateRecipe {
  /** Net metal weight, milligrams. */
  netWeightMg: number;
  makingType: MakingType;
  /** percent: basis points of the metal value (12.5% = 1250); per_gram: paise per gram. */
  makingValue: number;
  /** Paise. */
  stoneValue: number;
}

/** A rate-priced row's price and how it is made up; all paise. */
export interface PriceBreakup {
  metal: number;
  making: number;
  stones: number;
  gst: number;
  /** What rounding to the whole rupee added (negative when it took away): -50 < roundOff <= 50. */
  roundOff: number;
  /** metal + making + stones + gst + roundOff: a whole number of rupees. */
  total: number;
}

/** n / d rounded half up, for whole n >= 0 and d > 0, exactly. */
export function divideHalfUp(n: number, d: number): number {
  const q = Math.floor(n / d);
  const r = n - q * d;
  return r * 2 >= d ? q + 1 : q;
}

/** The rupee price of a rate-priced row at a rate (paise per gram of its carat). */
export function priceByRate(recipe: RateRecipe, ratePaisePerGram: number): PriceBreakup {
  const metal = divideHalfUp(recipe.netWeightMg * ratePaisePerGram, 1000);
  const making =
    recipe.makingType === 'percent' ? divideHalfUp(metal * recipe.makingValue, 10_000) : divideHalfUp(recipe.netWeightMg * recipe.makingValue, 1000);
  const stones = recipe.stoneValue;
  const beforeTax = metal + making + stones;
  const gst = divideHalfUp(beforeTax * GST_BASIS_POINTS, 10_000);
  const total = divideHalfUp(beforeTax + gst, 100) * 100;
  return { metal, making, stones, gst, roundOff: total - (beforeTax + gst), total };
}

/** The GST in a GST-inclusive amount: amount x 3/103, rounded half up (what an IGST invoice line shows). */
export function gstIncluded(inclusive: number): number {
  return divideHalfUp(inclusive * GST_BASIS_POINTS, 10_000 + GST_BASIS_POINTS);
}

/**
 * A GST-inclusive price without its GST: the price of the same piece when it
 * is exported (zero-rated). The one place an export price is derived, in
 * either currency. 1,03,000.00 -> 1,00,000.00.
 */
export function exportPrice(inclusive: number): number {
  return inclusive - gstIncluded(inclusive);
}

/** A price without GST with the 3% added, rounded half up: what a piece listed without GST costs delivered in India. */
export function domesticPrice(exclusive: number): number {
  return exclusive + divideHalfUp(exclusive * GST_BASIS_POINTS, 10_000);
}

/** A breakup's price without its GST: what an export pays in rupees, and what its dollar price is converted from. */
export interface WithoutGst {
  /** exportPrice(total), paise. */
  value: number;
  /**
   * value - (metal + making + stones): the rounding of the GST-inclusive price
   * to the whole rupee, carried into the price without GST (a few paise either way).
   */
  roundOff: number;
}

/**
 * The export side of a rate-priced breakup, so a dollar shopper's breakup adds
 * up to the figure their dollar price is made from. ₹1,00,000.00 of metal,
 * making and stones is ₹1,03,000 with GST and ₹1,00,000.00 without it.
 */
export function withoutGst(breakup: Pick<PriceBreakup, 'metal' | 'making' | 'stones' | 'total'>): WithoutGst {
  const value = exportPrice(breakup.total);
  return { value, roundOff: value - (breakup.metal + breakup.making + breakup.stones) };
}

/** Whether a currency's listed prices include GST: rupees yes, dollars (the export price) no. */
export const LISTED_INCLUDES_GST: Record<Currency, boolean> = { INR: true, USD: false };

/**
 * What one piece costs in the shopper's currency, delivered to `country` (ISO
 * alpha-2): GST included for India, excluded for an export, whichever currency
 * the listed price is in.
 */
export function supplyPrice(listed: number, currency: Currency, country: string): number {
  const inIndia = country === 'IN';
  if (inIndia === LISTED_INCLUDES_GST[currency]) return listed;
  return inIndia ? domesticPrice(listed) : exportPrice(listed);
}

/** A rupee amount (paise) in dollars (cents) at `paisePerDollar`, rounded half up to the cent. */
export function dollarsFromRupees(paise: number, paisePerDollar: number): number {
  return divideHalfUp(paise * 100, paisePerDollar);
}

/**
 * Both prices of a rate-priced row: rupees with GST (paise, whole rupees) and
 * the export price in dollars (cents, without GST), with the breakup.
 */
export function priceRow(recipe: RateRecipe, ratePaisePerGram: number, paisePerDollar: number) {
  const breakup = priceByRate(recipe, ratePaisePerGram);
  return { inr_price: breakup.total, usd_price: dollarsFromRupees(exportPrice(breakup.total), paisePerDollar), breakup };
}

/**
 * The most one piece may cost, in minor units of each currency (issue 32):
 * ₹10,00,00,000.00 (ten crore rupees, GST included, as inr_price) and
 * $10,000,000.00 (the export price, as usd_price). Every price the shop stores
 * or derives for a piece, fixed or rate-priced, stays within these: a product
 * save or a rate change that would pass them is refused, and a row stored past
 * them anyway (before this bound, or by hand) is left out of sale.
 *
 * Why these figures:
 * - No piece a web cart sells costs more; at ₹84-90 to the dollar ten crore is
 *   about $1.2 million, so the dollar bound leaves the rupee room to gain
 *   eightfold before a piece at the rupee bound meets the dollar one.
 * - They are ~900,000 times below 2^53 (Number.MAX_SAFE_INTEGER, where integer
 *   arithmetic in JavaScript stops being exact): every step of priceByRate for a
 *   price within them is exact (net weight x rate is at most ~10^13 then), and so
 *   is what an order derives from a line of 99 such pieces (about 10^12): its
 *   GST split (x 600), its coupon (money.ts percentOf, exact for any safe amount)
 *   and its rupees from dollars (x the rate, at most ₹1,000: METAL_RATE_LIMITS).
 * - The columns hold them with room to spare: bigint on PostgreSQL and SQLite's
 *   64-bit integer (9.2 x 10^18); a net weight of 10 kg (CARAT_ROW_LIMITS) is
 *   10^7 mg, inside PostgreSQL's integer column.
 * - The shoppers' listing index sorts prices as numbers holding price and row
 *   (db/queries/listing-index.ts rowsByPrice): exact up to 2^19 rows at this bound.
 */
export const MAX_PIECE_PRICE: Readonly<Record<Currency, number>> = { INR: 10_000_000_000, USD: 1_000_000_000 };

/** A piece's two prices (minor units), as a carat row stores them. */
export interface PiecePrices {
  inr_price: number;
  usd_price: number;
}

/** Whether a price (minor units) is one a piece may have in `currency`: a whole number from 1 to MAX_PIECE_PRICE. */
export function isPiecePrice(minor: number, currency: Currency): boolean {
  return Number.isSafeInteger(minor) && minor >= 1 && minor <= MAX_PIECE_PRICE[currency];
}

/** Whether both prices of a piece are ones it may have (isPiecePrice). */
export function piecePricesOk(prices: PiecePrices): boolean {
  return isPiecePrice(prices.inr_price, 'INR') && isPiecePrice(prices.usd_price, 'USD');
}

/** The most a piece may cost in a currency, as the messages say it: ₹10,00,00,000 or $10,000,000. */
export function maxPieceText(currency: Currency): string {
  return formatMoney(toMajor(MAX_PIECE_PRICE[currency]), currency);
}

/**
 * Why a piece may not have these prices, as a sentence beginning with `subject`
 * ("At today's 22K rate this row"), or null when both are ones a piece may have
 * (isPiecePrice). Rupees are named first; dollars when only they are wrong.
 */
export function piecePriceProblem(subject: string, prices: PiecePrices): string | null {
  for (const currency of ['INR', 'USD'] as const) {
    const minor = prices[currency === 'INR' ? 'inr_price' : 'usd_price'];
    if (isPiecePrice(minor, currency)) continue;
    const amount = `${formatMoney(toMajor(minor), currency, { cents: minor < 100 })}${currency === 'USD' ? ' (export, without GST)' : ''}`;
    return minor > MAX_PIECE_PRICE[currency]
      ? `${subject} would cost ${amount}, more than the ${maxPieceText(currency)} a piece may cost.`
      : `${subject} would cost ${amount}, less than the ${formatMoney(0.01, currency)} a piece must cost at least.`;
  }
  return null;
}

/** Milligrams to grams for answers (5250 -> 5.25). */
export function gramsOf(milligrams: number): number {
  return milligrams / 1000;
}

/**
 * The largest values a carat row takes: net weight in grams (10 kg: heavier is
 * not jewellery), making charge in rupees per gram (a percentage is at most
 * 100), stones in rupees, stock in pieces, lead time in days. A rate-priced row
 * must also come to a price within MAX_PIECE_PRICE at the day's rates.
 */
export const CARAT_ROW_LIMITS = { weightGrams: 10_000, making: 10_000_000, stones: 100_000_000, stock: 1_000_000, leadDays: 365 } as const;

/**
 * What the back office types for a carat row is checked with these words and
 * bounds by the API (api/routes/admin/products) and by the product form alike.
 */
export const CARAT_ROW_MESSAGES = {
  weightRequired: 'Net weight is required',
  weightInvalid: 'Net weight must be grams above 0 with at most 3 decimals (e.g. 5.25).',
  weightOverMax: `Net weight must be at most ${CARAT_ROW_LIMITS.weightGrams.toLocaleString('en-IN')} g.`,
  makingTypeRequired: 'Making charge type is required',
  makingTypeInvalid: 'Making charge type must be "percent" or "per_gram".',
  makingRequired: 'Making charge is required',
  makingInvalid: 'Making charge must be a number of 0 or more with at most 2 decimals.',
  makingOver100: 'Making charge must be at most 100%.',
  stonesInvalid: 'Stone value must be rupees of 0 or more with at most 2 decimals.',
  stockRequired: 'Stock is required: the pieces in stock (0 when sold out), or choose made to order.',
  stockPiecesInvalid: 'Stock must be a whole number of pieces, 0 or more.',
  stockInvalid: 'Stock must be a whole number of 0 or more, or empty for made to order.',
  leadInvalid: 'Lead time must be a whole number of days from 0 to 365.',
  inrOverMax: `INR price must be at most ${maxPieceText('INR')}.`,
  usdOverMax: `USD price must be at most ${maxPieceText('USD')}.`,
} as const;

/**
 * What the administrator may set as the day's rates, in rupees: a carat's rate
 * per gram up to ₹10,00,000 (gold is near ₹13,000 a gram in 2026), and the
 * rupees per dollar from ₹1 to ₹1,000 (₹84-90 in 2025-26). A change whose new
 * prices would pass MAX_PIECE_PRICE for any rate-priced row is refused as well.
 */
export const METAL_RATE_LIMITS = { perGramMax: 1_000_000, usdInrMin: 1, usdInrMax: 1_000 } as const;

export const METAL_RATE_MESSAGES = {
  perGramOverMax: `Rate per gram must be at most ${formatMoney(METAL_RATE_LIMITS.perGramMax, 'INR')}.`,
  usdInrOutOfRange: `Rupees per dollar must be from ${formatMoney(METAL_RATE_LIMITS.usdInrMin, 'INR')} to ${formatMoney(METAL_RATE_LIMITS.usdInrMax, 'INR')}.`,
} as const;

/**
 * A decimal typed as text ("5.25") with at most `decimals` places, as a whole
 * number of 10^-decimals units (grams -> milligrams with 3, rupees -> paise or
 * percent -> basis points with 2), exactly; null when it is not such a number.
 */
export function decimalUnits(text: string, decimals: number): number | null {
  const trimmed = text.trim();
  if (!new RegExp(`^\\d{1,9}(\\.\\d{1,${decimals}})?$`).test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0'));
}

/** A whole number typed as text (pieces, days) from 0 to `max`; null when it is not one. */
export function wholeUnits(text: string, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= max ? n : null;
}
