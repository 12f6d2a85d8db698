/**
 * GST on gold jewellery (HSN 7113): 3% of the taxable value, split as CGST 1.5%
 * + SGST 1.5% when the place of supply is the shop's own state, IGST 3% for
 * another state, and zero-rated for an export (supply under a letter of
 * undertaking, no tax charged). The shop's prices are tax-inclusive, so the
 * taxable value is derived from them: each tax is rounded to the paisa and the
 * taxable value is what remains, so every line adds up to its price exactly.
 * All amounts are integer minor units (paise).
 */

import { basisPointsToPercentText } from './money.ts';
import { GST_BASIS_POINTS, GST_RATE_TEXT } from './pricing.ts';

/** Harmonised System code of articles of jewellery of precious metal. */
export const HSN_JEWELLERY = '7113';

/** Each tax's rate as an invoice writes it: CGST and SGST half the GST rate each ("1.5%"), IGST all of it ("3%"). */
export const TAX_RATE_TEXT = {
  cgst: `${basisPointsToPercentText(GST_BASIS_POINTS / 2)}%`,
  sgst: `${basisPointsToPercentText(GST_BASIS_POINTS / 2)}%`,
  igst: GST_RATE_TEXT,
} as const;


/** How a supply is taxed, from the shop's state and the place of supply. */
export type SupplyKind = 'intra_state' | 'inter_state' | 'export';

/**
 * Intra-state when the buyer's state code is the shop's, inter-state for any
 * other Indian state, export for an address abroad.
 */
export function supplyKind(shopStateCode: string, destination: { country: string; gstStateCode: string | null }): SupplyKind {
  if (destination.country !== 'IN') return 'export';
  return destination.gstStateCode === shopStateCode ? 'intra_state' : 'inter_state';
}

/** One amount split into its taxable value and tax. */
export interface TaxSplit {
  /** The tax-inclusive amount the split came from. */
  gross: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** `amount * numerator / denominator`, rounded half-up, in integers. */
function share(amount: number, numerator: number, denominator: number): number {
  return Math.floor((amount * numerator * 2 + denominator) / (denominator * 2));
}

/**
 * Splits a tax-inclusive amount. With gross G and rate r = 3%:
 * taxable = G / 1.03; intra-state CGST = SGST = G x 1.5 / 103 each, inter-state
 * IGST = G x 3 / 103, each rounded half-up to the paisa; taxable = G - taxes.
 * Example: ₹1,03,000.00 intra-state is ₹1,00,000.00 + CGST ₹1,500.00 + SGST ₹1,500.00.
 */
export function splitInclusive(gross: number, kind: SupplyKind): TaxSplit {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError('gross must be a whole number of minor units, 0 or more');
  const denominator = 10_000 + GST_BASIS_POINTS;
  if (kind === 'export') return { gross, taxable: gross, cgst: 0, sgst: 0, igst: 0 };
  if (kind === 'intra_state') {
    const half = share(gross, GST_BASIS_POINTS / 2, denominator);
    return { gross, taxable: gross - 2 * half, cgst: half, sgst: half, igst: 0 };
  }
  const igst = share(gross, GST_BASIS_POINTS, denominator);
  return { gross, taxable: gross - igst, cgst: 0, sgst: 0, igst };
}

/**
 * Shares `total` out over `weights` in proportion, in whole minor units that
 * add up to `total` exactly (largest remainder). Used to spread an order's
 * coupon discount over its lines before tax is split, since a discount given
 * at the time of sale reduces the taxable value.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const floors = exact.map(Math.floor);
  let left = total - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] += 1;
    left -= 1;
  }
  return floors;
}

/** The sum of several splits (an invoice's totals). */
export function sumSplits(splits: readonly TaxSplit[]): TaxSplit {
  return splits.reduce(
    (t, s) => ({ gross: t.gross + s.gross, taxable: t.taxable + s.taxable, cgst: t.cgst + s.cgst, sgst: t.sgst + s.sgst, igst: t.igst + s.igst }),
    { gross: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 },
  );
}

/** Fineness (parts per thousand) of a carat name: 22K is 916, 18K is 750, 14K 585, 24K 999. */
export function finenessOf(caratName: string | null | undefined): number | null {
  const match = /^\s*(\d{1,2})\s*K/i.exec(caratName ?? '');
  if (!match) return null;
  const known: Record<string, number> = { '24': 999, '23': 958, '22': 916, '20': 833, '18': 750, '14': 585, '9': 375 };
  return known[match[1]] ?? null;
}
