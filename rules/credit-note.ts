/**
 * GST credit notes (CGST Act s. 34, CGST Rules rule 53): a refund or credit against a tax
 * invoice is documented by a credit note of the supplier, with its own consecutive series per
 * financial year (at most 16 characters), naming the invoice it refers to, and reversing the
 * value and the tax in the invoice's own split (CGST + SGST, or IGST, or none for an export).
 * Ours: CN/YY-YY/NNNNNN (CR/… when the shop's invoice prefix is itself CN, so the two series
 * never meet). Amounts are integer minor units of the order's currency.
 */

import { financialYearLabel, type InvoiceDocument, INVOICE_NUMBER_MAX, INVOICE_SEQUENCE_DIGITS, rupeesFromDollars } from './invoice.ts';
import { HSN_JEWELLERY, splitInclusive, sumSplits, type SupplyKind, type TaxSplit } from './tax.ts';

/** The credit note series' prefix: never the invoices'. */
export function creditNotePrefix(invoicePrefix: string): string {
  return invoicePrefix === 'CN' ? 'CR' : 'CN';
}

/** A credit note number: "CN/26-27/000001" (15 characters; at most 16). */
export function creditNoteNumber(invoicePrefix: string, financialYear: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence >= 10 ** INVOICE_SEQUENCE_DIGITS) {
    throw new RangeError(`credit note sequence must be from 1 to ${10 ** INVOICE_SEQUENCE_DIGITS - 1}`);
  }
  const number = `${creditNotePrefix(invoicePrefix)}/${financialYearLabel(financialYear)}/${String(sequence).padStart(INVOICE_SEQUENCE_DIGITS, '0')}`;
  if (number.length > INVOICE_NUMBER_MAX) throw new RangeError('a credit note number has at most 16 characters');
  return number;
}

/** One returned line as the credit note states it. */
export interface CreditNoteLine extends TaxSplit {
  description: string;
  hsn: string;
  purity: string | null;
  /** Pieces returned. */
  quantity: number;
  huids: string[];
  /** Percent of what was paid that is credited (100, or the partial-refund collection's). */
  percent: number;
}

export interface CreditNoteDocument {
  credit_note_no: string;
  /** ISO time of issue. */
  issued_at: string;
  /** "26-27" */
  financial_year: string;
  r_id: number;
  o_id: number;
  /** The tax invoice it refers to, and its date. */
  invoice_no: string;
  invoice_date: string;
  currency: 'INR' | 'USD';
  exchange: { usd_inr: number; total_inr: number } | null;
  seller: InvoiceDocument['seller'];
  buyer: InvoiceDocument['buyer'];
  place_of_supply: string;
  supply: SupplyKind;
  /** Why: "Goods returned (refund)", "Goods returned (exchange: store credit)". */
  reason: string;
  lines: CreditNoteLine[];
  /** The order's shipping credited, split as the invoice split it; null when none. */
  shipping: TaxSplit | null;
  totals: TaxSplit;
  notes: string[];
}

export interface CreditNoteInput {
  credit_note_no: string;
  issuedAt: Date;
  financialYear: number;
  r_id: number;
  kind: 'refund' | 'exchange';
  invoice: InvoiceDocument;
  /** Each returned line: its position on the invoice, the pieces, what is credited for them, their HUIDs. */
  lines: { invoice_line: number; quantity: number; value: number; percent: number; huids: string[] }[];
  /** Shipping credited (0 for none). */
  shipping: number;
}

/**
 * The whole credit note: the invoice's parties and place of supply, each returned line's
 * credited value split in the invoice's supply (splitInclusive: each tax rounded half-up to the
 * paisa, the taxable value the rest), shipping likewise, and the totals as their sums.
 * Worked figures: ₹23,400.00 credited intra-state is taxable ₹22,718.44 + CGST ₹340.78 + SGST ₹340.78;
 * inter-state taxable ₹22,718.45 + IGST ₹681.55.
 */
export function buildCreditNote(input: CreditNoteInput): CreditNoteDocument {
  const { invoice } = input;
  const supply = invoice.figures.supply;
  const lines = input.lines.map((l): CreditNoteLine => {
    const sold = invoice.figures.lines[l.invoice_line];
    if (!sold) throw new RangeError(`the invoice has no line ${l.invoice_line + 1}`);
    return {
      description: sold.description,
      hsn: sold.hsn ?? HSN_JEWELLERY,
      purity: sold.purity,
      quantity: l.quantity,
      huids: l.huids,
      percent: l.percent,
      ...splitInclusive(l.value, supply),
    };
  });
  const shipping = input.shipping > 0 ? splitInclusive(input.shipping, supply) : null;
  const totals = sumSplits(shipping ? [...lines, shipping] : lines);
  const rate = invoice.exchange?.usd_inr ?? null;
  const notes = [
    `Issued against tax invoice ${invoice.invoice_no} for goods returned by the recipient: the taxable value and the tax below are reversed in the invoice's split.`,
  ];
  if (supply === 'export') notes.push('The original supply was an export without payment of integrated tax: no tax is reversed.');
  return {
    credit_note_no: input.credit_note_no,
    issued_at: input.issuedAt.toISOString(),
    financial_year: financialYearLabel(input.financialYear),
    r_id: input.r_id,
    o_id: invoice.o_id,
    invoice_no: invoice.invoice_no,
    invoice_date: invoice.issued_at,
    currency: invoice.currency,
    exchange: rate === null ? null : { usd_inr: rate, total_inr: rupeesFromDollars(totals.gross, rate) },
    seller: invoice.seller,
    buyer: invoice.buyer,
    place_of_supply: invoice.place_of_supply,
    supply,
    reason: input.kind === 'exchange' ? 'Goods returned (exchange: store credit)' : 'Goods returned (refund)',
    lines,
    shipping,
    totals,
    notes,
  };
}
