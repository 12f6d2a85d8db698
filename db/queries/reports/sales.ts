/**
 * GET /reports/sales (issue 37): the orders placed in a period, added up by the
 * database a day at a time (an order counts on the day it was placed, in India),
 * folded into days, weeks or months by rules/reports.ts. Cancelled orders are
 * summed apart and in no other figure. Read straight from orders and order_items
 * (no summary table that could drift from them), through the covering indexes of
 * migration 2026_12_03_0001_reports.
 */

import { type RawBuilder, sql } from 'kysely';
import type { DB } from '../../connection.ts';
import { inRupees, num, periodKey } from './sql.ts';
import { toMajor } from '../../../rules/money.ts';
import { ORDER_STATUS } from '../../../rules/orders.ts';
import { GST_BASIS_POINTS } from '../../../rules/pricing.ts';
import {
  addDays, addSums, emptySums, indiaDayStart, periodOf, periodsBetween, previousPeriod, salesFigures, stateNamesOf,
  type ReportGroup, type SalesFigures, type SalesSums,
} from '../../../rules/reports.ts';

const CANCELLED = ORDER_STATUS.cancelled;

/** The bounds of [from, to] (days in India) as stored times: start inclusive, end exclusive. */
export function bounds(from: string, to: string) {
  return { start: indiaDayStart(from), end: indiaDayStart(addDays(to, 1)) };
}

/**
 * An order's day in India from its stored UTC time, cheaply and alike on both
 * engines: the UTC date and whether the time is 18:30 or later (then it is
 * already the next day in India, UTC+05:30). The database groups by the two,
 * dayOfKey names the day.
 */
const DAY_KEY = sql<string>`substr(o.created_at, 1, 10)`;
const LATE_KEY = sql<number>`(case when substr(o.created_at, 12, 8) >= '18:30:00' then 1 else 0 end)`;
function dayOfKey(row: Record<string, unknown>): string {
  const day = String(row.day);
  return day !== 'all' && num(row.late) === 1 ? addDays(day, 1) : day;
}

/**
 * The GST inside an order's rupee total `t`, as rules/tax.ts splitInclusive splits
 * it (rules/reports.ts orderGst): none abroad; CGST + SGST (each half the rate,
 * rounded half up) in the shop's state; IGST elsewhere in India.
 */
function gstOf(t: RawBuilder<unknown>, country: RawBuilder<unknown>, state: RawBuilder<unknown>, shopStateCode: string): RawBuilder<number> {
  const den = 10_000 + GST_BASIS_POINTS;
  const names = stateNamesOf(shopStateCode);
  const home = names.length > 0 ? sql`lower(${state}) in (${sql.join(names)})` : sql`1 = 0`;
  return sql<number>`(case when ${country} <> 'IN' then 0
    when ${home} then 2 * ((${t} * ${sql.lit(GST_BASIS_POINTS / 2)} * 2 + ${sql.lit(den)}) / ${sql.lit(den * 2)})
    else (${t} * ${sql.lit(GST_BASIS_POINTS)} * 2 + ${sql.lit(den)}) / ${sql.lit(den * 2)} end)`;
}

const ORDER_SUMS = [
  'orders', 'revenue', 'gst', 'discounts', 'shipping', 'cod_orders', 'cod_revenue', 'india_orders', 'india_revenue',
  'cancelled_orders', 'cancelled_value', 'refund_orders', 'refund_value',
] as const;

/** Each day's order sums (paise) of [start, end), or the whole range's under 'all'. */
export async function orderSums(db: DB, start: string, end: string, shopStateCode: string, byDay: boolean): Promise<Map<string, SalesSums>> {
  const t = sql.ref('x.t');
  const live = sql`x.status <> ${sql.lit(CANCELLED)}`;
  const { rows } = await sql<Record<string, unknown>>`
    select x.day as day, x.late as late,
      sum(case when ${live} then 1 else 0 end) as orders,
      sum(case when ${live} then ${t} else 0 end) as revenue,
      sum(case when ${live} then ${gstOf(t, sql.ref('x.country'), sql.ref('x.state'), shopStateCode)} else 0 end) as gst,
      sum(case when ${live} then x.discount else 0 end) as discounts,
      sum(case when ${live} then x.shipping else 0 end) as shipping,
      sum(case when ${live} and x.payment_method = 'cod' then 1 else 0 end) as cod_orders,
      sum(case when ${live} and x.payment_method = 'cod' then ${t} else 0 end) as cod_revenue,
      sum(case when ${live} and x.country = 'IN' then 1 else 0 end) as india_orders,
      sum(case when ${live} and x.country = 'IN' then ${t} else 0 end) as india_revenue,
      sum(case when ${live} then 0 else 1 end) as cancelled_orders,
      sum(case when ${live} then 0 else ${t} end) as cancelled_value,
      sum(case when x.refund is null then 0 else 1 end) as refund_orders,
      sum(coalesce(x.refund, 0)) as refund_value
    from (
      select ${byDay ? DAY_KEY : sql`'all'`} as day, ${byDay ? LATE_KEY : sql`0`} as late, o.status as status, o.payment_method as payment_method, o.country as country, o.state as state,
        ${inRupees(sql.ref('o.total'))} as t,
        ${inRupees(sql.ref('o.discount'))} as discount,
        ${inRupees(sql.ref('o.shipping'))} as shipping,
        case when o.payment_status in ('refund_pending', 'refunded') and o.refund_amount is not null then ${inRupees(sql.ref('o.refund_amount'))} end as refund
      from orders o
      where o.created_at >= ${start} and o.created_at < ${end}
    ) x
    group by x.day, x.late`.execute(db);
  const days = new Map<string, SalesSums>();
  for (const row of rows) {
    const sums = emptySums();
    for (const key of ORDER_SUMS) sums[key] = num(row[key]);
    const day = dayOfKey(row);
    days.set(day, addSums(days.get(day) ?? emptySums(), sums));
  }
  return days;
}

/** Each day's pieces sold (orders not cancelled): by carat, pieces and milligrams; metal, making and stones (paise, before GST). */
export async function itemSums(db: DB, start: string, end: string, byDay: boolean): Promise<{ day: string; carat: string; pieces: number; mg: number; metal: number; making: number; stones: number }[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select ${byDay ? DAY_KEY : sql`'all'`} as day, ${byDay ? LATE_KEY : sql`0`} as late, coalesce(i.carat_name, 'Other') as carat,
      sum(i.quantity) as pieces,
      sum(cast(i.quantity as bigint) * coalesce(i.net_weight_mg, 0)) as mg,
      sum(cast(i.quantity as bigint) * coalesce(i.metal_inr, 0)) as metal,
      sum(cast(i.quantity as bigint) * coalesce(i.making_inr, 0)) as making,
      sum(cast(i.quantity as bigint) * coalesce(i.stones_inr, 0)) as stones
    from orders o
    join order_items i on i.o_id = o.o_id
    where o.created_at >= ${start} and o.created_at < ${end} and o.status <> ${sql.lit(CANCELLED)}
    group by 1, 2, 3`.execute(db);
  return rows.map((r) => ({
    day: dayOfKey(r), carat: String(r.carat), pieces: num(r.pieces), mg: num(r.mg), metal: num(r.metal), making: num(r.making), stones: num(r.stones),
  }));
}

/** Customers who ordered (not cancelled) in each period, and how many of them made their first such order in it. */
export async function customerCounts(db: DB, start: string, end: string, group: ReportGroup | 'all'): Promise<Map<string, { customers: number; new: number }>> {
  const period = periodKey(db, sql.ref('o.created_at'), group);
  const { rows } = await sql<Record<string, unknown>>`
    select x.period as period, count(*) as customers,
      sum(case when exists (
        select 1 from orders p where p.u_id = x.u_id and p.created_at < x.first_here and p.status <> ${sql.lit(CANCELLED)}
      ) then 0 else 1 end) as new
    from (
      select ${period} as period, o.u_id as u_id, min(o.created_at) as first_here
      from orders o
      where o.created_at >= ${start} and o.created_at < ${end} and o.status <> ${sql.lit(CANCELLED)} and o.u_id is not null
      group by 1, 2
    ) x
    group by x.period`.execute(db);
  return new Map(rows.map((r) => [String(r.period), { customers: num(r.customers), new: num(r.new) }]));
}

/**
 * Pieces and categories that brought most revenue (line totals in rupees, GST
 * included), orders not cancelled: one pass over the lines, by product and category.
 */
export async function topSellers(db: DB, start: string, end: string) {
  const { rows } = await sql<Record<string, unknown>>`
    select i.p_id as p_id, coalesce(i.category_name, 'Other') as category, sum(i.quantity) as pieces, sum(${inRupees(sql.ref('i.line_total'))}) as revenue
    from orders o join order_items i on i.o_id = o.o_id
    where o.created_at >= ${start} and o.created_at < ${end} and o.status <> ${sql.lit(CANCELLED)}
    group by i.p_id, 2`.execute(db);
  const pieces = new Map<number | null, { pieces: number; revenue: number }>();
  const categories = new Map<string, { pieces: number; revenue: number }>();
  for (const r of rows) {
    const p_id = r.p_id === null ? null : num(r.p_id);
    const add = <K,>(map: Map<K, { pieces: number; revenue: number }>, key: K) => {
      const have = map.get(key) ?? { pieces: 0, revenue: 0 };
      map.set(key, { pieces: have.pieces + num(r.pieces), revenue: have.revenue + num(r.revenue) });
    };
    add(pieces, p_id);
    add(categories, String(r.category));
  }
  const byRevenue = <K,>(map: Map<K, { pieces: number; revenue: number }>) => [...map.entries()].sort((a, b) => b[1].revenue - a[1].revenue || String(a[0]).localeCompare(String(b[0])));
  const top = byRevenue(pieces).slice(0, TOP_PIECES);
  // The names as the lines recorded them (a product renamed since keeps its latest line's name), read from
  // the index order_items_product_name (migration 2026_12_03_0002) alone.
  const ids = top.map(([id]) => id).filter((id): id is number => id !== null);
  const names = new Map<number, string>();
  if (ids.length > 0) {
    const named = await db.selectFrom('order_items').select(['p_id', (eb) => eb.fn.max('product_name').as('name')]).where('p_id', 'in', ids).groupBy('p_id').execute();
    for (const r of named) names.set(Number(r.p_id), String(r.name));
  }
  return {
    top_pieces: top.map(([p_id, v]) => ({ p_id, name: p_id === null ? 'Pieces no longer in the catalogue' : (names.get(p_id) ?? ''), pieces: v.pieces, revenue: toMajor(v.revenue) })),
    top_categories: byRevenue(categories).map(([category, v]) => ({ category, pieces: v.pieces, revenue: toMajor(v.revenue) })),
  };
}

/** How many pieces the report's top list names. */
export const TOP_PIECES = 10;

/** One period's sums from the order and item queries. */
function foldItems(target: Map<string, SalesSums>, items: Awaited<ReturnType<typeof itemSums>>, keyOf: (day: string) => string): void {
  for (const item of items) {
    const key = keyOf(item.day);
    const sums = target.get(key) ?? emptySums();
    sums.metal += item.metal;
    sums.making += item.making;
    sums.stones += item.stones;
    const have = sums.carats.get(item.carat) ?? { pieces: 0, mg: 0 };
    sums.carats.set(item.carat, { pieces: have.pieces + item.pieces, mg: have.mg + item.mg });
    target.set(key, sums);
  }
}

export type SalesTotals = SalesFigures & Awaited<ReturnType<typeof topSellers>>;

/** The figures of [from, to] as a whole (the period a report compares with). */
async function rangeFigures(db: DB, from: string, to: string, shopStateCode: string): Promise<SalesFigures> {
  const { start, end } = bounds(from, to);
  const [orders, items, customers] = await Promise.all([
    orderSums(db, start, end, shopStateCode, false),
    itemSums(db, start, end, false),
    customerCounts(db, start, end, 'all'),
  ]);
  foldItems(orders, items, () => 'all');
  return salesFigures(orders.get('all') ?? emptySums(), customers.get('all') ?? { customers: 0, new: 0 });
}

export interface SalesReport {
  from: string;
  to: string;
  group: ReportGroup;
  currency: 'INR';
  totals: SalesTotals;
  series: (SalesFigures & { period: string })[];
  previous: { from: string; to: string; totals: SalesFigures };
}

/**
 * The sales report of [from, to] (days in India) by `group`, with the same
 * number of days before it for comparison. The series reads the orders a day at
 * a time and folds days into periods (rules/reports.ts periodOf); customers are
 * counted per period by the database (a customer is counted once per period).
 */
export async function salesReport(db: DB, q: { from: string; to: string; group: ReportGroup }, shopStateCode: string): Promise<SalesReport> {
  const { start, end } = bounds(q.from, q.to);
  const before = previousPeriod(q.from, q.to);
  const [days, items, customers, allCustomers, top, previous] = await Promise.all([
    orderSums(db, start, end, shopStateCode, true),
    itemSums(db, start, end, true),
    customerCounts(db, start, end, q.group),
    customerCounts(db, start, end, 'all'),
    topSellers(db, start, end),
    rangeFigures(db, before.from, before.to, shopStateCode),
  ]);
  const periods = new Map<string, SalesSums>(periodsBetween(q.from, q.to, q.group).map((p) => [p, emptySums()]));
  const all = emptySums();
  for (const [day, sums] of days) {
    const key = periodOf(day, q.group);
    periods.set(key, addSums(periods.get(key) ?? emptySums(), sums));
    addSums(all, sums);
  }
  foldItems(periods, items, (day) => periodOf(day, q.group));
  const whole = new Map([['all', all]]);
  foldItems(whole, items, () => 'all');
  const totals = { ...salesFigures(all, allCustomers.get('all') ?? { customers: 0, new: 0 }), ...top };
  const series = [...periods.entries()].map(([period, sums]) => ({ period, ...salesFigures(sums, customers.get(period) ?? { customers: 0, new: 0 }) }));
  return { from: q.from, to: q.to, group: q.group, currency: 'INR', totals, series, previous: { ...before, totals: previous } };
}
