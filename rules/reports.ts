/**
 * The books (issue 37): the pure part of the sales, stock and GST reports. The
 * queries (db/queries/reports/*) add up the orders and invoices in the database;
 * what is decided here is shared by them, the API and the back office: what a
 * report's period is (days in India), how days fold into weeks and months, how a
 * day's sums become the figures a report answers, and how invoices and credit
 * notes become GSTR-1, the return of outward supplies, in the layout the GST
 * portal's offline tool takes.
 *
 * Amounts are paise (integers) until the answer, which is in rupees (toMajor).
 */

import { INDIAN_STATES } from './address.ts';
import { IST_OFFSET_MS } from './dates.ts';
import { toMajor } from './money.ts';
import { GST_BASIS_POINTS } from './pricing.ts';
import { HSN_JEWELLERY, splitInclusive, type SupplyKind, type TaxSplit } from './tax.ts';

export const REPORT_GROUPS = ['day', 'week', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The longest period a sales report covers: three years and a day (two years of history and the period before it fit). */
export const MAX_REPORT_DAYS = 1_100;

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD. */
export function isIndiaDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === text;
}

/** Midnight of a calendar day as UTC milliseconds of the day's label (not a moment). */
function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The day `n` days after `day` (before, for negative n). */
export function addDays(day: string, n: number): string {
  return new Date(dayMs(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
}

/** The day in India a moment falls on. */
export function indiaDayOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The first moment of a day in India, as the database keeps times (UTC text
 * 'YYYY-MM-DD HH:MM:SS'): 1 Nov 2026 in India begins at '2026-10-31 18:30:00'.
 * A period [from, to] is the times t with start(from) <= t < start(to + 1).
 */
export function indiaDayStart(day: string): string {
  return new Date(dayMs(day) - IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The period a day belongs to: the day; its week, by the week's Monday; its month, YYYY-MM. */
export function periodOf(day: string, group: ReportGroup): string {
  if (group === 'day') return day;
  if (group === 'month') return day.slice(0, 7);
  const weekday = new Date(dayMs(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Every period from the one holding `from` to the one holding `to`, in order. */
export function periodsBetween(from: string, to: string, group: ReportGroup): string[] {
  const periods: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const period = periodOf(day, group);
    if (periods[periods.length - 1] !== period) periods.push(period);
  }
  return periods;
}

/** The same number of days just before a period: what a report compares with. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = daysBetween(from, to) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

// ---------------------------------------------------------------------------
// Sales

/** The sums of one day (or any run of days), paise; what the queries answer per day and what folds into periods. */
export interface SalesSums {
  orders: number;
  revenue: number;
  gst: number;
  discounts: number;
  shipping: number;
  cod_orders: number;
  cod_revenue: number;
  /** Orders paid wholly by store credit (payment_method 'store_credit', issue 36): neither cash nor online. */
  credit_orders: number;
  credit_revenue: number;
  india_orders: number;
  india_revenue: number;
  cancelled_orders: number;
  cancelled_value: number;
  refund_orders: number;
  refund_value: number;
  /** Returns (issue 36) given back on the day: refunded, exchanged for store credit, bought back; how many and their paise. */
  returns_refunded: number;
  returns_refunded_value: number;
  returns_exchanged: number;
  returns_exchanged_value: number;
  buybacks: number;
  buyback_value: number;
  metal: number;
  making: number;
  stones: number;
  /** By carat name: pieces and milligrams. */
  carats: Map<string, { pieces: number; mg: number }>;
}

export function emptySums(): SalesSums {
  return {
    orders: 0, revenue: 0, gst: 0, discounts: 0, shipping: 0, cod_orders: 0, cod_revenue: 0, credit_orders: 0, credit_revenue: 0, india_orders: 0, india_revenue: 0,
    cancelled_orders: 0, cancelled_value: 0, refund_orders: 0, refund_value: 0,
    returns_refunded: 0, returns_refunded_value: 0, returns_exchanged: 0, returns_exchanged_value: 0, buybacks: 0, buyback_value: 0, metal: 0, making: 0, stones: 0, carats: new Map(),
  };
}

const SCALAR_SUMS = [
  'orders', 'revenue', 'gst', 'discounts', 'shipping', 'cod_orders', 'cod_revenue', 'credit_orders', 'credit_revenue', 'india_orders', 'india_revenue',
  'cancelled_orders', 'cancelled_value', 'refund_orders', 'refund_value', 'metal', 'making', 'stones',
  'returns_refunded', 'returns_refunded_value', 'returns_exchanged', 'returns_exchanged_value', 'buybacks', 'buyback_value',
] as const;

/** Which sums a completed return adds to (by its kind): refunded, exchanged for credit, or bought back. */
export const RETURN_SUMS = {
  refund: ['returns_refunded', 'returns_refunded_value'],
  exchange: ['returns_exchanged', 'returns_exchanged_value'],
  buyback: ['buybacks', 'buyback_value'],
} as const satisfies Record<string, readonly [keyof SalesSums, keyof SalesSums]>;

/** Adds `b` into `a`. */
export function addSums(a: SalesSums, b: SalesSums): SalesSums {
  for (const key of SCALAR_SUMS) a[key] += b[key];
  for (const [carat, v] of b.carats) {
    const have = a.carats.get(carat) ?? { pieces: 0, mg: 0 };
    a.carats.set(carat, { pieces: have.pieces + v.pieces, mg: have.mg + v.mg });
  }
  return a;
}

export interface SalesFigures {
  orders: number;
  revenue: number;
  revenue_ex_gst: number;
  gst: number;
  average_order_value: number;
  discounts: number;
  shipping: number;
  grams_by_carat: { carat: string; grams: number; pieces: number }[];
  value: { metal: number; making: number; stones: number };
  payment: { cod: { orders: number; revenue: number }; online: { orders: number; revenue: number }; store_credit: { orders: number; revenue: number } };
  destination: { india: { orders: number; revenue: number }; abroad: { orders: number; revenue: number } };
  cancelled: { orders: number; value: number };
  refunds: { orders: number; value: number };
  returns: { refunded: { returns: number; value: number }; exchanged: { returns: number; value: number }; bought_back: { returns: number; value: number } };
  customers: { new: number; returning: number };
}

/** Carats in the order a jeweller reads them: finest first (24K, 22K, 18K, ...), then any other name. */
function caratOrder(a: string, b: string): number {
  const k = (name: string) => Number(/^(\d+)/.exec(name)?.[1] ?? -1);
  return k(b) - k(a) || a.localeCompare(b);
}

/** A period's sums (paise, milligrams) as the report answers them (rupees, grams), with its customers. */
export function salesFigures(s: SalesSums, customers: { customers: number; new: number }): SalesFigures {
  return {
    orders: s.orders,
    revenue: toMajor(s.revenue),
    revenue_ex_gst: toMajor(s.revenue - s.gst),
    gst: toMajor(s.gst),
    average_order_value: s.orders === 0 ? 0 : toMajor(Math.round(s.revenue / s.orders)),
    discounts: toMajor(s.discounts),
    shipping: toMajor(s.shipping),
    grams_by_carat: [...s.carats.entries()]
      .sort(([a], [b]) => caratOrder(a, b))
      .map(([carat, v]) => ({ carat, grams: v.mg / 1000, pieces: v.pieces })),
    value: { metal: toMajor(s.metal), making: toMajor(s.making), stones: toMajor(s.stones) },
    payment: {
      cod: { orders: s.cod_orders, revenue: toMajor(s.cod_revenue) },
      online: { orders: s.orders - s.cod_orders - s.credit_orders, revenue: toMajor(s.revenue - s.cod_revenue - s.credit_revenue) },
      store_credit: { orders: s.credit_orders, revenue: toMajor(s.credit_revenue) },
    },
    destination: {
      india: { orders: s.india_orders, revenue: toMajor(s.india_revenue) },
      abroad: { orders: s.orders - s.india_orders, revenue: toMajor(s.revenue - s.india_revenue) },
    },
    cancelled: { orders: s.cancelled_orders, value: toMajor(s.cancelled_value) },
    refunds: { orders: s.refund_orders, value: toMajor(s.refund_value) },
    returns: {
      refunded: { returns: s.returns_refunded, value: toMajor(s.returns_refunded_value) },
      exchanged: { returns: s.returns_exchanged, value: toMajor(s.returns_exchanged_value) },
      bought_back: { returns: s.buybacks, value: toMajor(s.buyback_value) },
    },
    customers: { new: customers.new, returning: customers.customers - customers.new },
  };
}

/**
 * The GST inside an order's total (paise) as its supply is taxed: what the sales
 * summaries' triggers compute per order (migration 2026_12_04_0001, both ways: CGST +
 * SGST and IGST; tests/api/sales-summaries.test.ts holds them to this).
 */
export function orderGst(totalInr: number, supply: SupplyKind): number {
  const s = splitInclusive(totalInr, supply);
  return s.cgst + s.sgst + s.igst;
}

/** The spellings of a state that mean the shop's own (intra-state supply), lower case, for comparing an order's state in SQL. */
export function stateNamesOf(gstCode: string): string[] {
  return INDIAN_STATES.filter((s) => s.gstCode === gstCode).map((s) => s.name.toLowerCase());
}

// ---------------------------------------------------------------------------
// GSTR-1

/**
 * B2C large (Table 5 of GSTR-1): an inter-state supply to an unregistered buyer
 * whose invoice value is more than this, in rupees. ₹1,00,000 from 1 August 2024
 * (Notification No. 12/2024-Central Tax of 10 July 2024, on the 53rd GST
 * Council's recommendation; ₹2,50,000 before).
 */
export const B2CL_THRESHOLD_RUPEES = 100_000;
export const B2CL_THRESHOLD_PAISE = B2CL_THRESHOLD_RUPEES * 100;

/** The rate a line of jewellery is taxed at, in percent, as GSTR-1 writes it (3). */
export const GST_RATE_PERCENT = GST_BASIS_POINTS / 100;

/** What GSTR-1 reads of an issued invoice (rules/invoice.ts InvoiceDocument, db/schema.ts InvoiceTable), amounts in paise. */
export interface Gstr1Invoice {
  invoice_no: string;
  /** When it was issued (ISO 8601 or the database's UTC text). */
  issued_at: string;
  supply: SupplyKind;
  /** GST state code of the place of supply; null for an export. */
  pos: string | null;
  /** The invoice total in rupees (paise): a dollar invoice's converted total. */
  value: number;
  /** The sums of its lines and shipping, in rupees (paise). */
  totals: TaxSplit;
  /** Pieces sold by HSN code. */
  pieces: number;
  /** The order was cancelled: the invoice is reported as cancelled in doc_issue only. */
  cancelled: boolean;
}

/** A credit note (returns36's credit_notes), amounts in paise: given against an invoice, issued in the month. */
export interface Gstr1CreditNote {
  note_no: string;
  issued_at: string;
  /** The invoice it is against, as GSTR-1 read it (to know b2cl, b2cs or export). */
  invoice: Pick<Gstr1Invoice, 'invoice_no' | 'supply' | 'pos' | 'value'>;
  /** Its value and how it splits (the tax given back with it). */
  totals: TaxSplit;
  pieces: number;
}

const rupees = (paise: number) => toMajor(paise);

/** DD-MM-YYYY, the day in India, as the portal writes dates. */
export function portalDate(at: string): string {
  const iso = at.includes('T') ? at : `${at.replace(' ', 'T')}Z`;
  const day = indiaDayOf(new Date(iso));
  return `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
}

/** The return period the portal wants: MMYYYY. */
export function returnPeriod(month: string): string {
  return `${month.slice(5, 7)}${month.slice(0, 4)}`;
}

/** The bounds of a month in India as the database keeps times: [start, end). */
export function monthBounds(month: string): { start: string; end: string } {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { start: indiaDayStart(`${month}-01`), end: indiaDayStart(next) };
}

/** The kind of GSTR-1 row an invoice makes. */
export function gstr1Section(invoice: Pick<Gstr1Invoice, 'supply' | 'value'>): 'b2cl' | 'b2cs' | 'exp' {
  if (invoice.supply === 'export') return 'exp';
  return invoice.supply === 'inter_state' && invoice.value > B2CL_THRESHOLD_PAISE ? 'b2cl' : 'b2cs';
}

export interface Gstr1Return {
  gstin: string;
  fp: string;
  version: string;
  hash: string;
  b2cl: { pos: string; inv: { inum: string; idt: string; val: number; itms: { num: number; itm_det: { rt: number; txval: number; iamt: number; csamt: number } }[] }[] }[];
  b2cs: { sply_ty: 'INTRA' | 'INTER'; pos: string; typ: 'OE'; rt: number; txval: number; iamt: number; camt: number; samt: number; csamt: number }[];
  exp: { exp_typ: 'WOPAY' | 'WPAY'; inv: { inum: string; idt: string; val: number; itms: { rt: number; txval: number; iamt: number; csamt: number }[] }[] }[];
  cdnur: {
    typ: 'B2CL' | 'EXPWOP' | 'EXPWP';
    ntty: 'C';
    nt_num: string;
    nt_dt: string;
    val: number;
    pos?: string;
    itms: { num: number; itm_det: { rt: number; txval: number; iamt: number; csamt: number } }[];
  }[];
  hsn: { hsn_b2c: { num: number; hsn_sc: string; desc: string; uqc: string; qty: number; rt: number; txval: number; iamt: number; camt: number; samt: number; csamt: number }[] };
  doc_issue: { doc_det: { doc_num: number; doc_typ: string; docs: { num: number; from: string; to: string; totnum: number; cancel: number; net_issue: number }[] }[] };
}

/** The offline tool's schema version the layout follows. */
export const GSTR1_VERSION = 'GST3.2.1';

/**
 * A document series's ranges (doc_issue): numbers of one series are
 * PREFIX/YY-YY/NNNNNN; each series gives from, to, how many numbers the range
 * spans, how many of them are cancelled (or missing) and the net issued.
 */
function documentRanges(docs: readonly { no: string; cancelled: boolean }[]) {
  const series = new Map<string, { seq: number; no: string; cancelled: boolean }[]>();
  for (const d of docs) {
    const cut = d.no.lastIndexOf('/');
    const key = cut < 0 ? '' : d.no.slice(0, cut);
    const seq = Number(d.no.slice(cut + 1));
    const list = series.get(key) ?? [];
    list.push({ seq: Number.isFinite(seq) ? seq : 0, no: d.no, cancelled: d.cancelled });
    series.set(key, list);
  }
  return [...series.keys()].sort().map((key, i) => {
    const list = series.get(key)!.sort((a, b) => a.seq - b.seq);
    const first = list[0];
    const last = list[list.length - 1];
    const totnum = last.seq - first.seq + 1;
    const issued = list.filter((d) => !d.cancelled).length;
    return { num: i + 1, from: first.no, to: last.no, totnum, cancel: totnum - issued, net_issue: issued };
  });
}

function addSplit(a: TaxSplit, b: TaxSplit, sign = 1): void {
  a.gross += sign * b.gross;
  a.taxable += sign * b.taxable;
  a.cgst += sign * b.cgst;
  a.sgst += sign * b.sgst;
  a.igst += sign * b.igst;
}

const zeroSplit = (): TaxSplit => ({ gross: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 });

/**
 * GSTR-1 for a month from the invoices and credit notes issued in it (the
 * caller reads those of the month, in India's time). Every figure is a sum of
 * the documents' own paise, turned into rupees once at the end, so each section
 * reconciles to the invoices to the paisa:
 * - b2cl: inter-state invoices above B2CL_THRESHOLD_RUPEES, by place of supply;
 * - b2cs: every other invoice in India, by (intra/inter, place of supply, rate),
 *   less the credit notes against such invoices (Table 7 is net);
 * - exp: exports under a letter of undertaking (WOPAY), zero-rated;
 * - cdnur: credit notes against b2cl invoices and exports;
 * - hsn: by HSN code and rate, invoices less credit notes (pieces, NOS);
 * - doc_issue: invoice and credit-note number ranges, with the cancelled ones.
 */
export function gstr1(input: { gstin: string; month: string; invoices: readonly Gstr1Invoice[]; creditNotes: readonly Gstr1CreditNote[] }): Gstr1Return {
  const live = input.invoices.filter((i) => !i.cancelled).sort((a, b) => a.invoice_no.localeCompare(b.invoice_no));
  const b2cl = new Map<string, Gstr1Return['b2cl'][number]['inv']>();
  const b2cs = new Map<string, { sply_ty: 'INTRA' | 'INTER'; pos: string; split: TaxSplit }>();
  const exp: Gstr1Return['exp'][number]['inv'] = [];
  const hsn = new Map<string, { rt: number; qty: number; split: TaxSplit }>();
  const rateOf = (supply: SupplyKind) => (supply === 'export' ? 0 : GST_RATE_PERCENT);
  const hsnRow = (supply: SupplyKind, split: TaxSplit, qty: number, sign: number) => {
    const rt = rateOf(supply);
    const key = `${HSN_JEWELLERY}|${rt}`;
    const row = hsn.get(key) ?? { rt, qty: 0, split: zeroSplit() };
    row.qty += sign * qty;
    addSplit(row.split, split, sign);
    hsn.set(key, row);
  };
  const b2csRow = (inv: Pick<Gstr1Invoice, 'supply' | 'pos'>, split: TaxSplit, sign: number) => {
    const sply_ty = inv.supply === 'intra_state' ? 'INTRA' : 'INTER';
    const pos = inv.pos ?? '';
    const key = `${sply_ty}|${pos}`;
    const row = b2cs.get(key) ?? { sply_ty, pos, split: zeroSplit() };
    addSplit(row.split, split, sign);
    b2cs.set(key, row);
  };
  for (const inv of live) {
    const section = gstr1Section(inv);
    const idt = portalDate(inv.issued_at);
    if (section === 'b2cl') {
      const list = b2cl.get(inv.pos ?? '') ?? [];
      list.push({
        inum: inv.invoice_no, idt, val: rupees(inv.value),
        itms: [{ num: 1, itm_det: { rt: GST_RATE_PERCENT, txval: rupees(inv.totals.taxable), iamt: rupees(inv.totals.igst), csamt: 0 } }],
      });
      b2cl.set(inv.pos ?? '', list);
    } else if (section === 'exp') {
      exp.push({ inum: inv.invoice_no, idt, val: rupees(inv.value), itms: [{ rt: 0, txval: rupees(inv.totals.taxable), iamt: 0, csamt: 0 }] });
    } else {
      b2csRow(inv, inv.totals, 1);
    }
    hsnRow(inv.supply, inv.totals, inv.pieces, 1);
  }
  const cdnur: Gstr1Return['cdnur'] = [];
  for (const note of [...input.creditNotes].sort((a, b) => a.note_no.localeCompare(b.note_no))) {
    const section = gstr1Section(note.invoice);
    hsnRow(note.invoice.supply, note.totals, note.pieces, -1);
    if (section === 'b2cs') {
      b2csRow(note.invoice, note.totals, -1);
      continue;
    }
    const rt = rateOf(note.invoice.supply);
    cdnur.push({
      typ: section === 'b2cl' ? 'B2CL' : 'EXPWOP',
      ntty: 'C',
      nt_num: note.note_no,
      nt_dt: portalDate(note.issued_at),
      val: rupees(note.totals.gross),
      ...(section === 'b2cl' ? { pos: note.invoice.pos ?? '' } : {}),
      itms: [{ num: 1, itm_det: { rt, txval: rupees(note.totals.taxable), iamt: rupees(note.totals.igst), csamt: 0 } }],
    });
  }
  const docDet: Gstr1Return['doc_issue']['doc_det'] = [];
  if (input.invoices.length > 0) {
    docDet.push({ doc_num: 1, doc_typ: 'Invoices for outward supply', docs: documentRanges(input.invoices.map((i) => ({ no: i.invoice_no, cancelled: i.cancelled }))) });
  }
  if (input.creditNotes.length > 0) {
    docDet.push({ doc_num: 5, doc_typ: 'Credit Note', docs: documentRanges(input.creditNotes.map((n) => ({ no: n.note_no, cancelled: false }))) });
  }
  return {
    gstin: input.gstin,
    fp: returnPeriod(input.month),
    version: GSTR1_VERSION,
    hash: 'hash',
    b2cl: [...b2cl.keys()].sort().map((pos) => ({ pos, inv: b2cl.get(pos)! })),
    b2cs: [...b2cs.values()]
      .sort((a, b) => a.sply_ty.localeCompare(b.sply_ty) || a.pos.localeCompare(b.pos))
      .map((r) => ({
        sply_ty: r.sply_ty, pos: r.pos, typ: 'OE' as const, rt: GST_RATE_PERCENT,
        txval: rupees(r.split.taxable), iamt: rupees(r.split.igst), camt: rupees(r.split.cgst), samt: rupees(r.split.sgst), csamt: 0,
      })),
    exp: exp.length > 0 ? [{ exp_typ: 'WOPAY', inv: exp }] : [],
    cdnur,
    hsn: {
      hsn_b2c: [...hsn.values()]
        .sort((a, b) => b.rt - a.rt)
        .map((r, i) => ({
          num: i + 1, hsn_sc: HSN_JEWELLERY, desc: 'Articles of jewellery of precious metal', uqc: 'NOS', qty: r.qty, rt: r.rt,
          txval: rupees(r.split.taxable), iamt: rupees(r.split.igst), camt: rupees(r.split.cgst), samt: rupees(r.split.sgst), csamt: 0,
        })),
    },
    doc_issue: { doc_det: docDet },
  };
}

/** One CSV row of GSTR-1: every section flattened with a `section` column (the offline tool's sheets, side by side). */
export interface Gstr1CsvRow {
  section: string;
  number: string;
  date: string;
  supply_type: string;
  place_of_supply: string;
  rate: number | string;
  value: number | string;
  taxable_value: number | string;
  igst: number | string;
  cgst: number | string;
  sgst: number | string;
  cess: number | string;
  hsn: string;
  quantity: number | string;
  from: string;
  to: string;
  total: number | string;
  cancelled: number | string;
}

export const GSTR1_CSV_COLUMNS: readonly (keyof Gstr1CsvRow)[] = [
  'section', 'number', 'date', 'supply_type', 'place_of_supply', 'rate', 'value', 'taxable_value', 'igst', 'cgst', 'sgst', 'cess', 'hsn', 'quantity', 'from', 'to', 'total', 'cancelled',
];

/** The return as CSV rows, amounts in rupees with two decimals. */
export function gstr1CsvRows(r: Gstr1Return): Gstr1CsvRow[] {
  const blank: Gstr1CsvRow = {
    section: '', number: '', date: '', supply_type: '', place_of_supply: '', rate: '', value: '', taxable_value: '', igst: '', cgst: '', sgst: '', cess: '', hsn: '', quantity: '', from: '', to: '', total: '', cancelled: '',
  };
  const m = (n: number) => n.toFixed(2);
  const rows: Gstr1CsvRow[] = [];
  for (const g of r.b2cl) {
    for (const inv of g.inv) {
      const d = inv.itms[0].itm_det;
      rows.push({ ...blank, section: 'b2cl', number: inv.inum, date: inv.idt, supply_type: 'INTER', place_of_supply: g.pos, rate: d.rt, value: m(inv.val), taxable_value: m(d.txval), igst: m(d.iamt), cgst: m(0), sgst: m(0), cess: m(d.csamt) });
    }
  }
  for (const b of r.b2cs) {
    rows.push({ ...blank, section: 'b2cs', supply_type: b.sply_ty, place_of_supply: b.pos, rate: b.rt, taxable_value: m(b.txval), igst: m(b.iamt), cgst: m(b.camt), sgst: m(b.samt), cess: m(b.csamt) });
  }
  for (const e of r.exp) {
    for (const inv of e.inv) {
      const d = inv.itms[0];
      rows.push({ ...blank, section: 'exp', number: inv.inum, date: inv.idt, supply_type: e.exp_typ, rate: d.rt, value: m(inv.val), taxable_value: m(d.txval), igst: m(d.iamt), cgst: m(0), sgst: m(0), cess: m(d.csamt) });
    }
  }
  for (const n of r.cdnur) {
    const d = n.itms[0].itm_det;
    rows.push({ ...blank, section: 'cdnur', number: n.nt_num, date: n.nt_dt, supply_type: n.typ, place_of_supply: n.pos ?? '', rate: d.rt, value: m(n.val), taxable_value: m(d.txval), igst: m(d.iamt), cgst: m(0), sgst: m(0), cess: m(d.csamt) });
  }
  for (const h of r.hsn.hsn_b2c) {
    rows.push({ ...blank, section: 'hsn', hsn: h.hsn_sc, quantity: h.qty, rate: h.rt, taxable_value: m(h.txval), igst: m(h.iamt), cgst: m(h.camt), sgst: m(h.samt), cess: m(h.csamt) });
  }
  for (const d of r.doc_issue.doc_det) {
    for (const s of d.docs) rows.push({ ...blank, section: 'doc_issue', supply_type: d.doc_typ, from: s.from, to: s.to, total: s.totnum, cancelled: s.cancel, quantity: s.net_issue });
  }
  return rows;
}

// ---------------------------------------------------------------------------
// Stock

/** A carat row "low on stock" at this many pieces or fewer (0 included). */
export const LOW_STOCK_AT = 2;
