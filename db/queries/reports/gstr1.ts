/**
 * GET /reports/gstr1 (issue 37): the invoices and credit notes issued in a month
 * (India's time), read as GSTR-1 needs them (rules/reports.ts Gstr1Invoice and
 * Gstr1CreditNote), in rupees: a dollar document's figures converted at the rate
 * it states (the rate kept with the order), its total as the invoice states it in
 * rupees and the taxes converted one by one, the taxable value what remains, so
 * every document still adds up to its value to the paisa.
 */

import type { Selectable } from 'kysely';
import type { DB } from '../../connection.ts';
import type { InvoiceFiguresTable } from '../../schema.ts';
import { rupeesFromDollars } from '../../../rules/invoice.ts';
import { gstr1, type Gstr1CreditNote, type Gstr1Invoice, monthBounds } from '../../../rules/reports.ts';
import type { SupplyKind, TaxSplit } from '../../../rules/tax.ts';

/** A document's split in rupees: as it is, or converted at `usdInr` (paise per dollar) with the value given. */
function inRupees(split: TaxSplit, usdInr: number | null, valueInr?: number): TaxSplit {
  if (usdInr === null) return { ...split };
  const cgst = rupeesFromDollars(split.cgst, usdInr);
  const sgst = rupeesFromDollars(split.sgst, usdInr);
  const igst = rupeesFromDollars(split.igst, usdInr);
  const gross = valueInr ?? rupeesFromDollars(split.gross, usdInr);
  return { gross, taxable: gross - cgst - sgst - igst, cgst, sgst, igst };
}

/** The figures of an invoice that GSTR-1 reads (invoice_figures: copied out of its document by the database). */
const FIGURES = [
  'f.invoice_no', 'f.currency', 'f.supply', 'f.place_of_supply', 'f.usd_inr', 'f.total_inr', 'f.gross', 'f.taxable', 'f.cgst', 'f.sgst', 'f.igst',
] as const;
type Figures = Pick<Selectable<InvoiceFiguresTable>, 'invoice_no' | 'currency' | 'supply' | 'place_of_supply' | 'usd_inr' | 'total_inr' | 'gross' | 'taxable' | 'cgst' | 'sgst' | 'igst'>;

/** An invoice's place in GSTR-1 from its figures: its supply, place of supply, value and tax split in rupees. */
function invoiceRead(f: Figures): Pick<Gstr1Invoice, 'invoice_no' | 'supply' | 'pos' | 'value' | 'totals'> {
  const usdInr = f.currency === 'USD' && f.usd_inr !== null ? Number(f.usd_inr) : null;
  const split: TaxSplit = { gross: Number(f.gross), taxable: Number(f.taxable), cgst: Number(f.cgst), sgst: Number(f.sgst), igst: Number(f.igst) };
  const totals = inRupees(split, usdInr, f.total_inr === null ? undefined : Number(f.total_inr));
  return { invoice_no: f.invoice_no, supply: f.supply as SupplyKind, pos: f.place_of_supply, value: totals.gross, totals };
}

/**
 * Every invoice issued in [start, end), by number: one range of invoice_figures, where
 * the database keeps what GSTR-1 reads of each invoice (its document's figures and
 * pieces, its order cancelled or not). Parsing a festive month's ~7,000 documents and
 * looking up their orders and lines cost PostgreSQL most of a second at p99.
 */
async function invoicesIssued(db: DB, start: string, end: string): Promise<Gstr1Invoice[]> {
  const rows = await db
    .selectFrom('invoice_figures as f')
    .select([...FIGURES, 'f.issued_at', 'f.pieces', 'f.cancelled'])
    .where('f.issued_at', '>=', start)
    .where('f.issued_at', '<', end)
    .orderBy('f.invoice_no')
    .execute();
  return rows.map((r) => ({ ...invoiceRead(r), issued_at: r.issued_at, pieces: Number(r.pieces ?? 0), cancelled: Number(r.cancelled) === 1 }));
}

/** Every credit note issued in [start, end), with the invoice it is against (read whatever month that was issued in). */
async function creditNotesIssued(db: DB, start: string, end: string): Promise<Gstr1CreditNote[]> {
  const notes = await db
    .selectFrom('credit_notes as cn')
    .innerJoin('invoice_figures as f', 'f.invoice_no', 'cn.invoice_no')
    .select(['cn.credit_note_no', 'cn.r_id', 'cn.issued_at', 'cn.currency as note_currency', 'cn.supply as note_supply', 'cn.place_of_supply as note_pos', 'cn.gross as note_gross', 'cn.taxable as note_taxable', 'cn.cgst as note_cgst', 'cn.sgst as note_sgst', 'cn.igst as note_igst', 'cn.document', ...FIGURES])
    .where('cn.issued_at', '>=', start)
    .where('cn.issued_at', '<', end)
    .orderBy('cn.credit_note_no')
    .execute();
  if (notes.length === 0) return [];
  const pieces = await db
    .selectFrom('return_items')
    .select(['r_id', (eb) => eb.fn.countAll<number>().as('pieces')])
    .where('r_id', 'in', notes.map((n) => n.r_id))
    .where('active', '=', 1)
    .groupBy('r_id')
    .execute();
  const piecesOf = new Map(pieces.map((p) => [Number(p.r_id), Number(p.pieces)]));
  return notes.map((n) => {
    const invoiceRate = n.usd_inr === null ? null : Number(n.usd_inr);
    const exchange = n.note_currency === 'USD' ? ((JSON.parse(n.document) as { exchange?: { usd_inr?: number } | null }).exchange?.usd_inr ?? invoiceRate) : null;
    const split: TaxSplit = { gross: Number(n.note_gross), taxable: Number(n.note_taxable), cgst: Number(n.note_cgst), sgst: Number(n.note_sgst), igst: Number(n.note_igst) };
    return {
      note_no: n.credit_note_no,
      issued_at: n.issued_at,
      invoice: { invoice_no: n.invoice_no, supply: n.note_supply as SupplyKind, pos: n.note_pos, value: invoiceRead(n).value },
      totals: inRupees(split, exchange),
      pieces: piecesOf.get(Number(n.r_id)) ?? 0,
    };
  });
}

/** GSTR-1 of a month (YYYY-MM) for the shop's GSTIN. */
export async function gstr1Report(db: DB, month: string, gstin: string) {
  const { start, end } = monthBounds(month);
  const [invoices, creditNotes] = await Promise.all([invoicesIssued(db, start, end), creditNotesIssued(db, start, end)]);
  return gstr1({ gstin, month, invoices, creditNotes });
}
