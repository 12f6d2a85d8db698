/**
 * Stock as shoppers see it, kept apart from the catalogue's row version.
 *
 * A sale changes one number, product_carats.stock, and no longer bumps
 * catalogue_rows_version (migration 2026_11_26_0003): bumping that one row made every
 * order's transaction hold its lock until commit (on PostgreSQL, orders queued behind
 * one another) and made every API instance throw away its listing index, kept
 * product views and kept answers after every sale.
 *
 * Instead each process keeps the stock of every carat row as it last read it, and a
 * stamp that moves on whenever a number it reads differs, with a log of which rows
 * changed, so what was made from stock is mended (the listing index's in-stock flags,
 * the changed products' views) rather than rebuilt, and kept answers are keyed by the
 * stamp:
 *   - a sale or cancel made by this process is taken as its statement left it (an order)
 *     or read back right after its commit (noteStockChange), so the next answer here
 *     shows it, and the look below expects it;
 *   - one made by another process (a second instance, a script) is seen within
 *     OTHER_STOCK_WRITERS_LAG_MS: when the last look is older than that, the process
 *     looks, in the background, whether anyone else may have changed stock (SQLite:
 *     PRAGMA data_version, free; PostgreSQL: a fingerprint of the column, summed by the
 *     server) and only then reads every row's stock again (measured at 20,000 rows on
 *     SQLite: 13 ms blocking the event loop for the full read, 8 µs for the look).
 * Placing an order never relies on this: it takes stock with a conditional update
 * (db/queries/stock.ts), so a piece shown in stock a moment too long is refused then.
 */

import { sql } from 'kysely';
import { type DB, engineOf, hotStatement } from '../connection.ts';
import type { StockRow } from './stock.ts';

/** How long another process's sale may take to show here (the whole table is read again at most this often). */
export const OTHER_STOCK_WRITERS_LAG_MS = 1_000;

/** Changed rows remembered for consumers that are behind (older: they rebuild). */
const LOG_LIMIT = 5_000;

interface StockState {
  /** Moves on with every change seen; 0 before the first read. */
  stamp: number;
  /** pc_id → pieces (null: made to order), as last read. */
  stock: Map<number, number | null>;
  /** Changed rows, oldest first: log[i] changed at stamp firstStamp + i. */
  log: { pc_id: number; p_id: number }[];
  firstStamp: number;
  /** When the process last looked for other writers' changes (performance.now()). */
  readAt: number;
  /** What the last look saw (SQLite's data_version, PostgreSQL's fingerprint of the column). */
  lastLook?: string;
  /** The whole-table read in flight, if any. */
  reading?: Promise<void>;
  /** Reads of single rows (this process's own sales) in flight. */
  pending: Set<Promise<void>>;
  /** pc_id → when this process last read it back after its own sale: a whole-table read begun before that is older for it. */
  readBackAt: Map<number, number>;
  /** Whole-table reads so far (wholeStockReads). */
  wholeReads: number;
}

const states = new WeakMap<DB, StockState>();

function stateOf(db: DB): StockState {
  let state = states.get(db);
  if (!state) {
    state = { stamp: 0, stock: new Map(), log: [], firstStamp: 1, readAt: -Infinity, pending: new Set(), readBackAt: new Map(), wholeReads: 0 };
    states.set(db, state);
  }
  return state;
}

/**
 * Takes rows as read (`whole`: the whole table, read from `startedAt`); a row whose
 * stock differs from what was kept is logged as a change.
 */
function take(state: StockState, rows: { pc_id: number; p_id: number; stock: number | null }[], whole: boolean, startedAt: number) {
  const seen = whole ? new Set<number>() : undefined;
  const first = state.stamp === 0 && whole;
  let shifts: { pc_id: number; from: number | null; to: number | null }[] | null = whole ? null : [];
  for (const row of rows) {
    seen?.add(row.pc_id);
    if (whole) {
      const readBack = state.readBackAt.get(row.pc_id);
      if (readBack !== undefined) {
        if (readBack > startedAt) continue;
        state.readBackAt.delete(row.pc_id);
      }
    } else {
      state.readBackAt.set(row.pc_id, performance.now());
    }
    const had = state.stock.get(row.pc_id);
    if (!whole && !state.stock.has(row.pc_id)) shifts = null;
    else shifts?.push({ pc_id: row.pc_id, from: had ?? null, to: row.stock });
    state.stock.set(row.pc_id, row.stock);
    if (!first && had !== row.stock) logChange(state, row.pc_id, row.p_id);
  }
  // Rows taken one by one (this process's own changes, known or read back): the PostgreSQL fingerprint
  // the next look expects moves with them, so finding the column as kept here it reads nothing more
  // (a row unknown here leaves it: that look reads every row, as does one that finds anything else).
  if (!whole && shifts && state.lastLook?.includes(':')) state.lastLook = shiftedFingerprint(state.lastLook, shifts);
  if (seen) {
    // Rows gone (a product's carat deleted): the catalogue version moved for that already.
    for (const pc_id of state.stock.keys()) {
      if (!seen.has(pc_id)) state.stock.delete(pc_id);
    }
  }
  if (first) state.stamp = 1;
}

function logChange(state: StockState, pc_id: number, p_id: number) {
  state.log.push({ pc_id, p_id });
  state.stamp += 1;
  if (state.log.length > LOG_LIMIT) state.log.splice(0, state.log.length - LOG_LIMIT);
  // The entry at index i was logged when the stamp became firstStamp + i.
  state.firstStamp = state.stamp - state.log.length + 1;
}

/**
 * What tells, cheaply, whether another connection may have changed stock since the
 * last look: SQLite's data_version (it moves when another connection commits; this
 * connection's own sales are noted by noteStockChange), PostgreSQL's count and
 * two weighted sums of the column (an offsetting pair of changes between two looks
 * would have to match both sums; this process's own changes move the sums it expects:
 * shiftedFingerprint). undefined: cannot look now (inside a transaction).
 */
async function look(db: DB): Promise<string | undefined> {
  if (engineOf(db) === 'sqlite') {
    const statement = hotStatement(db, 'pragma data_version');
    return statement ? String((statement.get() as { data_version: number }).data_version) : undefined;
  }
  const row = await db
    .selectFrom('product_carats')
    // bigint before multiplying: pc_id * 7919 overflows a 32-bit integer past pc_id 271,000. (shiftedFingerprint moves it as this computes it.)
    .select(sql<string>`count(*) || ':' || coalesce(sum(coalesce(stock, -1)), 0) || ':' || coalesce(sum(coalesce(stock, -1) * ((cast(pc_id as bigint) * 7919) % 10007)), 0)`.as('fingerprint'))
    .executeTakeFirstOrThrow();
  return row.fingerprint;
}

/** The weight of a row in the fingerprint's second sum, as look() computes it. */
const weightOf = (pc_id: number) => (BigInt(pc_id) * 7919n) % 10007n;

/**
 * A PostgreSQL fingerprint (look()) moved by known changes of rows' stock, computed as the
 * server would: the same count, each sum moved by the change of coalesce(stock, -1).
 */
function shiftedFingerprint(fingerprint: string, shifts: { pc_id: number; from: number | null; to: number | null }[]): string {
  const [count, sum, weighted] = fingerprint.split(':');
  let plain = BigInt(sum);
  let byRow = BigInt(weighted);
  for (const { pc_id, from, to } of shifts) {
    const change = BigInt(to ?? -1) - BigInt(from ?? -1);
    plain += change;
    byRow += change * weightOf(pc_id);
  }
  return `${count}:${plain}:${byRow}`;
}

/** Reads every row's stock again when a look says another connection may have changed it (always the first time). */
function readAll(db: DB, state: StockState): Promise<void> {
  if (state.reading) return state.reading;
  const startedAt = performance.now();
  const reading = (async () => {
    const seen = await look(db);
    if (state.stamp !== 0 && (seen === undefined || seen === state.lastLook)) {
      if (seen !== undefined) state.readAt = startedAt;
      return;
    }
    state.wholeReads += 1;
    const rows = await db.selectFrom('product_carats').select(['pc_id', 'p_id', 'stock']).execute();
    take(state, rows, true, startedAt);
    state.lastLook = seen;
    state.readAt = startedAt;
  })().finally(() => {
    if (state.reading === reading) state.reading = undefined;
  });
  state.reading = reading;
  return reading;
}

/** How many times this process has read every row's stock on this database (the first time, and after a look found a change it was not told of). */
export function wholeStockReads(db: DB): number {
  return stateOf(db).wholeReads;
}

/**
 * The stamp of stock as this process knows it now: kept answers made from stock are
 * good while it is unchanged. The first call reads every row; later ones start a
 * background read when the last is older than OTHER_STOCK_WRITERS_LAG_MS, and wait
 * for this process's own sales to be noted.
 */
export async function stockStamp(db: DB): Promise<number> {
  const state = stateOf(db);
  if (state.stamp === 0) await readAll(db, state);
  else if (performance.now() - state.readAt >= OTHER_STOCK_WRITERS_LAG_MS) readAll(db, state).catch(() => undefined);
  if (state.pending.size) await Promise.all(state.pending);
  return state.stamp;
}

/**
 * The products whose stock changed after `stamp` (with the carat rows that did), or
 * null when that is too long ago to tell (the caller rebuilds what it made).
 */
export function stockChangesSince(db: DB, stamp: number): { pc_id: number; p_id: number; stock: number | null }[] | null {
  const state = stateOf(db);
  if (stamp >= state.stamp) return [];
  if (stamp + 1 < state.firstStamp) return null;
  return state.log.slice(stamp + 1 - state.firstStamp).map((c) => ({ ...c, stock: state.stock.get(c.pc_id) ?? null }));
}

/**
 * Called after this process committed a change of these rows' stock (an order
 * placed, an order cancelled), so the next answer here shows it: `rows`, every one of
 * them as the change left it (its UPDATE … RETURNING; no other write can come between
 * that and the commit, the rows being locked), or else they are read back.
 */
export async function noteStockChange(db: DB, pcIds: Iterable<number>, rows?: StockRow[]): Promise<void> {
  const ids = [...new Set(pcIds)];
  if (ids.length) for (const listener of listeners.get(db) ?? []) listener(ids, rows);
  const state = stateOf(db);
  if (ids.length === 0 || state.stamp === 0) return;
  if (rows) {
    take(state, rows, false, performance.now());
    return;
  }
  const read = db
    .selectFrom('product_carats')
    .select(['pc_id', 'p_id', 'stock'])
    .where('pc_id', 'in', ids)
    .execute()
    .then((rows) => take(state, rows, false, performance.now()));
  state.pending.add(read);
  try {
    await read;
  } finally {
    state.pending.delete(read);
  }
}

const listeners = new WeakMap<DB, StockListener[]>();

/** Told the carat rows of a stock change, with their stock as left when known. */
export type StockListener = (pcIds: number[], rows?: StockRow[]) => void;

/**
 * Calls `listener` with the carat rows of every stock change this process notes on
 * `db` (noteStockChange): how a thread placing orders on a database handle of its own
 * (api/lane) tells the thread that keeps the shop's views.
 */
export function onStockChange(db: DB, listener: StockListener): void {
  listeners.set(db, [...(listeners.get(db) ?? []), listener]);
}
