/**
 * Tax invoice numbers (CGST Rules, rule 46): consecutive, unique within a
 * financial year (April to March), at most 16 characters of letters, digits,
 * "/" and "-". Ours: PREFIX/YY-YY/NNNNNN, e.g. AJ/26-27/000123.
 */

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
