/**
 * Issuing an order's GST tax invoice (CGST Rules, rule 46): the next number of
 * the financial year it ships in (a counter row per year, incremented in the
 * caller's transaction, so numbers have no gap and no twin) and the whole
 * document (rules/invoice.ts buildInvoice) stored with it. One path for the shop
 * (the order lifecycle, when an order becomes Shipped) and the demo seed.
 */

import type { DB } from './connection.ts';
import { findInvoice, huidsOfItems, insertInvoice, nextInvoiceSequence } from './queries/hallmarks-invoices.ts';
import type { Order } from './schema.ts';
import { buildInvoice, financialYearStart, invoiceNumber, type LineDetails } from '../rules/invoice.ts';
import type { Seller } from '../rules/seller.ts';

/**
 * Issues the order's tax invoice, once: an order already invoiced keeps its
 * number. Runs inside writeTransaction (the transaction that ships the order, or
 * the seed's), so the counter and the invoice commit together or not at all.
 * Answers the number.
 */
export async function issueInvoice(trx: DB, order: Order, seller: Seller, at: Date = new Date(), details?: LineDetails): Promise<string> {
  if (!trx.isTransaction) throw new Error('issueInvoice runs inside writeTransaction: the invoice counter and the invoice commit together');
  const existing = await findInvoice(trx, order.o_id);
  if (existing) return existing.invoice_no;
  const financialYear = financialYearStart(at);
  const sequence = await nextInvoiceSequence(trx, financialYear);
  const invoice_no = invoiceNumber(seller.invoicePrefix, financialYear, sequence);
  const items = await trx.selectFrom('order_items').selectAll().where('o_id', '=', order.o_id).orderBy('oi_id').execute();
  const huids = await huidsOfItems(trx, items.map((i) => i.oi_id));
  const document = buildInvoice({ invoice_no, issuedAt: at, financialYear, order, items, huids, seller, details });
  await insertInvoice(trx, {
    invoice_no,
    o_id: order.o_id,
    financial_year: financialYear,
    sequence,
    issued_at: at.toISOString().slice(0, 19).replace('T', ' '),
    document: JSON.stringify(document),
  });
  return invoice_no;
}
