/** Orders as the back office manages them: every order, and its status. */

import { sql } from 'kysely';
import { notFoundError } from '../../rules/errors.ts';
import type { DB } from '../connection.ts';
import { type OrderView, orderViews } from './orders.ts';

/** Every order (or one page of them), newest first, with its items. */
export async function listAllOrders(db: DB, page?: { page: number; perPage: number }): Promise<OrderView[]> {
  let query = db.selectFrom('orders').selectAll().orderBy('created_at', 'desc').orderBy('o_id', 'desc');
  if (page) query = query.limit(page.perPage).offset((page.page - 1) * page.perPage);
  return orderViews(db, await query.execute(), Date.now(), { revealPan: true });
}

/** Sets an order's status (1 Pending ... 5 Cancelled); any status may follow any other. */
export async function setOrderStatus(db: DB, o_id: number, status: 1 | 2 | 3 | 4 | 5): Promise<void> {
  const result = await db
    .updateTable('orders')
    .set({ status, updated_at: sql<string>`CURRENT_TIMESTAMP` })
    .where('o_id', '=', o_id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFoundError('Order not found.');
}
