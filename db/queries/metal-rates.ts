/**
 * The day's metal rates and repricing. The administrator sets rupees per gram
 * for some carats and the rupees-per-dollar rate; each setting is kept (history).
 * Setting them reprices every rate-priced carat row of the carats it changes (all
 * of them when the dollar rate changes) in the same transaction, with the formula
 * of rules/pricing.ts. A preview runs the same plan without writing.
 */

import { type QueryCreator, sql } from 'kysely';
import { invalidError } from '../../rules/errors.ts';
import { type MakingType, piecePriceProblem, piecePricesOk, priceRow } from '../../rules/pricing.ts';
import type { DB } from '../connection.ts';
import type { Database } from '../schema.ts';
import { type Trx, writeTransaction } from '../transaction.ts';
import { recordChange } from '../audit.ts';
import { enqueueWebhooks } from './webhooks.ts';
import { toMajor } from '../../rules/money.ts';
import { storedInBounds } from './carat-pricing.ts';
import { isoTimestamp } from '../time.ts';

export interface CaratRate {
  carat_id: number;
  name: string;
  /** Paise per gram; null when no rate was ever set for this carat. */
  inr_per_gram: number | null;
  /** When that rate was set (ISO); null with it. */
  updatedAt: string | null;
}

export interface MetalRates {
  rates: CaratRate[];
  /** Rupees per dollar, in paise; null before the first setting. */
  usd_inr: number | null;
  updatedAt: string | null;
}

/** The rate of each carat now (its latest setting) and the latest dollar rate. */
export async function currentMetalRates(db: DB): Promise<MetalRates> {
  const [carats, latest, change] = await Promise.all([
    db.selectFrom('carats').select(['carat_id', 'name']).orderBy('name').orderBy('carat_id').execute(),
    db
      .selectFrom('metal_rates as r')
      .innerJoin('metal_rate_changes as ch', 'ch.rc_id', 'r.rc_id')
      .select(['r.carat_id', 'r.inr_per_gram', 'ch.created_at'])
      .where('r.mr_id', 'in', (eb) => eb.selectFrom('metal_rates').select((e) => e.fn.max('mr_id').as('mr_id')).groupBy('carat_id'))
      .execute(),
    db.selectFrom('metal_rate_changes').select(['usd_inr', 'created_at']).orderBy('rc_id', 'desc').limit(1).executeTakeFirst(),
  ]);
  const byCarat = new Map(latest.map((r) => [r.carat_id, r]));
  return {
    rates: carats.map((k) => {
      const rate = byCarat.get(k.carat_id);
      return { carat_id: k.carat_id, name: k.name, inr_per_gram: rate ? Number(rate.inr_per_gram) : null, updatedAt: rate ? isoTimestamp(rate.created_at) : null };
    }),
    usd_inr: change ? Number(change.usd_inr) : null,
    updatedAt: change ? isoTimestamp(change.created_at) : null,
  };
}

export interface RateHistoryEntry {
  rc_id: number;
  createdAt: string;
  usd_inr: number;
  rows_repriced: number;
  /** Paise per gram by carat, for the carats set in this change. */
  rates: { carat_id: number; name: string; inr_per_gram: number }[];
}

/** The latest settings, newest first. */
export async function metalRateHistory(db: DB, limit = 50): Promise<RateHistoryEntry[]> {
  const changes = await db.selectFrom('metal_rate_changes').selectAll().orderBy('rc_id', 'desc').limit(limit).execute();
  if (changes.length === 0) return [];
  const rates = await db
    .selectFrom('metal_rates as r')
    .innerJoin('carats as k', 'k.carat_id', 'r.carat_id')
    .select(['r.rc_id', 'r.carat_id', 'k.name', 'r.inr_per_gram'])
    .where(
      'r.rc_id',
      'in',
      changes.map((c) => c.rc_id),
    )
    .orderBy('k.name')
    .execute();
  return changes.map((c) => ({
    rc_id: c.rc_id,
    createdAt: isoTimestamp(c.created_at),
    usd_inr: Number(c.usd_inr),
    rows_repriced: c.rows_repriced,
    rates: rates.filter((r) => r.rc_id === c.rc_id).map((r) => ({ carat_id: r.carat_id, name: r.name, inr_per_gram: Number(r.inr_per_gram) })),
  }));
}

export interface NewRates {
  /** Paise per gram by carat. */
  rates: { carat_id: number; inr_per_gram: number }[];
  /** Paise per dollar. */
  usd_inr: number;
}

/** One rate-priced row's prices before and after; minor units. */
export interface RepriceRow {
  pc_id: number;
  p_id: number;
  carat_id: number;
  old_inr: number;
  new_inr: number;
  old_usd: number;
  new_usd: number;
  rate_per_gram: number;
}

/** A row as the owner reads it: with its product's and carat's names. */
export type Repricing = RepriceRow & { name: string; carat: string };

/**
 * Names some rows (a page of a preview, the largest change): the plan itself reads
 * no names, since a rate change may plan tens of thousands of rows and shows a few.
 */
export async function withNames(db: DB, rows: RepriceRow[]): Promise<Repricing[]> {
  if (rows.length === 0) return [];
  const [products, carats] = await Promise.all([
    db.selectFrom('products').select(['p_id', 'name']).where('p_id', 'in', [...new Set(rows.map((r) => r.p_id))]).execute(),
    db.selectFrom('carats').select(['carat_id', 'name']).where('carat_id', 'in', [...new Set(rows.map((r) => r.carat_id))]).execute(),
  ]);
  const productName = new Map(products.map((p) => [p.p_id, p.name]));
  const caratName = new Map(carats.map((k) => [k.carat_id, k.name]));
  return rows.map((r) => ({ ...r, name: productName.get(r.p_id) ?? '', carat: caratName.get(r.carat_id) ?? '' }));
}

export interface RepricePlan {
  /** Rate-priced rows recomputed (their carat's rate was set, or the dollar rate changed). */
  rows: RepriceRow[];
  /** Rows whose rupee or dollar price changes. */
  changed: number;
  /** Distinct products among the rows whose price changes. */
  products: number;
  /** The row whose rupee price moves most (by amount); null when no rupee price moves (never a +₹0 row). */
  largest: RepriceRow | null;
}

/** Refuses carats that do not exist, naming the first. */
async function assertCarats(db: DB, ids: number[]) {
  if (ids.length === 0) return;
  const found = new Set((await db.selectFrom('carats').select('carat_id').where('carat_id', 'in', ids).execute()).map((r) => r.carat_id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw invalidError(`Carat ${missing} does not exist.`);
}

/** Works out what setting these rates does to every rate-priced row, writing nothing. */
export async function planRepricing(db: DB, next: NewRates): Promise<RepricePlan> {
  const given = new Map(next.rates.map((r) => [r.carat_id, r.inr_per_gram]));
  if (given.size !== next.rates.length) throw invalidError('Each carat may be given once.');
  await assertCarats(db, [...given.keys()]);
  const now = await currentMetalRates(db);
  const dollarChanged = now.usd_inr !== next.usd_inr;
  const rateOf = new Map(now.rates.flatMap((r) => (r.inr_per_gram === null ? [] : [[r.carat_id, r.inr_per_gram] as const])));
  for (const [carat_id, rate] of given) rateOf.set(carat_id, rate);

  let query = db
    .selectFrom('product_carats')
    .select(['pc_id', 'p_id', 'carat_id', 'inr_price', 'usd_price', 'net_weight_mg', 'making_type', 'making_value', 'stone_value'])
    .where('pricing', '=', 'rate')
    // A row already out of sale for its price is left as it is (carat-pricing.ts): saving its product again prices it anew.
    .where(storedInBounds('product_carats'));
  if (!dollarChanged) query = query.where('carat_id', 'in', given.size ? [...given.keys()] : [-1]);
  const candidates = await query.orderBy('pc_id').execute();

  const rows: RepriceRow[] = [];
  const changedProducts = new Set<number>();
  let changed = 0;
  let largest: RepriceRow | null = null;
  const tooDear: RepriceRow[] = [];
  for (const row of candidates) {
    const rate = rateOf.get(row.carat_id);
    if (rate === undefined || row.net_weight_mg === null || row.making_type === null) continue;
    const priced = priceRow(
      { netWeightMg: row.net_weight_mg, makingType: row.making_type as MakingType, makingValue: Number(row.making_value ?? 0), stoneValue: Number(row.stone_value ?? 0) },
      rate,
      next.usd_inr,
    );
    const entry: RepriceRow = {
      pc_id: row.pc_id,
      p_id: row.p_id,
      carat_id: row.carat_id,
      old_inr: row.inr_price,
      new_inr: priced.inr_price,
      old_usd: row.usd_price,
      new_usd: priced.usd_price,
      rate_per_gram: rate,
    };
    if (!piecePricesOk({ inr_price: entry.new_inr, usd_price: entry.new_usd })) tooDear.push(entry);
    rows.push(entry);
    if (entry.old_inr !== entry.new_inr || entry.old_usd !== entry.new_usd) {
      changed++;
      changedProducts.add(entry.p_id);
    }
    if (entry.new_inr !== entry.old_inr && (!largest || Math.abs(entry.new_inr - entry.old_inr) > Math.abs(largest.new_inr - largest.old_inr))) largest = entry;
  }
  if (tooDear.length) throw await tooDearRefusal(db, tooDear);
  return { rows, changed, products: changedProducts.size, largest };
}

/**
 * The refusal of rates that would price rows past the most a piece may cost
 * (rules/pricing.ts MAX_PIECE_PRICE; or at nothing), naming the first such row's product.
 */
async function tooDearRefusal(db: DB, rows: RepriceRow[]) {
  const [first] = await withNames(db, [rows[0]]);
  const problem = piecePriceProblem(`At these rates "${first.name}" (${first.carat})`, { inr_price: first.new_inr, usd_price: first.new_usd });
  const others = rows.length - 1;
  const more = others ? ` So would ${others} other carat ${others === 1 ? 'row' : 'rows'}.` : '';
  return invalidError(`${problem}${more} Nothing was changed: lower the rates, or change that product first.`);
}

/**
 * Sets the day's rates and reprices every affected rate-priced row, in one
 * transaction. Answers the plan it applied and the time the rates were set.
 */
export function setMetalRates(db: DB, next: NewRates): Promise<RepricePlan & { rc_id: number; updatedAt: string }> {
  return writeTransaction(db, async (trx) => {
    const plan = await planRepricing(trx, next);
    const before = await currentMetalRates(trx);
    const change = await trx
      .insertInto('metal_rate_changes')
      .values({ usd_inr: next.usd_inr, rows_repriced: plan.rows.length })
      .returning(['rc_id', 'created_at'])
      .executeTakeFirstOrThrow();
    if (next.rates.length) {
      await trx
        .insertInto('metal_rates')
        .values(next.rates.map((r) => ({ rc_id: change.rc_id, carat_id: r.carat_id, inr_per_gram: r.inr_per_gram })))
        .execute();
    }
    const given = new Set(next.rates.map((r) => r.carat_id));
    // A carat whose rate was not set keeps the time of its own latest rate.
    const rateTimes = new Map((await currentMetalRates(trx)).rates.map((r) => [r.carat_id, r.updatedAt]));
    const changeAt = isoTimestamp(change.created_at);
    await repriceRows(
      trx,
      plan.rows.map((row) => ({ ...row, at: given.has(row.carat_id) ? changeAt : (rateTimes.get(row.carat_id) ?? changeAt) })),
    );
    await recordChange(trx, { action: 'metal_rates.set', entity: 'metal_rate', entity_id: change.rc_id, ...auditedRates(before, next, plan.rows.length) });
    await enqueueWebhooks(trx, 'metal_rates.updated', change.rc_id, { rc_id: change.rc_id, updated_at: isoTimestamp(change.created_at), rates: next.rates.map((r) => ({ carat_id: r.carat_id, inr_per_gram: toMajor(r.inr_per_gram) })), usd_inr: toMajor(next.usd_inr), repriced: plan.rows.length });
    return { ...plan, rc_id: change.rc_id, updatedAt: isoTimestamp(change.created_at) };
  });
}

/**
 * A rate setting in the audit trail, in rupees: each carat set by name ("22K") and the
 * dollar rate (usd_inr), before and after, with the rows it repriced.
 */
function auditedRates(now: MetalRates, next: NewRates, repriced: number) {
  const rupees = (paise: number | null) => (paise === null ? null : toMajor(paise));
  const nameOf = new Map(now.rates.map((r) => [r.carat_id, r.name]));
  const rateOf = new Map(now.rates.map((r) => [r.carat_id, r.inr_per_gram]));
  const before: Record<string, unknown> = { usd_inr: rupees(now.usd_inr) };
  const after: Record<string, unknown> = { usd_inr: rupees(next.usd_inr), rows_repriced: repriced };
  for (const r of next.rates) {
    const name = nameOf.get(r.carat_id) ?? `carat ${r.carat_id}`;
    before[name] = rupees(rateOf.get(r.carat_id) ?? null);
    after[name] = rupees(r.inr_per_gram);
  }
  return { before, after };
}

/** Rows one UPDATE writes: 3 parameters each, far under SQLite's 32,766 and PostgreSQL's 65,535. */
export const REPRICE_BATCH = 2000;

/**
 * Writes the new prices, set-based: the rows are grouped by the rate and time they
 * were priced at (one group per carat), and each group is written by one UPDATE
 * ... FROM (VALUES (pc_id, inr, usd), ...) per REPRICE_BATCH rows, on both engines.
 * The prices come from rules/pricing.ts (planRepricing), never from SQL. Measured
 * on 17,776 rows (SQLite): one statement per row took 1.0-1.3 s of the 2.0-2.4 s a
 * rate change took; these statements 0.4-0.6 s (the rest is the three price indexes
 * and SQLite's per-row catalogue trigger). On PostgreSQL a statement per row also
 * paid a round trip and a statement trigger each.
 */
async function repriceRows(trx: Trx, rows: (RepriceRow & { at: string })[]): Promise<void> {
  const groups = Map.groupBy(rows, (row) => `${row.rate_per_gram} ${row.at}`);
  for (const group of groups.values()) {
    const { rate_per_gram, at } = group[0];
    for (let start = 0; start < group.length; start += REPRICE_BATCH) {
      const values = sql.join(
        group.slice(start, start + REPRICE_BATCH).map((r) => sql`(cast(${r.pc_id} as integer), cast(${r.new_inr} as bigint), cast(${r.new_usd} as bigint))`),
      );
      await sql`
        update product_carats
        set inr_price = v.column2, usd_price = v.column3, rate_per_gram = ${rate_per_gram}, rate_at = ${at}
        from (values ${values}) as v
        where product_carats.pc_id = v.column1`.execute(trx);
    }
  }
}

/** The rate of some carats now (paise per gram) and the dollar rate, for pricing a row as it is saved. */
export async function ratesForPricing(db: DB): Promise<{ rateOf: Map<number, { rate: number; at: string }>; usd_inr: number | null }> {
  const now = await currentMetalRates(db);
  return {
    rateOf: new Map(now.rates.flatMap((r) => (r.inr_per_gram === null || r.updatedAt === null ? [] : [[r.carat_id, { rate: r.inr_per_gram, at: r.updatedAt }] as const]))),
    usd_inr: now.usd_inr,
  };
}

/** The query of the rupees-per-dollar rate in force, as a value another statement can take (an order keeps it when placed). */
export function usdInrNow(db: QueryCreator<Database>) {
  return db.selectFrom('metal_rate_changes').select('usd_inr').orderBy('rc_id', 'desc').limit(1);
}

/** The rupees-per-dollar rate in force (paise per US dollar), null before the first setting. */
export async function currentUsdInr(db: DB): Promise<number | null> {
  const change = await usdInrNow(db).executeTakeFirst();
  return change ? Number(change.usd_inr) : null;
}
