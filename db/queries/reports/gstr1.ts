/**
 * GET /reports/gstr1 (issue 37): the invoices and credit notes issued in a month
 * (India's time), read as GSTR-1 needs them (rules/reports.ts Gstr1Invoice and
 * Gstr1CreditNote), in rupees: a dollar document's figures converted at the rate
 * it states (the rate kept with the order), its total as the invoice states it in
 * rupees and the taxes converted one by one, the taxable value what remains, so
 * every document still adds up to its value to the paisa.
 */

import { sql } from 'kysely';
import { type DB, engineOf } from '../../connection.ts';
import { rupeesFromDollars, type InvoiceDocument } from '../../../rules/invoice.ts';
import { ORDER_STATUS } from '../../../rules/orders.ts';
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

/** An issued invoice as GSTR-1 reads it. */
export function gstr1Invoice(invoice_no: string, issued_at: string, document: InvoiceDocument, orderStatus: number): Gstr1Invoice {
  const f = document.figures;
  const usdInr = document.currency === 'USD' ? (document.exchange?.usd_inr ?? null) : null;
  const totals = inRupees(f.totals, usdInr, document.exchange?.total_inr);
  return {
    invoice_no,
    issued_at,
    supply: f.supply,
    pos: document.buyer.state_code,
    value: totals.gross,
    totals,
    pieces: f.lines.reduce((t, l) => t + l.quantity, 0),
    cancelled: orderStatus === ORDER_STATUS.cancelled,
  };
}

/**
 * Every invoice issued in [start, end), by number: the figures GSTR-1 needs read out
 * of each stored document by the database (not the whole document), the pieces
 * from its order's lines.
 */
async function invoicesIssued(db: DB, start: string, end: string): Promise<Gstr1Invoice[]> {
  // Each document is parsed once: SQLite's json_extract with every path answers one JSON array; PostgreSQL
  // casts the text to jsonb once in a subquery that the planner keeps apart (offset 0).
  const PATHS = [
    ['currency'], ['figures', 'supply'], ['buyer', 'state_code'], ['exchange', 'usd_inr'], ['exchange', 'total_inr'],
    ['figures', 'totals', 'gross'], ['figures', 'totals', 'taxable'], ['figures', 'totals', 'cgst'], ['figures', 'totals', 'sgst'], ['figures', 'totals', 'igst'],
  ] as const;
  const pieces = sql`(select sum(l.quantity) from order_items l where l.o_id = x.o_id)`;
  const range = sql`i.issued_at >= ${start} and i.issued_at < ${end}`;
  const { rows } =
    engineOf(db) === 'postgres'
      ? await sql<Record<string, unknown>>`
          select x.invoice_no, x.issued_at, x.status, ${pieces} as pieces,
            json_build_array(${sql.join(PATHS.map((p) => sql`x.d #> ${sql.lit(`{${p.join(',')}}`)}`))})::text as fields
          from (select i.invoice_no, i.issued_at, i.o_id, o.status, cast(i.document as jsonb) as d
                from invoices i join orders o on o.o_id = i.o_id where ${range} offset 0) x
          order by x.invoice_no`.execute(db)
      : await sql<Record<string, unknown>>`
          select x.invoice_no, x.issued_at, x.status, ${pieces} as pieces,
            json_extract(x.document, ${sql.join(PATHS.map((p) => sql.lit(`$.${p.join('.')}`)))}) as fields
          from (select i.invoice_no, i.issued_at, i.o_id, o.status, i.document from invoices i join orders o on o.o_id = i.o_id where ${range}) x
          order by x.invoice_no`.execute(db);
  return rows.map((r) => {
    const [currency, supply, pos, usd_inr, total_inr, gross, taxable, cgst, sgst, igst] = JSON.parse(String(r.fields)) as (string | number | null)[];
    const usdInr = currency === 'USD' && usd_inr !== null ? Number(usd_inr) : null;
    const split: TaxSplit = { gross: Number(gross), taxable: Number(taxable), cgst: Number(cgst), sgst: Number(sgst), igst: Number(igst) };
    const totals = inRupees(split, usdInr, usdInr === null ? undefined : Number(total_inr));
    return {
      invoice_no: String(r.invoice_no),
      issued_at: String(r.issued_at),
      supply: supply as SupplyKind,
      pos: pos === null ? null : String(pos),
      value: totals.gross,
      totals,
      pieces: Number(r.pieces ?? 0),
      cancelled: Number(r.status) === ORDER_STATUS.cancelled,
    };
  });
}

/** Every credit note issued in [start, end), with the invoice it is against (read whatever month that was issued in). */
async function creditNotesIssued(db: DB, start: string, end: string): Promise<Gstr1CreditNote[]> {
  const notes = await db
    .selectFrom('credit_notes as cn')
    .innerJoin('invoices as i', 'i.invoice_no', 'cn.invoice_no')
    .select([
      'cn.credit_note_no', 'cn.r_id', 'cn.issued_at', 'cn.currency', 'cn.supply', 'cn.place_of_supply', 'cn.gross', 'cn.taxable', 'cn.cgst', 'cn.sgst', 'cn.igst', 'cn.document',
      'i.invoice_no', 'i.document as invoice_document',
    ])
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
    const invoice = JSON.parse(n.invoice_document) as InvoiceDocument;
    const read = gstr1Invoice(n.invoice_no, '', invoice, 0);
    const exchange = n.currency === 'USD' ? ((JSON.parse(n.document) as { exchange?: { usd_inr?: number } | null }).exchange?.usd_inr ?? invoice.exchange?.usd_inr ?? null) : null;
    const split: TaxSplit = { gross: Number(n.gross), taxable: Number(n.taxable), cgst: Number(n.cgst), sgst: Number(n.sgst), igst: Number(n.igst) };
    return {
      note_no: n.credit_note_no,
      issued_at: n.issued_at,
      invoice: { invoice_no: n.invoice_no, supply: n.supply as SupplyKind, pos: n.place_of_supply, value: read.value },
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
