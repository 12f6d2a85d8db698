/**
 * What shipping an order requires by law, in the transaction that marks it
 * Shipped (the lifecycle's, api/orders/lifecycle.ts: the one way an order's
 * status changes): every piece has its HUID recorded, and the GST tax invoice is
 * issued (db/invoices.ts issueInvoice: the next number of the financial year, in
 * this same transaction, so numbers have no gap and no twin).
 */

import type { DB } from '../../db/connection.ts';
import { issueInvoice } from '../../db/invoices.ts';
import { huidsOfItems, orderLinePieces } from '../../db/queries/hallmarks-invoices.ts';
import type { Order } from '../../db/schema.ts';
import type { Seller } from '../../rules/seller.ts';
import { conflictError } from '../../rules/errors.ts';

/** Refuses to ship an order until each piece has its HUID (409 saying how many are missing). */
export async function assertHallmarked(trx: DB, o_id: number): Promise<void> {
  const items = await orderLinePieces(trx, o_id);
  const huids = await huidsOfItems(trx, items.map((i) => i.oi_id));
  const pieces = items.reduce((sum, i) => sum + i.quantity, 0);
  const recorded = items.reduce((sum, i) => sum + Math.min(huids.get(i.oi_id)?.length ?? 0, i.quantity), 0);
  if (recorded < pieces) {
    throw conflictError(`Record the HUID of every piece before marking the order Shipped: ${recorded} of ${pieces} piece${pieces === 1 ? ' has' : 's have'} one.`);
  }
}

/** Both, in order: what the order lifecycle calls when an order becomes Shipped. */
export async function prepareShipment(trx: DB, order: Order, seller: Seller, at: Date = new Date()): Promise<string> {
  await assertHallmarked(trx, order.o_id);
  return issueInvoice(trx, order, seller, at);
}
