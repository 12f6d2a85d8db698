/**
 * The GST credit note as a PDF (pdfkit), drawn like the tax invoice (pdf.ts) from the stored
 * document only (credit_notes.document): every figure on the page is one the database holds.
 */

import type { CreditNoteDocument } from '../../rules/credit-note.ts';
import { amount, buyerBlock, type Column, dateText, documentHeading, documentTotals, PAGE, startDocument, tableRow, taxCellsOf, taxTitles } from './pdf.ts';

/** Renders the credit note; resolves to the PDF's bytes. */
export function renderCreditNotePdf(doc: CreditNoteDocument): Promise<Buffer> {
  const { pdf, done } = startDocument(`Credit note ${doc.credit_note_no}`, doc.seller.legalName);
  const money = (minor: number) => amount(minor, doc.currency);
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
  const y = documentHeading(pdf, { title: 'CREDIT NOTE', note: 'Issued under section 34 of the CGST Act, 2017 · Original for recipient', seller: doc.seller, facts, labelWidth: 95 });

  buyerBlock(pdf, y + 10, 'Recipient', doc.buyer, { postalLabel: false, pan: false });

  const tax = taxTitles(doc.supply);
  const widths = [18, 230, 36, 56, 28, 90, 48, 80, ...tax.map(() => (tax.length === 2 ? 62 : 100))];
  const titles = ['#', 'Description', 'HSN', 'Purity', 'Qty', 'HUID', 'Credited', 'Taxable value', ...tax];
  widths.push(width - widths.reduce((s, w) => s + w, 0));
  titles.push('Total');
  const right = new Set([4, 6, 7, 8, 9, 10]);
  const columns = titles.map((title, i): Column => ({ title, width: widths[i], align: right.has(i) ? 'right' : 'left' }));
  const row = (cells: string[], bold = false) => tableRow(pdf, columns, cells, bold);
  const taxCells = taxCellsOf(doc.supply, money);
  pdf.y += 10;
  row(titles, true);
  doc.lines.forEach((line, i) => {
    row([String(i + 1), line.description, line.hsn, line.purity ?? '-', String(line.quantity), line.huids.join('\n') || '-', `${line.percent}%`, money(line.taxable), ...taxCells(line), money(line.gross)]);
  });
  if (doc.shipping) row(['', 'Shipping and insurance credited', '', '', '', '', '100%', money(doc.shipping.taxable), ...taxCells(doc.shipping), money(doc.shipping.gross)]);
  const t = doc.totals;
  row(['', 'Total credited', '', '', String(doc.lines.reduce((s, l) => s + l.quantity, 0)), '', '', money(t.taxable), ...taxCells(t), money(t.gross)], true);

  documentTotals(pdf, {
    kind: 'credit note',
    currency: doc.currency,
    exchange: doc.exchange,
    supply: doc.supply,
    totals: t,
    before: [['Taxable value reversed', money(t.taxable)]],
    after: [],
    notes: doc.notes,
    seller: doc.seller,
  });
  pdf.end();
  return done;
}
