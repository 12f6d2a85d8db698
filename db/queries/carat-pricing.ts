/**
 * How a carat row is priced, as the API answers it (issue 16): by the metal rate
 * or fixed, its weight, making charge, stones, stock and lead time, and for
 * rate-priced rows the breakup of its rupee price. Shared by the catalogue, the
 * back office and pricing at checkout so every answer says the same.
 */

import { type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { toMajor } from '../../rules/money.ts';
import { gramsOf, MAX_PIECE_PRICE, type MakingType, type PriceBreakup, type PricingMode, priceByRate, withoutGst } from '../../rules/pricing.ts';
import type { DB } from '../connection.ts';
import type { OrderItemTable, ProductCaratTable } from '../schema.ts';
import { isoTimestamp } from '../time.ts';
import { log } from '../log.ts';

/** The product_carats columns this needs, for a select on `pc`. */
export const CARAT_PRICING_COLUMNS = [
  'pc.pricing',
  'pc.net_weight_mg',
  'pc.making_type',
  'pc.making_value',
  'pc.stone_value',
  'pc.rate_per_gram',
  'pc.rate_at',
  'pc.stock',
  'pc.lead_time_days',
] as const;

/** Those columns of a product_carats row. */
export type CaratPricingRow = Pick<Selectable<ProductCaratTable>, 'pricing' | 'net_weight_mg' | 'making_type' | 'making_value' | 'stone_value' | 'rate_per_gram' | 'rate_at' | 'stock' | 'lead_time_days'>;

/**
 * The condition a product_carats row (under `alias`) meets to be read and sold: its
 * prices within the most a piece may cost (rules/pricing.ts MAX_PIECE_PRICE), from 1
 * minor unit, and its other money columns numbers JavaScript holds exactly. Every
 * write keeps rows within it; a row outside it (stored before the bound, or by hand)
 * is left out of the catalogue, the cart's prices and repricing, instead of failing
 * every answer that reads it (PostgreSQL's driver refuses a bigint past 2^53:
 * db/connection.ts exactNumber). Literals only, no parameters: the catalogue's
 * compiled detail query binds nothing but product ids.
 */
export function storedInBounds(alias: 'pc' | 'product_carats' = 'pc'): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const readable = (name: string) => sql`coalesce(${column(name)}, 0) between ${sql.lit(-Number.MAX_SAFE_INTEGER)} and ${sql.lit(Number.MAX_SAFE_INTEGER)}`;
  return sql<SqlBool>`(${column('inr_price')} between 1 and ${sql.lit(MAX_PIECE_PRICE.INR)} and ${column('usd_price')} between 1 and ${sql.lit(MAX_PIECE_PRICE.USD)} and ${readable('making_value')} and ${readable('stone_value')} and ${readable('rate_per_gram')})`;
}

/** Rows already logged as out of bounds, per database, so each is logged once per process. */
const loggedOutOfBounds = new WeakMap<DB, Set<number>>();

/**
 * Logs, once per row and process, the carat rows left out of sale because they are
 * outside storedInBounds (the listing index calls it as it is built). Reads only ids
 * and names: the prices of such a row may not be readable at all.
 */
export async function logRowsOutOfBounds(db: DB): Promise<void> {
  const rows = await db
    .selectFrom('product_carats as pc')
    .innerJoin('products as p', 'p.p_id', 'pc.p_id')
    .select(['pc.pc_id', 'pc.p_id', 'p.name'])
    .where(sql<SqlBool>`not ${storedInBounds('pc')}`)
    .execute();
  let logged = loggedOutOfBounds.get(db);
  if (!logged) loggedOutOfBounds.set(db, (logged = new Set()));
  for (const row of rows) {
    if (logged.has(row.pc_id)) continue;
    logged.add(row.pc_id);
    log.warn(
      `carat row ${row.pc_id} of product ${row.p_id} ("${row.name}") is out of sale: its stored price is past the most a piece may cost (rules/pricing.ts MAX_PIECE_PRICE). Save the product again with a lower weight, making charge or stones, or a lower fixed price.`,
    );
  }
}

/** A rate-priced row's price breakup for one piece, in rupees. */
export interface BreakupView {
  metal: number;
  making: number;
  stones: number;
  gst: number;
  /** What rounding the price to the whole rupee added. */
  round_off: number;
  /** The price without its GST (an export's price in rupees; usd_price is this in dollars). */
  without_gst: number;
  /** without_gst less metal + making + stones: the whole-rupee rounding carried into it. */
  without_gst_round_off: number;
  /** Net metal weight, grams. */
  weight_g: number;
  /** Rupees per gram of this carat the price was made at. */
  rate: number;
  /** When that rate was set, ISO 8601 UTC. */
  rate_at: string;
}

export interface CaratPricingView {
  pricing: PricingMode;
  net_weight_g: number | null;
  making_type: MakingType | null;
  /** percent: the percentage of the metal value; per_gram: rupees per gram. */
  making_value: number | null;
  /** Rupees. */
  stone_value: number | null;
  /** Pieces in stock; null: made to order. */
  stock: number | null;
  lead_time_days: number | null;
  breakup: BreakupView | null;
}

/** The breakup (paise) of a rate-priced row at the rate it was last priced at; null otherwise. */
export function breakupOf(row: CaratPricingRow): PriceBreakup | null {
  if (row.pricing !== 'rate' || row.net_weight_mg === null || row.making_type === null || row.rate_per_gram === null) return null;
  return priceByRate(
    { netWeightMg: row.net_weight_mg, makingType: row.making_type, makingValue: Number(row.making_value ?? 0), stoneValue: Number(row.stone_value ?? 0) },
    Number(row.rate_per_gram),
  );
}

export function caratPricingView(row: CaratPricingRow): CaratPricingView {
  const rate = row.pricing === 'rate';
  const breakup = breakupOf(row);
  return {
    pricing: rate ? 'rate' : 'fixed',
    net_weight_g: row.net_weight_mg === null ? null : gramsOf(row.net_weight_mg),
    making_type: rate ? row.making_type : null,
    making_value: !rate || row.making_value === null ? null : row.making_type === 'percent' ? Number(row.making_value) / 100 : toMajor(Number(row.making_value)),
    stone_value: !rate || row.stone_value === null ? null : toMajor(Number(row.stone_value)),
    stock: row.stock,
    lead_time_days: row.lead_time_days,
    breakup:
      breakup && row.net_weight_mg !== null && row.rate_per_gram !== null
        ? {
            metal: toMajor(breakup.metal),
            making: toMajor(breakup.making),
            stones: toMajor(breakup.stones),
            gst: toMajor(breakup.gst),
            round_off: toMajor(breakup.roundOff),
            ...withoutGstView(breakup),
            weight_g: gramsOf(row.net_weight_mg),
            rate: toMajor(Number(row.rate_per_gram)),
            rate_at: isoTimestamp(row.rate_at ?? ''),
          }
        : null,
  };
}

function withoutGstView(breakup: Pick<PriceBreakup, 'metal' | 'making' | 'stones' | 'total'>): Pick<BreakupView, 'without_gst' | 'without_gst_round_off'> {
  const export_ = withoutGst(breakup);
  return { without_gst: toMajor(export_.value), without_gst_round_off: toMajor(export_.roundOff) };
}

/** The order_items columns that keep what a line was priced at (one piece; paise, milligrams; db/schema.ts OrderItemTable). */
export type OrderItemPricing = Pick<
  Selectable<OrderItemTable>,
  'pricing' | 'net_weight_mg' | 'metal_inr' | 'making_inr' | 'stones_inr' | 'gst_inr' | 'round_off_inr' | 'rate_inr_per_gram' | 'rate_at' | 'lead_time_days'
>;

/** What an order item stores of its carat row's pricing when it is placed. */
export function orderItemPricing(row: CaratPricingRow): OrderItemPricing {
  const breakup = breakupOf(row);
  return {
    pricing: row.pricing === 'rate' ? 'rate' : 'fixed',
    net_weight_mg: row.net_weight_mg,
    metal_inr: breakup?.metal ?? null,
    making_inr: breakup?.making ?? null,
    stones_inr: breakup?.stones ?? null,
    gst_inr: breakup?.gst ?? null,
    round_off_inr: breakup?.roundOff ?? null,
    rate_inr_per_gram: breakup ? row.rate_per_gram : null,
    rate_at: breakup ? row.rate_at : null,
    lead_time_days: row.stock === null ? row.lead_time_days : null,
  };
}

/** An order item's stored pricing as the API answers it. */
export function orderItemBreakupView(item: OrderItemPricing): { pricing: PricingMode | null; net_weight_g: number | null; lead_time_days: number | null; breakup: BreakupView | null } {
  const hasBreakup = item.metal_inr !== null && item.net_weight_mg !== null && item.rate_inr_per_gram !== null;
  const paise = {
    metal: Number(item.metal_inr ?? 0),
    making: Number(item.making_inr ?? 0),
    stones: Number(item.stones_inr ?? 0),
    gst: Number(item.gst_inr ?? 0),
    roundOff: Number(item.round_off_inr ?? 0),
  };
  return {
    pricing: item.pricing,
    net_weight_g: item.net_weight_mg === null ? null : gramsOf(item.net_weight_mg),
    lead_time_days: item.lead_time_days ?? null,
    breakup: hasBreakup
      ? {
          metal: toMajor(paise.metal),
          making: toMajor(paise.making),
          stones: toMajor(paise.stones),
          gst: toMajor(paise.gst),
          round_off: toMajor(paise.roundOff),
          ...withoutGstView({ ...paise, total: paise.metal + paise.making + paise.stones + paise.gst + paise.roundOff }),
          weight_g: gramsOf(item.net_weight_mg!),
          rate: toMajor(Number(item.rate_inr_per_gram)),
          rate_at: isoTimestamp(item.rate_at ?? ''),
        }
      : null,
  };
}
