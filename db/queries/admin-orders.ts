/** Orders as the back office manages them: every order, and its status. */

import { notFoundError } from '../../rules/errors.ts';
import type { DB } from '../connection.ts';
import { writeTransaction } from '../transaction.ts';
import { type OrderView, orderViews } from './orders.ts';
import { returnStock } from './stock.ts';
import { utcTimestamp } from '../time.ts';

/** Every order (or one page of them), newest first, with its items. */
export async function listAllOrders(db: DB, page?: { page: number; perPage: number }): Promise<OrderView[]> {
  let query = db.selectFrom('orders').selectAll().orderBy('created_at', 'desc').orderBy('o_id', 'desc');
  if (page) query = query.limit(page.perPage).offset((page.page - 1) * page.perPage);
  return orderViews(db, await query.execute(), Date.now(), { revealPan: true });
}

/** Sets an order's status (1 Pending ... 5 Cancelled); any status may follow any other. */
export function setOrderStatus(db: DB, o_id: number, status: 1 | 2 | 3 | 4 | 5): Promise<void> {
  return writeTransaction(db, async (trx) => {
    const order = await trx.selectFrom('orders').select('status').where('o_id', '=', o_id).executeTakeFirst();
    if (!order) throw notFoundError('Order not found.');
    await trx.updateTable('orders').set({ status, updated_at: utcTimestamp() }).where('o_id', '=', o_id).execute();
    // Cancelled by the shop: its pieces go back on sale.
    if (status === 5 && order.status !== 5) await returnStock(trx, o_id);
  });
}
