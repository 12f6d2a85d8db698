/**
 * Tax invoice numbers (CGST Rules, rule 46): consecutive, unique within a
 * financial year (April to March), at most 16 characters of letters, digits,
 * "/" and "-". Ours: PREFIX/YY-YY/NNNNNN, e.g. AJ/26-27/000123.
 */

import { dollarsFromRupees, divideHalfUp } from './pricing.ts';
import { apportion, finenessOf, HSN_JEWELLERY, splitInclusive, sumSplits, type SupplyKind, type TaxSplit } from './tax.ts';

/** India Standard Time is UTC+05:30; a financial year turns at midnight IST on 1 April. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The financial year a moment falls in, by its starting calendar year (2026 for April 2026 - March 2027). */
export function financialYearStart(at: Date): number {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  return ist.getUTCMonth() >= 3 ? year : year - 1;
}

/** The financial year's label on an invoice: 2026 -> "26-27". */
export function financialYearLabel(startYear: number): string {
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return `${two(startYear)}-${two(startYear + 1)}`;
}

/** Most characters an invoice number may have (rule 46(b)). */
export const INVOICE_NUMBER_MAX = 16;

/** Digits of the running number: 999,999 invoices a year. */
export const INVOICE_SEQUENCE_DIGITS = 6;

/** The shop's series prefix: 1 to 3 letters or digits, so the number stays within 16 characters. */
export const INVOICE_PREFIX = /^[A-Z0-9]{1,3}$/;

/** An invoice number: prefix, financial year, running number within the year. */
export function invoiceNumber(prefix: string, financialYear: number, sequence: number): string {
  if (!INVOICE_PREFIX.test(prefix)) throw new RangeError('invoice prefix must be 1 to 3 capital letters or digits');
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence >= 10 ** INVOICE_SEQUENCE_DIGITS) {
    throw new RangeError(`invoice sequence must be from 1 to ${10 ** INVOICE_SEQUENCE_DIGITS - 1}`);
  }
  return `${prefix}/${financialYearLabel(financialYear)}/${String(sequence).padStart(INVOICE_SEQUENCE_DIGITS, '0')}`;
}


/**
 * An order line's making or stone value (its stored rupee breakup, paise, for
 * all its pieces) in the invoice's currency: rupees as they are; dollars
 * converted at the order's own rate (paise per US dollar, kept when it was
 * placed), half up to the cent, as dollar prices are (rules/pricing.ts). Null
 * when not recorded, or a dollar order has no rate kept.
 * Example: ₹2,469.12 of making at ₹83.50/US$ is US$29.57.
 */
export function breakupInCurrency(rupees: number | null, currency: 'INR' | 'USD', usdInr: number | null): number | null {
  if (rupees === null) return null;
  if (currency === 'INR') return rupees;
  return usdInr === null || usdInr <= 0 ? null : dollarsFromRupees(rupees, usdInr);
}

/** A dollar amount (cents) in rupees (paise) at a rate in paise per dollar: 100000 cents at 8350 -> 83,50,000 paise. */
export function rupeesFromDollars(cents: number, usdInr: number): number {
  return divideHalfUp(cents * usdInr, 100);
}

/** An order line as the invoice needs it (amounts in minor units of the order's currency). */
export interface InvoiceLineInput {
  description: string;
  carat_name: string | null;
  quantity: number;
  unit_price: number;
  line_total: number;
  /** Grams per piece; null when the carat row had none. */
  net_weight_g: number | null;
  making: number | null;
  stones: number | null;
  huids: string[];
}

/** One line of a tax invoice: the goods and how its tax-inclusive value splits. */
export interface InvoiceLine extends TaxSplit {
  description: string;
  hsn: string;
  /** "22K" */
  purity: string | null;
  /** 916 */
  fineness: number | null;
  quantity: number;
  /** Grams, all pieces of the line. */
  net_weight_g: number | null;
  huids: string[];
  unit_price: number;
  /** The line's share of the coupon discount. */
  discount: number;
  making: number | null;
  stones: number | null;
}

export interface InvoiceFigures {
  supply: SupplyKind;
  lines: InvoiceLine[];
  /** Shipping as a line of its own (abroad only; free in India), taxed as the supply. */
  shipping: TaxSplit;
  totals: TaxSplit & { discount: number; before_discount: number };
}

/**
 * The figures of a tax invoice. The coupon's discount is spread over the lines
 * in proportion (it reduces the taxable value); each line's value after
 * discount is split by splitInclusive; shipping is split the same way; totals
 * are the sums, so gross total = order total to the paisa.
 */
export function invoiceFigures(lines: readonly InvoiceLineInput[], discount: number, shipping: number, supply: SupplyKind): InvoiceFigures {
  const shares = apportion(discount, lines.map((l) => l.line_total));
  const invoiceLines = lines.map((l, i): InvoiceLine => ({
    description: l.description,
    hsn: HSN_JEWELLERY,
    purity: l.carat_name,
    fineness: finenessOf(l.carat_name),
    quantity: l.quantity,
    net_weight_g: l.net_weight_g === null ? null : Math.round(l.net_weight_g * l.quantity * 1000) / 1000,
    huids: l.huids,
    unit_price: l.unit_price,
    discount: shares[i],
    making: l.making,
    stones: l.stones,
    ...splitInclusive(l.line_total - shares[i], supply),
  }));
  const shippingSplit = splitInclusive(shipping, supply);
  const sum = sumSplits([...invoiceLines, shippingSplit]);
  const beforeDiscount = lines.reduce((t, l) => t + l.line_total, 0) + shipping;
  return { supply, lines: invoiceLines, shipping: shippingSplit, totals: { ...sum, discount, before_discount: beforeDiscount } };
}
