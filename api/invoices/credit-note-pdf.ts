/**
 * The GST credit note as a PDF (pdfkit), drawn like the tax invoice (pdf.ts) from the stored
 * document only (credit_notes.document): every figure on the page is one the database holds.
 */

import PDFDocument from 'pdfkit';
import type { CreditNoteDocument } from '../../rules/credit-note.ts';
import { TAX_RATE_TEXT } from '../../rules/tax.ts';
import { amount, dateText, documentHeading } from './pdf.ts';

const PAGE = { size: 'A4', layout: 'landscape', margin: 32 } as const;

/** Renders the credit note; resolves to the PDF's bytes. */
export function renderCreditNotePdf(doc: CreditNoteDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ ...PAGE, info: { Title: `Credit note ${doc.credit_note_no}`, Author: doc.seller.legalName } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const money = (minor: number) => amount(minor, doc.currency);
  const left = PAGE.margin;
  const width = pdf.page.width - 2 * PAGE.margin;

  const facts: [string, string][] = [
    ['Credit note No.', doc.credit_note_no],
    ['Date', dateText(doc.issued_at)],
    ['Against invoice', `${doc.invoice_no} of ${dateText(doc.invoice_date)}`],
    ['Order / Return', `#${doc.o_id} / return #${doc.r_id}`],
    ['Reason', doc.reason],
    ['Place of supply', doc.place_of_supply],
    ['Amounts in', doc.currency === 'INR' ? 'Indian rupees (INR)' : 'US dollars (USD)'],
  ];
  let y = documentHeading(pdf, { title: 'CREDIT NOTE', note: 'Issued under section 34 of the CGST Act, 2017 · Original for recipient', seller: doc.seller, facts, labelWidth: 95 });

  y += 10;
  const b = doc.buyer;
  pdf.font('Helvetica-Bold').fontSize(10).text('Recipient', left, y);
  pdf.font('Helvetica').fontSize(9);
  pdf.text(b.name);
  pdf.text(b.address);
  pdf.text(`${b.city}, ${b.state}${b.state_code ? ` (state code ${b.state_code})` : ''}, ${b.zip_code || '-'}, ${b.country_name}`);
  pdf.text(`Phone ${b.phone} · ${b.email}`);

  const tax = doc.supply === 'intra_state' ? [`CGST ${TAX_RATE_TEXT.cgst}`, `SGST ${TAX_RATE_TEXT.sgst}`] : doc.supply === 'inter_state' ? [`IGST ${TAX_RATE_TEXT.igst}`] : ['IGST 0% (export)'];
  const widths = [18, 230, 36, 56, 28, 90, 48, 80, ...tax.map(() => (tax.length === 2 ? 62 : 100))];
  const titles = ['#', 'Description', 'HSN', 'Purity', 'Qty', 'HUID', 'Credited', 'Taxable value', ...tax];
  widths.push(width - widths.reduce((s, w) => s + w, 0));
  titles.push('Total');
  const right = new Set([4, 6, 7, 8, 9, 10]);
  const row = (cells: string[], bold = false) => {
    const startY = pdf.y;
    let x = left;
    let bottom = startY;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    cells.forEach((cell, i) => {
      pdf.text(cell, x + 2, startY, { width: widths[i] - 4, align: right.has(i) ? 'right' : 'left' });
      bottom = Math.max(bottom, pdf.y);
      x += widths[i];
    });
    pdf.moveTo(left, bottom + 2).lineTo(left + width, bottom + 2).lineWidth(0.5).strokeColor('#999999').stroke();
    pdf.x = left;
    pdf.y = bottom + 5;
  };
  const taxCells = (s: { cgst: number; sgst: number; igst: number }) => (doc.supply === 'intra_state' ? [money(s.cgst), money(s.sgst)] : [money(s.igst)]);
  pdf.y += 10;
  row(titles, true);
  doc.lines.forEach((line, i) => {
    row([String(i + 1), line.description, line.hsn, line.purity ?? '-', String(line.quantity), line.huids.join('\n') || '-', `${line.percent}%`, money(line.taxable), ...taxCells(line), money(line.gross)]);
  });
  if (doc.shipping) row(['', 'Shipping and insurance credited', '', '', '', '', '100%', money(doc.shipping.taxable), ...taxCells(doc.shipping), money(doc.shipping.gross)]);
  const t = doc.totals;
  row(['', 'Total credited', '', '', String(doc.lines.reduce((s, l) => s + l.quantity, 0)), '', '', money(t.taxable), ...taxCells(t), money(t.gross)], true);

  pdf.moveDown(0.5);
  const summary: [string, string][] = [
    ['Taxable value reversed', money(t.taxable)],
    ...(doc.supply === 'intra_state'
      ? ([[`CGST @ ${TAX_RATE_TEXT.cgst}`, money(t.cgst)], [`SGST @ ${TAX_RATE_TEXT.sgst}`, money(t.sgst)]] as [string, string][])
      : ([[doc.supply === 'export' ? 'IGST (zero-rated export)' : `IGST @ ${TAX_RATE_TEXT.igst}`, money(t.igst)]] as [string, string][])),
    [`Credit note total (${doc.currency})`, money(t.gross)],
    ...(doc.exchange ? ([[`In rupees at Rs ${amount(doc.exchange.usd_inr, 'INR')}/US$`, `Rs ${amount(doc.exchange.total_inr, 'INR')}`]] as [string, string][]) : []),
  ];
  const summaryX = left + width - 260;
  for (const [label, value] of summary) {
    const lineY = pdf.y;
    const last = label.startsWith('Credit note total');
    pdf.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 10 : 9);
    pdf.text(label, summaryX, lineY, { width: 160 });
    pdf.text(value, summaryX + 160, lineY, { width: 100, align: 'right' });
    pdf.y += 1;
  }
  pdf.moveDown(1);
  pdf.font('Helvetica').fontSize(8);
  for (const note of doc.notes) pdf.text(note, left, pdf.y, { width: width - 280 });
  pdf.font('Helvetica-Bold').fontSize(9).text(`For ${doc.seller.legalName}`, left + width - 260, pdf.y + 12, { width: 260, align: 'right' });
  pdf.font('Helvetica').fontSize(8).text('Authorised signatory (computer-generated credit note)', left + width - 260, pdf.y + 14, { width: 260, align: 'right' });
  pdf.end();
  return done;
}
