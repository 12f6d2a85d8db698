/**
 * The jeweller's price formula, in one place (pure: no I/O). A rate-priced carat
 * row costs
 *
 *   metal  = net weight x the day's rate for its carat
 *   making = a percentage of the metal, or rupees per gram of net weight
 *   stones = the stones' value
 *   GST    = 3% of (metal + making + stones)
 *   price  = metal + making + stones + GST, rounded to the whole rupee
 *
 * and its dollar price is that rupee price at the day's rupees-per-dollar rate,
 * rounded to the cent. Everything is integers: weights in milligrams, rupees in
 * paise, percentages in basis points; each step rounds half up to a paisa.
 */

export type PricingMode = 'rate' | 'fixed';
export type MakingType = 'percent' | 'per_gram';

export const PRICING_MODES = ['rate', 'fixed'] as const satisfies readonly PricingMode[];
export const MAKING_TYPES = ['percent', 'per_gram'] as const satisfies readonly MakingType[];

/** GST on gold jewellery: 3%, in basis points. */
export const GST_BASIS_POINTS = 300;

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

/** A rupee amount (paise) in dollars (cents) at `paisePerDollar`, rounded half up to the cent. */
export function dollarsFromRupees(paise: number, paisePerDollar: number): number {
  return divideHalfUp(paise * 100, paisePerDollar);
}

/** Both prices of a rate-priced row: rupees (paise, whole rupees) and dollars (cents), with the breakup. */
export function priceRow(recipe: RateRecipe, ratePaisePerGram: number, paisePerDollar: number) {
  const breakup = priceByRate(recipe, ratePaisePerGram);
  return { inr_price: breakup.total, usd_price: dollarsFromRupees(breakup.total, paisePerDollar), breakup };
}

/** Milligrams to grams for answers (5250 -> 5.25). */
export function gramsOf(milligrams: number): number {
  return milligrams / 1000;
}
