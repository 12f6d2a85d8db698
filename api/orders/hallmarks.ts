/**
 * Recording the HUIDs of an order's pieces (BIS hallmarking): one per piece, each on one piece
 * of one order at most, changeable until the order ships (its tax invoice names them; shipping
 * requires them all: shipment.ts).
 */

import { recordChange } from '../../db/audit.ts';
import type { DB } from '../../db/connection.ts';
import { huidsOfItems, huidsRecordedElsewhere, orderLinePieces, replaceItemHuids } from '../../db/queries/hallmarks-invoices.ts';
import { findOrder } from '../../db/queries/orders.ts';
import { isUniqueViolation, writeTransaction } from '../../db/transaction.ts';
import { HUID_MESSAGE, huidTakenMessage, normaliseHuid } from '../../rules/compliance.ts';
import { ORDER_STATUS } from '../../rules/orders.ts';
import { conflictError, invalidError, notFoundError } from '../../rules/errors.ts';

/** The HUIDs typed for one order line, one per piece (fewer while some are still to come). */
export interface LineHuids {
  oi_id: number;
  huid: string[];
}

/** An order's lines after recording: each line's pieces and HUIDs, and whether every piece has one. */
export interface RecordedHuids {
  o_id: number;
  complete: boolean;
  items: { oi_id: number; quantity: number; huid: string[] }[];
}

/**
 * Records the HUIDs typed for some of an order's lines, replacing what those lines had; the
 * other lines keep theirs. Refused (changing nothing) for an order that shipped or was
 * cancelled, a line of another order, a HUID not in the BIS format, more HUIDs than pieces,
 * one HUID for two pieces, or a HUID already on another order's piece (named).
 */
export async function recordHuids(db: DB, o_id: number, lines: readonly LineHuids[]): Promise<RecordedHuids> {
  return writeTransaction(db, async (trx) => {
    const order = await findOrder(trx, o_id);
    if (!order) throw notFoundError('Order not found.');
    if (order.status === ORDER_STATUS.shipped || order.status === ORDER_STATUS.delivered) {
      throw conflictError('This order has shipped: its HUIDs are on its tax invoice and can no longer change.');
    }
    if (order.status === ORDER_STATUS.cancelled) throw conflictError('This order is cancelled.');
    const items = await orderLinePieces(trx, o_id);
    const quantityOf = new Map(items.map((i) => [i.oi_id, i.quantity]));
    const current = await huidsOfItems(trx, items.map((i) => i.oi_id));
    const lineKey = (oi_id: number) => `line ${oi_id}`;
    const before = Object.fromEntries(lines.map((entry) => [lineKey(entry.oi_id), current.get(entry.oi_id) ?? []]));
    for (const entry of lines) {
      const quantity = quantityOf.get(entry.oi_id);
      if (quantity === undefined) throw invalidError(`Order line ${entry.oi_id} is not part of order #${o_id}.`);
      const huids = entry.huid.map((typed) => {
        const huid = normaliseHuid(typed);
        if (!huid) throw invalidError(`${HUID_MESSAGE} "${typed}" is not one.`);
        return huid;
      });
      if (huids.length > quantity) throw invalidError(`Order line ${entry.oi_id} has ${quantity} piece${quantity === 1 ? '' : 's'}: give one HUID per piece.`);
      current.set(entry.oi_id, huids);
    }
    const all = [...current.values()].flat();
    const twice = all.find((h, i) => all.indexOf(h) !== i);
    if (twice) throw invalidError(`HUID ${twice} is given for two pieces: each piece has its own.`);
    const sent = lines.flatMap((entry) => current.get(entry.oi_id) ?? []);
    const [taken] = await huidsRecordedElsewhere(trx, sent, o_id);
    if (taken) throw conflictError(huidTakenMessage(taken.huid, taken.o_id));
    await replaceItemHuids(trx, new Map(lines.map((entry) => [entry.oi_id, current.get(entry.oi_id) ?? []])));
    const after = Object.fromEntries(lines.map((entry) => [lineKey(entry.oi_id), current.get(entry.oi_id) ?? []]));
    await recordChange(trx, { action: 'order.huid', entity: 'order', entity_id: o_id, before, after });
    const view = items.map((i) => ({ oi_id: i.oi_id, quantity: i.quantity, huid: current.get(i.oi_id) ?? [] }));
    return { o_id, complete: view.every((i) => i.huid.length === i.quantity), items: view };
  }).catch(async (error: unknown) => {
    // Another order took one of these HUIDs between this one's check and its commit, past the retry: name it.
    if (!isUniqueViolation(error, 'order_item_huids_huid_unique', ['huid'])) throw error;
    const sent = lines.flatMap((entry) => entry.huid.map(normaliseHuid).filter((h): h is string => h !== null));
    const [taken] = await huidsRecordedElsewhere(db, sent, o_id);
    throw conflictError(taken ? huidTakenMessage(taken.huid, taken.o_id) : huidTakenMessage(sent[0] ?? ''));
  });
}
