/**
 * The tax invoice as a PDF (pdfkit), drawn from the stored document only: every
 * figure on the page is one the database holds.
 */

import PDFDocument from 'pdfkit';
import { SHOP_TIME_ZONE } from '../../rules/dates.ts';
import type { InvoiceDocument } from '../../rules/invoice.ts';
import { TAX_RATE_TEXT } from '../../rules/tax.ts';

/** The GST documents' page: A4 landscape, its margin in points. */
export const PAGE = { size: 'A4', layout: 'landscape', margin: 32 } as const;

/** Minor units to text with the currency's grouping: 10300000 -> "1,03,000.00". */
export function amount(minor: number, currency: InvoiceDocument['currency']): string {
  return new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
}

/** "2026-11-24T10:00:00.000Z" -> "24 Nov 2026" in India Standard Time. */
export function dateText(iso: string): string {
  const at = new Date(iso.includes('T') ? iso : `${iso.replace(' ', 'T')}Z`);
  return new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE }).format(at);
}

/** How the invoice total was paid when store credit paid part of it: the credit, and what is left (due on delivery or paid online). */
function paymentLines(payments: NonNullable<InvoiceDocument['payments']>, money: (minor: number) => string): [string, string][] {
  const rest: [string, string] =
    payments.balance_method === 'Cash on Delivery' ? ['Amount due on delivery (cash)', money(payments.balance)] : ['Paid online', money(payments.balance)];
  return [['Paid by store credit', money(payments.store_credit)], ...(payments.balance > 0 ? [rest] : [['Amount due', money(0)] as [string, string]])];
}

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
  /** Space before the text, points (after a right-aligned neighbour). */
  gap?: number;
}

/** A GST document's PDF begun on its page (A4 landscape), and its bytes once it is ended. */
export function startDocument(title: string, author: string): { pdf: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const pdf = new PDFDocument({ ...PAGE, info: { Title: title, Author: author } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}

/** The tax columns' titles for a supply: CGST and SGST within the shop's state, IGST across states, IGST 0% for an export. */
export function taxTitles(supply: TaxSupply): string[] {
  return supply === 'intra_state' ? [`CGST ${TAX_RATE_TEXT.cgst}`, `SGST ${TAX_RATE_TEXT.sgst}`] : supply === 'inter_state' ? [`IGST ${TAX_RATE_TEXT.igst}`] : ['IGST 0% (export)'];
}

type TaxSupply = InvoiceDocument['figures']['supply'];
type TaxAmounts = { cgst: number; sgst: number; igst: number };

/** A table row's tax cells, in the columns taxTitles names. */
export const taxCellsOf = (supply: TaxSupply, money: (minor: number) => string) => (s: TaxAmounts) =>
  supply === 'intra_state' ? [money(s.cgst), money(s.sgst)] : [money(s.igst)];

/**
 * One row of a document's table at pdf.y across the columns (a cell may wrap), ruled
 * beneath; the next row starts under its tallest cell.
 */
export function tableRow(pdf: PDFKit.PDFDocument, columns: readonly Column[], cells: string[], bold = false): void {
  const left = PAGE.margin;
  const width = pdf.page.width - 2 * PAGE.margin;
  const startY = pdf.y;
  let x = left;
  let bottom = startY;
  pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
  cells.forEach((cell, i) => {
    const column = columns[i];
    const gap = column.gap ?? 0;
    pdf.text(cell, x + 2 + gap, startY, { width: column.width - 4 - gap, align: column.align ?? 'left' });
    bottom = Math.max(bottom, pdf.y);
    x += column.width;
  });
  pdf.moveTo(left, bottom + 2).lineTo(left + width, bottom + 2).lineWidth(0.5).strokeColor('#999999').stroke();
  pdf.x = left;
  pdf.y = bottom + 5;
}

/**
 * The totals under a GST document's table, then its notes and signatory: the taxable value
 * (and whatever `before` adds ahead of it), the tax in the supply's split, the document's
 * total in bold, its value in rupees for a dollar document, and `after` (how it was paid).
 */
export function documentTotals(
  pdf: PDFKit.PDFDocument,
  document: {
    kind: 'invoice' | 'credit note';
    currency: InvoiceDocument['currency'];
    exchange: InvoiceDocument['exchange'];
    supply: TaxSupply;
    totals: TaxAmounts & { taxable: number; gross: number };
    before: [string, string][];
    after: [string, string][];
    notes: string[];
    seller: InvoiceDocument['seller'];
  },
): void {
  const { totals: t, currency } = document;
  const money = (minor: number) => amount(minor, currency);
  const left = PAGE.margin;
  const width = pdf.page.width - 2 * PAGE.margin;
  const totalLabel = `${document.kind === 'invoice' ? 'Invoice' : 'Credit note'} total (${currency})`;
  pdf.moveDown(0.5);
  const summary: [string, string][] = [
    ...document.before,
    ...(document.supply === 'intra_state'
      ? ([[`CGST @ ${TAX_RATE_TEXT.cgst}`, money(t.cgst)], [`SGST @ ${TAX_RATE_TEXT.sgst}`, money(t.sgst)]] as [string, string][])
      : ([[document.supply === 'export' ? 'IGST (zero-rated export)' : `IGST @ ${TAX_RATE_TEXT.igst}`, money(t.igst)]] as [string, string][])),
    [totalLabel, money(t.gross)],
    ...(document.exchange ? ([[`In rupees at Rs ${amount(document.exchange.usd_inr, 'INR')}/US$`, `Rs ${amount(document.exchange.total_inr, 'INR')}`]] as [string, string][]) : []),
    ...document.after,
  ];
  const summaryX = left + width - 260;
  for (const [label, value] of summary) {
    const lineY = pdf.y;
    const last = label === totalLabel;
    pdf.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 10 : 9);
    pdf.text(label, summaryX, lineY, { width: 160 });
    pdf.text(value, summaryX + 160, lineY, { width: 100, align: 'right' });
    pdf.y += 1;
  }

  pdf.moveDown(1);
  pdf.font('Helvetica').fontSize(8);
  pdf.x = left;
  for (const note of document.notes) pdf.text(note, left, pdf.y, { width: width - 280 });
  pdf.font('Helvetica-Bold').fontSize(9).text(`For ${document.seller.legalName}`, left + width - 260, pdf.y + 12, { width: 260, align: 'right' });
  pdf.font('Helvetica').fontSize(8).text(`Authorised signatory (computer-generated ${document.kind})`, left + width - 260, pdf.y + 14, { width: 260, align: 'right' });
}

/**
 * The top of a GST document (the tax invoice, a credit note): its title and note centred, the
 * seller on the left, the document's facts ("label: value") on the right. Answers where the
 * lower of the two columns ends.
 */
export function documentHeading(
  pdf: PDFKit.PDFDocument,
  heading: { title: string; note: string; seller: InvoiceDocument['seller']; facts: [string, string][]; labelWidth: number },
): number {
  const left = PAGE.margin;
  const width = pdf.page.width - 2 * PAGE.margin;
  pdf.font('Helvetica-Bold').fontSize(16).text(heading.title, left, PAGE.margin, { width, align: 'center' });
  pdf.font('Helvetica').fontSize(8).text(heading.note, { width, align: 'center' });
  const top = pdf.y + 10;
  const { seller } = heading;
  pdf.font('Helvetica-Bold').fontSize(11).text(seller.legalName, left, top, { width: width / 2 });
  pdf.font('Helvetica').fontSize(9);
  pdf.text(seller.address, { width: width / 2 });
  pdf.text(`GSTIN: ${seller.gstin}`);
  pdf.text(`State: ${seller.stateName} (code ${seller.stateCode})`);
  const sellerBottom = pdf.y;
  let y = top;
  for (const [label, value] of heading.facts) {
    pdf.font('Helvetica-Bold').text(`${label}:`, left + width / 2, y, { width: heading.labelWidth });
    pdf.font('Helvetica').text(value, left + width / 2 + heading.labelWidth + 2, y, { width: width / 2 - heading.labelWidth - 2 });
    y = pdf.y + 1;
  }
  return Math.max(sellerBottom, y);
}

/**
 * The buyer under a document's heading, from `top`: name, address, city and state, phone and
 * e-mail; the invoice names the postal code's kind (PIN in India) and shows the masked PAN.
 */
export function buyerBlock(pdf: PDFKit.PDFDocument, top: number, title: string, b: InvoiceDocument['buyer'], show: { postalLabel: boolean; pan: boolean }): void {
  const postal = show.postalLabel ? `${b.country === 'IN' ? 'PIN' : 'Postal code'} ` : '';
  pdf.font('Helvetica-Bold').fontSize(10).text(title, PAGE.margin, top);
  pdf.font('Helvetica').fontSize(9);
  pdf.text(b.name);
  pdf.text(b.address);
  pdf.text(`${b.city}, ${b.state}${b.state_code ? ` (state code ${b.state_code})` : ''}, ${postal}${b.zip_code || '-'}, ${b.country_name}`);
  pdf.text(`Phone ${b.phone} · ${b.email}${show.pan && b.pan ? ` · PAN ${b.pan}` : ''}`);
}

/** Renders the invoice; resolves to the PDF's bytes. */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const { pdf, done } = startDocument(`Tax invoice ${doc.invoice_no}`, doc.seller.legalName);

  const money = (minor: number) => amount(minor, doc.currency);
  const left = PAGE.margin;
  const width = pdf.page.width - 2 * PAGE.margin;
  const { figures } = doc;

  // Heading: who issues it, and that it is a tax invoice.
  const facts: [string, string][] = [
    ['Invoice No.', doc.invoice_no],
    ['Invoice date', dateText(doc.issued_at)],
    ['Order No.', `#${doc.o_id} of ${dateText(doc.order_date)}`],
    ['Place of supply', doc.place_of_supply],
    ['Payment', doc.payment_method],
    ['Amounts in', doc.currency === 'INR' ? 'Indian rupees (INR)' : 'US dollars (USD)'],
    ...(doc.exchange ? ([['Exchange rate', `Rs ${amount(doc.exchange.usd_inr, 'INR')} per US$ (when ordered)`]] as [string, string][]) : []),
  ];
  const y = documentHeading(pdf, { title: 'TAX INVOICE', note: 'Original for recipient', seller: doc.seller, facts, labelWidth: 90 });

  buyerBlock(pdf, y + 10, 'Bill to / Ship to', doc.buyer, { postalLabel: true, pan: true });

  // Lines.
  const tax = taxTitles(figures.supply);
  const columns: Column[] = [
    { title: '#', width: 16 },
    { title: 'Description', width: 150 },
    { title: 'HSN', width: 30 },
    { title: 'Purity', width: 52 },
    { title: 'Qty', width: 24, align: 'right' },
    { title: 'Net wt (g)', width: 50, align: 'right' },
    { title: 'HUID', width: 56, gap: 8 },
    { title: 'Making', width: 50, align: 'right' },
    { title: 'Stones', width: 50, align: 'right' },
    { title: 'Discount', width: 50, align: 'right' },
    { title: 'Taxable value', width: 62, align: 'right' },
    ...tax.map((title): Column => ({ title, width: tax.length === 2 ? 54 : 80, align: 'right' })),
    { title: 'Total', width: 0, align: 'right' },
  ];
  columns[columns.length - 1].width = width - columns.slice(0, -1).reduce((s, c) => s + c.width, 0);

  const row = (cells: string[], bold = false) => tableRow(pdf, columns, cells, bold);

  pdf.y += 10;
  pdf.moveTo(left, pdf.y - 3).lineTo(left + width, pdf.y - 3).lineWidth(0.5).strokeColor('#999999').stroke();
  row(columns.map((c) => c.title), true);
  const taxCells = taxCellsOf(figures.supply, money);
  figures.lines.forEach((line, i) => {
    row([
      String(i + 1),
      `${line.description}\nUnit price ${money(line.unit_price)}`,
      line.hsn,
      line.purity ? `${line.purity}${line.fineness ? ` / ${line.fineness}` : ''}` : '-',
      String(line.quantity),
      line.net_weight_g === null ? 'n/r' : line.net_weight_g.toFixed(3),
      line.huids.join('\n') || '-',
      line.making === null ? 'n/r' : money(line.making),
      line.stones === null ? 'n/r' : money(line.stones),
      money(line.discount),
      money(line.taxable),
      ...taxCells(line),
      money(line.gross),
    ]);
  });
  if (figures.shipping.gross > 0) {
    row(['', 'Shipping and insurance (part of the supply)', '', '', '', '', '', '', '', money(0), money(figures.shipping.taxable), ...taxCells(figures.shipping), money(figures.shipping.gross)]);
  }
  const t = figures.totals;
  row(['', 'Total', '', '', String(figures.lines.reduce((s, l) => s + l.quantity, 0)), '', '', '', '', money(t.discount), money(t.taxable), ...taxCells(t), money(t.gross)], true);

  // Totals in figures; store credit is a payment toward the total (issue 36), shown under it, never as a discount.
  const unrecorded = figures.lines.some((l) => l.net_weight_g === null || l.making === null || l.stones === null);
  documentTotals(pdf, {
    kind: 'invoice',
    currency: doc.currency,
    exchange: doc.exchange,
    supply: figures.supply,
    totals: t,
    before: [
      ['Value before discount', money(t.before_discount)],
      ['Discount', money(t.discount)],
      ['Taxable value', money(t.taxable)],
    ],
    after: doc.payments ? paymentLines(doc.payments, money) : [],
    notes: [...doc.notes, ...(unrecorded ? ['n/r: not recorded for this piece (a fixed-price piece has no making and stone breakup).'] : [])],
    seller: doc.seller,
  });
  pdf.end();
  return done;
}
