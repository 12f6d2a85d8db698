/**
 * The day's metal rates and repricing. The administrator sets rupees per gram
 * for some carats and the rupees-per-dollar rate; each setting is kept (history).
 * Setting them reprices every rate-priced carat row of the carats it changes (all
 * of them when the dollar rate changes) in the same transaction, with the formula
 * of rules/pricing.ts. A preview runs the same plan without writing.
 */

import { invalidError } from '../../rules/errors.ts';
import { type MakingType, priceRow } from '../../rules/pricing.ts';
import type { DB } from '../connection.ts';
import { writeTransaction } from '../transaction.ts';
import { isoTimestamp } from './catalogue.ts';

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
export interface Repricing {
  pc_id: number;
  p_id: number;
  name: string;
  carat_id: number;
  carat: string;
  old_inr: number;
  new_inr: number;
  old_usd: number;
  new_usd: number;
  rate_per_gram: number;
}

export interface RepricePlan {
  /** Rate-priced rows recomputed (their carat's rate was set, or the dollar rate changed). */
  rows: Repricing[];
  /** Distinct products among the rows whose price changes. */
  products: number;
  /** The row whose rupee price moves most (by amount). */
  largest: Repricing | null;
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
    .selectFrom('product_carats as pc')
    .innerJoin('products as p', 'p.p_id', 'pc.p_id')
    .innerJoin('carats as k', 'k.carat_id', 'pc.carat_id')
    .select(['pc.pc_id', 'pc.p_id', 'p.name', 'pc.carat_id', 'k.name as carat', 'pc.inr_price', 'pc.usd_price', 'pc.net_weight_mg', 'pc.making_type', 'pc.making_value', 'pc.stone_value'])
    .where('pc.pricing', '=', 'rate');
  if (!dollarChanged) query = query.where('pc.carat_id', 'in', given.size ? [...given.keys()] : [-1]);
  const candidates = await query.orderBy('pc.pc_id').execute();

  const rows: Repricing[] = [];
  const changedProducts = new Set<number>();
  let largest: Repricing | null = null;
  for (const row of candidates) {
    const rate = rateOf.get(row.carat_id);
    if (rate === undefined || row.net_weight_mg === null || row.making_type === null) continue;
    const priced = priceRow(
      { netWeightMg: row.net_weight_mg, makingType: row.making_type as MakingType, makingValue: Number(row.making_value ?? 0), stoneValue: Number(row.stone_value ?? 0) },
      rate,
      next.usd_inr,
    );
    const entry: Repricing = {
      pc_id: row.pc_id,
      p_id: row.p_id,
      name: row.name,
      carat_id: row.carat_id,
      carat: row.carat,
      old_inr: row.inr_price,
      new_inr: priced.inr_price,
      old_usd: row.usd_price,
      new_usd: priced.usd_price,
      rate_per_gram: rate,
    };
    rows.push(entry);
    if (entry.old_inr !== entry.new_inr || entry.old_usd !== entry.new_usd) changedProducts.add(entry.p_id);
    if (!largest || Math.abs(entry.new_inr - entry.old_inr) > Math.abs(largest.new_inr - largest.old_inr)) largest = entry;
  }
  return { rows, products: changedProducts.size, largest };
}

/**
 * Sets the day's rates and reprices every affected rate-priced row, in one
 * transaction. Answers the plan it applied and the time the rates were set.
 */
export function setMetalRates(db: DB, next: NewRates): Promise<RepricePlan & { rc_id: number; updatedAt: string }> {
  return writeTransaction(db, async (trx) => {
    const plan = await planRepricing(trx, next);
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
    const updates = plan.rows.map((row) => ({ ...row, at: given.has(row.carat_id) ? changeAt : (rateTimes.get(row.carat_id) ?? changeAt) }));
    // One statement compiled once and run per row with its own values (building a Kysely
    // query per row cost as much as running it; a CASE over many rows more still).
    const update = trx
      .updateTable('product_carats')
      .set({ inr_price: 0, usd_price: 0, rate_per_gram: 0, rate_at: '' })
      .where('pc_id', '=', 0)
      .compile();
    for (const r of updates) await trx.executeQuery({ ...update, parameters: [r.new_inr, r.new_usd, r.rate_per_gram, r.at, r.pc_id] });
    return { ...plan, rc_id: change.rc_id, updatedAt: isoTimestamp(change.created_at) };
  });
}

/** The rate of some carats now (paise per gram) and the dollar rate, for pricing a row as it is saved. */
export async function ratesForPricing(db: DB): Promise<{ rateOf: Map<number, { rate: number; at: string }>; usd_inr: number | null }> {
  const now = await currentMetalRates(db);
  return {
    rateOf: new Map(now.rates.flatMap((r) => (r.inr_per_gram === null || r.updatedAt === null ? [] : [[r.carat_id, { rate: r.inr_per_gram, at: r.updatedAt }] as const]))),
    usd_inr: now.usd_inr,
  };
}
