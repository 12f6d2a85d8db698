/**
 * The tax invoice as a PDF (pdfkit), drawn from the stored document only: every
 * figure on the page is one the database holds.
 */

import PDFDocument from 'pdfkit';
import { SHOP_TIME_ZONE } from '../../rules/dates.ts';
import type { InvoiceDocument } from '../../rules/invoice.ts';
import { TAX_RATE_TEXT } from '../../rules/tax.ts';

const PAGE = { size: 'A4', layout: 'landscape', margin: 32 } as const;

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

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
  /** Space before the text, points (after a right-aligned neighbour). */
  gap?: number;
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

/** Renders the invoice; resolves to the PDF's bytes. */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ ...PAGE, info: { Title: `Tax invoice ${doc.invoice_no}`, Author: doc.seller.legalName } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

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
  let y = documentHeading(pdf, { title: 'TAX INVOICE', note: 'Original for recipient', seller: doc.seller, facts, labelWidth: 90 });

  // Buyer.
  y += 10;
  const b = doc.buyer;
  pdf.font('Helvetica-Bold').fontSize(10).text('Bill to / Ship to', left, y);
  pdf.font('Helvetica').fontSize(9);
  pdf.text(b.name);
  pdf.text(b.address);
  pdf.text(`${b.city}, ${b.state}${b.state_code ? ` (state code ${b.state_code})` : ''}, ${b.country === 'IN' ? 'PIN' : 'Postal code'} ${b.zip_code || '-'}, ${b.country_name}`);
  pdf.text(`Phone ${b.phone} · ${b.email}${b.pan ? ` · PAN ${b.pan}` : ''}`);

  // Lines.
  const tax = figures.supply === 'intra_state' ? [`CGST ${TAX_RATE_TEXT.cgst}`, `SGST ${TAX_RATE_TEXT.sgst}`] : figures.supply === 'inter_state' ? [`IGST ${TAX_RATE_TEXT.igst}`] : ['IGST 0% (export)'];
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

  const row = (cells: string[], options: { bold?: boolean } = {}) => {
    const startY = pdf.y;
    let x = left;
    let bottom = startY;
    pdf.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
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
  };

  pdf.y += 10;
  pdf.moveTo(left, pdf.y - 3).lineTo(left + width, pdf.y - 3).lineWidth(0.5).strokeColor('#999999').stroke();
  row(columns.map((c) => c.title), { bold: true });
  const taxCells = (s: { cgst: number; sgst: number; igst: number }) =>
    figures.supply === 'intra_state' ? [money(s.cgst), money(s.sgst)] : [money(s.igst)];
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
  row(['', 'Total', '', '', String(figures.lines.reduce((s, l) => s + l.quantity, 0)), '', '', '', '', money(t.discount), money(t.taxable), ...taxCells(t), money(t.gross)], { bold: true });

  // Totals in figures.
  pdf.moveDown(0.5);
  const summary: [string, string][] = [
    ['Value before discount', money(t.before_discount)],
    ['Discount', money(t.discount)],
    ['Taxable value', money(t.taxable)],
    ...(figures.supply === 'intra_state'
      ? ([[`CGST @ ${TAX_RATE_TEXT.cgst}`, money(t.cgst)], [`SGST @ ${TAX_RATE_TEXT.sgst}`, money(t.sgst)]] as [string, string][])
      : figures.supply === 'inter_state'
        ? ([[`IGST @ ${TAX_RATE_TEXT.igst}`, money(t.igst)]] as [string, string][])
        : ([['IGST (zero-rated export)', money(0)]] as [string, string][])),
    [`Invoice total (${doc.currency})`, money(t.gross)],
    ...(doc.exchange ? ([[`In rupees at Rs ${amount(doc.exchange.usd_inr, 'INR')}/US$`, `Rs ${amount(doc.exchange.total_inr, 'INR')}`]] as [string, string][]) : []),
    // Store credit is a payment toward the total (issue 36), shown under it, never as a discount.
    ...(doc.payments ? paymentLines(doc.payments, money) : []),
  ];
  const summaryX = left + width - 260;
  for (const [label, value] of summary) {
    const lineY = pdf.y;
    const last = label.startsWith('Invoice total');
    pdf.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 10 : 9);
    pdf.text(label, summaryX, lineY, { width: 160 });
    pdf.text(value, summaryX + 160, lineY, { width: 100, align: 'right' });
    pdf.y += 1;
  }

  pdf.moveDown(1);
  pdf.font('Helvetica').fontSize(8);
  pdf.x = left;
  const unrecorded = figures.lines.some((l) => l.net_weight_g === null || l.making === null || l.stones === null);
  for (const note of [...doc.notes, ...(unrecorded ? ['n/r: not recorded for this piece (a fixed-price piece has no making and stone breakup).'] : [])]) {
    pdf.text(note, left, pdf.y, { width: width - 280 });
  }
  pdf.font('Helvetica-Bold').fontSize(9).text(`For ${doc.seller.legalName}`, left + width - 260, pdf.y + 12, { width: 260, align: 'right' });
  pdf.font('Helvetica').fontSize(8).text('Authorised signatory (computer-generated invoice)', left + width - 260, pdf.y + 14, { width: 260, align: 'right' });
  pdf.end();
  return done;
}
