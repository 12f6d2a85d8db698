/**
 * Store credit (issue 36): the ledger of each shopper's credit and its balance, both written in
 * the caller's transaction. An exchange grants credit (returns, inside its own transaction); an
 * order uses it as a payment in the transaction that places it; cancelling or refunding that
 * order gives it back. Paise throughout.
 *
 * Correct under concurrency on both engines by construction:
 * - the balance row is taken down by a conditional update (balance >= amount) and a CHECK keeps
 *   it from going below zero, so two orders at once can never spend the same credit;
 * - a grant is recorded once per return and a use or give-back once per order (unique (kind, r_id)
 *   and (kind, o_id)): a second attempt finds the first and changes nothing; one racing it fails on
 *   the unique key, writeTransaction runs it again, and it then finds the first.
 */

import { sql } from 'kysely';
import { conflictError, invalidError } from '../../rules/errors.ts';
import { creditText, type StoreCreditKind } from '../../rules/store-credit.ts';
import { type DB, engineOf } from '../connection.ts';
import { utcTimestamp } from '../time.ts';

export interface StoreCreditEntry {
  sce_id: number;
  kind: StoreCreditKind;
  /** Signed paise: + grant and give-back, − use. */
  amount: number;
  balance_after: number;
  r_id: number | null;
  o_id: number | null;
  note: string | null;
  created_at: string;
}

/** What a grant, use or give-back did: the entry, the balance after it, and whether it was already recorded (nothing changed). */
export interface StoreCreditMove {
  sce_id: number;
  amount: number;
  balance: number;
  replayed: boolean;
}

function wholePaise(amount: number, what: string): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw invalidError(`${what} must be a whole number of paise above zero.`);
  return amount;
}

/** The shopper's store credit balance in paise (0 when they never had any). */
export async function storeCreditBalance(db: DB, u_id: number): Promise<number> {
  const row = await db.selectFrom('store_credit_balances').select('balance').where('u_id', '=', u_id).executeTakeFirst();
  return row ? Number(row.balance) : 0;
}

/**
 * The balance, with the shopper's balance row locked until the transaction ends (PostgreSQL;
 * SQLite's write transaction already holds its one write lock): what an order reads here to
 * decide how much credit it uses stays true until it commits.
 */
export async function lockStoreCreditBalance(trx: DB, u_id: number): Promise<number> {
  if (engineOf(trx) !== 'postgres') return storeCreditBalance(trx, u_id);
  const row = await trx.selectFrom('store_credit_balances').select('balance').where('u_id', '=', u_id).forUpdate().executeTakeFirst();
  return row ? Number(row.balance) : 0;
}

/** The shopper's ledger, newest first. */
export async function storeCreditEntries(db: DB, u_id: number, limit = 200): Promise<StoreCreditEntry[]> {
  const rows = await db
    .selectFrom('store_credit_entries')
    .select(['sce_id', 'kind', 'amount', 'balance_after', 'r_id', 'o_id', 'note', 'created_at'])
    .where('u_id', '=', u_id)
    .orderBy('sce_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, amount: Number(row.amount), balance_after: Number(row.balance_after) }));
}

/** Adds paise to the shopper's balance (creating the row), answering the new balance. */
async function addToBalance(trx: DB, u_id: number, amount: number): Promise<number> {
  const now = utcTimestamp();
  const row = await trx
    .insertInto('store_credit_balances')
    .values({ u_id, balance: amount, updated_at: now })
    .onConflict((oc) => oc.column('u_id').doUpdateSet({ balance: sql`store_credit_balances.balance + ${amount}`, updated_at: now }))
    .returning('balance')
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

async function existing(trx: DB, kind: StoreCreditKind, key: { r_id: number } | { o_id: number }) {
  let query = trx.selectFrom('store_credit_entries').select(['sce_id', 'u_id', 'amount', 'balance_after']).where('kind', '=', kind);
  query = 'r_id' in key ? query.where('r_id', '=', key.r_id) : query.where('o_id', '=', key.o_id);
  return query.executeTakeFirst();
}

/**
 * Grants store credit for a return's exchange (called by the returns desk inside its own
 * transaction when the return is credited). Once per return: granting again for the same r_id
 * changes nothing and answers the first grant (`replayed`).
 */
export async function grantStoreCredit(trx: DB, grant: { u_id: number; amount: number; r_id: number; note?: string | null }): Promise<StoreCreditMove> {
  const amount = wholePaise(grant.amount, 'Store credit');
  const before = await existing(trx, 'grant', { r_id: grant.r_id });
  if (before) return { sce_id: before.sce_id, amount: Number(before.amount), balance: Number(before.balance_after), replayed: true };
  const balance = await addToBalance(trx, grant.u_id, amount);
  const entry = await trx
    .insertInto('store_credit_entries')
    .values({ u_id: grant.u_id, kind: 'grant', amount, balance_after: balance, r_id: grant.r_id, o_id: null, note: grant.note ?? null, created_at: utcTimestamp() })
    .returning('sce_id')
    .executeTakeFirstOrThrow();
  return { sce_id: entry.sce_id, amount, balance, replayed: false };
}

/** The sentence a shopper reads when the credit an order was to use is no longer there. */
export function creditGoneMessage(balance: number, wanted: number): string {
  return `Your store credit is now ${creditText(balance)}, less than the ${creditText(wanted)} this order was to use (another order may have used it). Please review your order and place it again.`;
}

/**
 * Spends `amount` of the shopper's credit toward order o_id, in the transaction that places the
 * order. Refused (409, nothing changed) when the balance is below the amount: the conditional
 * update lets one of two orders racing for the same credit through, never both.
 */
export async function useStoreCredit(trx: DB, use: { u_id: number; o_id: number; amount: number; note?: string | null }): Promise<StoreCreditMove> {
  const amount = wholePaise(use.amount, 'Store credit used');
  const before = await existing(trx, 'use', { o_id: use.o_id });
  if (before) return { sce_id: before.sce_id, amount: -Number(before.amount), balance: Number(before.balance_after), replayed: true };
  const taken = await trx
    .updateTable('store_credit_balances')
    .set({ balance: sql`balance - ${amount}`, updated_at: utcTimestamp() })
    .where('u_id', '=', use.u_id)
    .where('balance', '>=', amount)
    .returning('balance')
    .executeTakeFirst();
  if (!taken) throw conflictError(creditGoneMessage(await storeCreditBalance(trx, use.u_id), amount), { store_credit_changed: true });
  const balance = Number(taken.balance);
  const entry = await trx
    .insertInto('store_credit_entries')
    .values({ u_id: use.u_id, kind: 'use', amount: -amount, balance_after: balance, r_id: null, o_id: use.o_id, note: use.note ?? null, created_at: utcTimestamp() })
    .returning('sce_id')
    .executeTakeFirstOrThrow();
  return { sce_id: entry.sce_id, amount, balance, replayed: false };
}

/**
 * Gives back the credit order o_id used, when it is cancelled or refunded, in that change's
 * transaction. Once per order; 0 when the order used none (or it was already given back).
 */
export async function giveBackStoreCredit(trx: DB, back: { o_id: number; note?: string | null }): Promise<number> {
  const use = await existing(trx, 'use', { o_id: back.o_id });
  if (!use) return 0;
  if (await existing(trx, 'give_back', { o_id: back.o_id })) return 0;
  const amount = -Number(use.amount);
  const balance = await addToBalance(trx, use.u_id, amount);
  await trx
    .insertInto('store_credit_entries')
    .values({ u_id: use.u_id, kind: 'give_back', amount, balance_after: balance, r_id: null, o_id: back.o_id, note: back.note ?? null, created_at: utcTimestamp() })
    .execute();
  return amount;
}
