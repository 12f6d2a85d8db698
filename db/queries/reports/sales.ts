/**
 * GET /reports/sales (issue 37): the orders placed in a period, added up a day at a
 * time (an order counts on the day it was placed, in India) and folded into days,
 * weeks or months by rules/reports.ts. Cancelled orders are summed apart and in no
 * other figure. Read from the per-day summaries of migration
 * 2026_12_04_0001_sales_summaries, which the database keeps by triggers in the
 * same transaction as every change of an order or a line (so they cannot disagree
 * with the orders; tests/db/sales-summaries.test.ts adds the orders up again and
 * compares): a two-year report reads some tens of thousands of summary rows
 * instead of every order and line of the two years.
 * - sales_day_orders: orders, revenue, discounts, shipping, refunds by day, cancelled,
 *   payment method, country and state; the GST inside the totals summed per order
 *   both ways (CGST + SGST and IGST), chosen here by the shop's state;
 * - sales_day_carats (grams per purity, metal/making/stones) and sales_day_pieces
 *   (top pieces and categories);
 * - sales_day_customers (who ordered each day, with the day's week) and
 *   sales_first_orders (each customer's first day with an order not cancelled:
 *   the new customers of a period).
 * Returns (refunded, exchanged, bought back) count on the day their money or credit
 * was given, read from the returns themselves (returnSums).
 */

import { type RawBuilder, sql } from 'kysely';
import { type DB, engineOf } from '../../connection.ts';
import { num } from './sql.ts';
import { isoTimestamp } from '../../time.ts';
import { toMajor } from '../../../rules/money.ts';
import {
  addDays, addSums, daysBetween, emptySums, indiaDayOf, indiaDayStart, periodOf, RETURN_SUMS, periodsBetween, previousPeriod, salesFigures, stateNamesOf,
  type ReportGroup, type SalesFigures, type SalesSums,
} from '../../../rules/reports.ts';

/** A day's key, or 'all' for the whole run of days. */
const dayKey = (byDay: boolean): RawBuilder<string> => (byDay ? sql<string>`s.day` : sql<string>`'all'`);

/**
 * The GST of a summary row's orders: none abroad; the orders' CGST + SGST (each
 * half the rate, rounded half up per order) in the shop's state; IGST elsewhere in
 * India (rules/reports.ts orderGst, per order, summed by the triggers both ways).
 */
function gstOf(shopStateCode: string): RawBuilder<number> {
  const names = stateNamesOf(shopStateCode);
  const home = names.length > 0 ? sql`lower(s.state) in (${sql.join(names)})` : sql`1 = 0`;
  return sql<number>`(case when s.country <> 'IN' then 0 when ${home} then s.gst_intra else s.gst_inter end)`;
}

const ORDER_SUMS = [
  'orders', 'revenue', 'gst', 'discounts', 'shipping', 'cod_orders', 'cod_revenue', 'credit_orders', 'credit_revenue', 'india_orders', 'india_revenue',
  'cancelled_orders', 'cancelled_value', 'refund_orders', 'refund_value',
] as const;

/** Each day's order sums (paise) of the days [from, to], or the whole run's under 'all'. */
export async function orderSums(db: DB, from: string, to: string, shopStateCode: string, byDay: boolean): Promise<Map<string, SalesSums>> {
  const live = sql`s.cancelled = 0`;
  const { rows } = await sql<Record<string, unknown>>`
    select ${dayKey(byDay)} as day,
      sum(case when ${live} then s.orders else 0 end) as orders,
      sum(case when ${live} then s.revenue else 0 end) as revenue,
      sum(case when ${live} then ${gstOf(shopStateCode)} else 0 end) as gst,
      sum(case when ${live} then s.discounts else 0 end) as discounts,
      sum(case when ${live} then s.shipping else 0 end) as shipping,
      sum(case when ${live} and s.payment_method = 'cod' then s.orders else 0 end) as cod_orders,
      sum(case when ${live} and s.payment_method = 'cod' then s.revenue else 0 end) as cod_revenue,
      sum(case when ${live} and s.payment_method = 'store_credit' then s.orders else 0 end) as credit_orders,
      sum(case when ${live} and s.payment_method = 'store_credit' then s.revenue else 0 end) as credit_revenue,
      sum(case when ${live} and s.country = 'IN' then s.orders else 0 end) as india_orders,
      sum(case when ${live} and s.country = 'IN' then s.revenue else 0 end) as india_revenue,
      sum(case when ${live} then 0 else s.orders end) as cancelled_orders,
      sum(case when ${live} then 0 else s.revenue end) as cancelled_value,
      sum(s.refund_orders) as refund_orders,
      sum(s.refund_value) as refund_value
    from sales_day_orders s
    where s.day >= ${from} and s.day <= ${to}
    group by 1`.execute(db);
  const days = new Map<string, SalesSums>();
  for (const row of rows) {
    const sums = emptySums();
    for (const key of ORDER_SUMS) sums[key] = num(row[key]);
    days.set(String(row.day), sums);
  }
  return days;
}

/**
 * Returns given back in [from, to] (issue 36), each on the day in India its refund,
 * store credit or buy-back payout was given (the desk's 'refunded' or 'credited' step;
 * not the payment provider's later acceptance of an online refund, also a 'refunded'
 * step, by the system), in paise: a dollar order's return at the order's own rate.
 * Read from the returns themselves (a few per hundred orders, so no summary is needed);
 * by day or 'all'. A dollar return's rate is looked up by its order's key: with the
 * orders joined, PostgreSQL read all of them to hash them for a year or two of returns
 * (62-98 ms of the query's 100,000-order run; 4 ms this way, EXPLAIN ANALYZE). The period's
 * steps are found by return_events_status_created, not by reading every step ever made.
 */
export async function returnSums(db: DB, from: string, to: string, byDay: boolean): Promise<Map<string, SalesSums>> {
  const rows = await db
    .selectFrom('return_events as e')
    .innerJoin('returns as r', 'r.r_id', 'e.r_id')
    .select((eb) => [
      'e.created_at', 'r.kind', 'r.currency', 'r.refund_amount',
      eb.case().when('r.currency', '=', 'USD').then(eb.selectFrom('orders as o').select('o.usd_inr').whereRef('o.o_id', '=', 'r.o_id')).end().as('usd_inr'),
    ])
    .where('e.status', 'in', ['refunded', 'credited'])
    .where('e.actor', '=', 'shop')
    .where('e.created_at', '>=', indiaDayStart(from))
    .where('e.created_at', '<', indiaDayStart(addDays(to, 1)))
    .execute();
  const days = new Map<string, SalesSums>();
  for (const r of rows) {
    const sums = RETURN_SUMS[r.kind as keyof typeof RETURN_SUMS];
    if (!sums || r.refund_amount === null) continue;
    const key = byDay ? indiaDayOf(new Date(isoTimestamp(r.created_at))) : 'all';
    const day = days.get(key) ?? emptySums();
    const amount = num(r.refund_amount);
    day[sums[0]] += 1;
    day[sums[1]] += r.currency === 'USD' ? Math.round((amount * num(r.usd_inr)) / 100) : amount;
    days.set(key, day);
  }
  return days;
}

/** Each day's pieces sold (orders not cancelled): by carat, pieces and milligrams; metal, making and stones (paise, before GST). */
export async function itemSums(db: DB, from: string, to: string, byDay: boolean): Promise<{ day: string; carat: string; pieces: number; mg: number; metal: number; making: number; stones: number }[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select ${dayKey(byDay)} as day, s.carat as carat, sum(s.pieces) as pieces, sum(s.mg) as mg, sum(s.metal) as metal, sum(s.making) as making, sum(s.stones) as stones
    from sales_day_carats s
    where s.day >= ${from} and s.day <= ${to}
    group by 1, 2
    having sum(s.pieces) <> 0`.execute(db);
  return rows.map((r) => ({
    day: String(r.day), carat: String(r.carat), pieces: num(r.pieces), mg: num(r.mg), metal: num(r.metal), making: num(r.making), stones: num(r.stones),
  }));
}

/**
 * SQLite, over many days: the customers of a run of days read in the customers' order
 * (index sales_day_customers_customer, every row of it, no sort), which its planner
 * would not choose: ~7 ms instead of ~21 for two years of 100,000 orders. Few days:
 * the days' rows, sorted.
 */
function byCustomer(db: DB, from: string, to: string): RawBuilder<unknown> {
  return engineOf(db) === 'sqlite' && daysBetween(from, to) >= 180 ? sql`indexed by sales_day_customers_customer` : sql``;
}

/**
 * Customers who ordered (not cancelled) in each period of [from, to] (each counted
 * once a period), and how many of them made their first such order in it (their
 * first day falls in the period: they ordered in it, and never before).
 */
export async function customerCounts(db: DB, from: string, to: string, group: ReportGroup | 'all'): Promise<Map<string, { customers: number; new: number }>> {
  const days = sql`s.day >= ${from} and s.day <= ${to}`;
  // A row is a customer's day with orders; each count reads an index in the order it counts in.
  const counted = {
    day: sql`select s.day as period, count(*) as customers from sales_day_customers s where ${days} group by s.day`,
    week: sql`select s.week as period, count(distinct s.u_id) as customers from sales_day_customers s
      where s.week >= ${periodOf(from, 'week')} and s.week <= ${to} and ${days} group by s.week`,
    month: sql`select s.month as period, count(distinct s.u_id) as customers from sales_day_customers s
      where s.month >= ${periodOf(from, 'month')} and s.month <= ${periodOf(to, 'month')} and ${days} group by s.month`,
    all: sql`select 'all' as period, count(*) as customers from (select s.u_id from sales_day_customers s ${byCustomer(db, from, to)} where ${days} group by s.u_id) x`,
  }[group];
  const [{ rows }, { rows: firsts }] = await Promise.all([
    sql<Record<string, unknown>>`${counted}`.execute(db),
    sql<Record<string, unknown>>`
      select f.day as day, count(*) as new from sales_first_orders f where f.day >= ${from} and f.day <= ${to} group by f.day`.execute(db),
  ]);
  const counts = new Map(rows.map((r) => [String(r.period), { customers: num(r.customers), new: 0 }]));
  for (const r of firsts) {
    const key = group === 'all' ? 'all' : periodOf(String(r.day), group);
    const have = counts.get(key) ?? { customers: 0, new: 0 };
    counts.set(key, { ...have, new: have.new + num(r.new) });
  }
  return counts;
}

/**
 * Pieces and categories that brought most revenue (line totals in rupees, GST
 * included), orders not cancelled: the days' sums by product and category.
 */
export async function topSellers(db: DB, from: string, to: string) {
  const { rows: summed } = await sql<Record<string, unknown>>`
    select s.p_id as p_id, s.category as category, sum(s.pieces) as pieces, sum(s.revenue) as revenue
    from sales_day_pieces s
    where s.day >= ${from} and s.day <= ${to}
    group by s.p_id, s.category
    having sum(s.pieces) <> 0`.execute(db);
  // Lines of no product (deleted since) are summed under p_id 0.
  const rows = summed.map((r) => ({ ...r, p_id: num(r.p_id) === 0 ? null : r.p_id } as Record<string, unknown>));
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
  const [orders, items, customers, returned] = await Promise.all([
    orderSums(db, from, to, shopStateCode, false),
    itemSums(db, from, to, false),
    customerCounts(db, from, to, 'all'),
    returnSums(db, from, to, false),
  ]);
  foldItems(orders, items, () => 'all');
  if (returned.has('all')) orders.set('all', addSums(orders.get('all') ?? emptySums(), returned.get('all')!));
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
 * number of days before it for comparison. The series reads the summaries a day at
 * a time and folds days into periods (rules/reports.ts periodOf); customers are
 * counted per period by the database (a customer is counted once per period).
 */
export async function salesReport(db: DB, q: { from: string; to: string; group: ReportGroup }, shopStateCode: string): Promise<SalesReport> {
  const before = previousPeriod(q.from, q.to);
  const [days, items, customers, allCustomers, top, previous, returned] = await Promise.all([
    orderSums(db, q.from, q.to, shopStateCode, true),
    itemSums(db, q.from, q.to, true),
    customerCounts(db, q.from, q.to, q.group),
    customerCounts(db, q.from, q.to, 'all'),
    topSellers(db, q.from, q.to),
    rangeFigures(db, before.from, before.to, shopStateCode),
    returnSums(db, q.from, q.to, true),
  ]);
  for (const [day, sums] of returned) days.set(day, addSums(days.get(day) ?? emptySums(), sums));
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
