import { type Kysely, sql } from 'kysely';
import { BIG_INTEGER, engineOf, type Engine } from './portable.ts';

// Frozen in time: this migration never imports application code.
// The sales report's sums a day at a time (issue 37), kept by the database itself in
// the same transaction as every change of an order or an order line (triggers on
// both engines: SQLite triggers, PostgreSQL plpgsql trigger functions), so they can
// never disagree with the orders. Each change adds its row's contribution (inserted
// row: +, deleted row: -, updated row: - the old, + the new) with an upsert that
// adds to what is there (`on conflict do update set x = x + excluded.x`): safe under
// concurrent placements on PostgreSQL (read committed waits for the row, serializable
// fails with 40001; two placements taking the same rows in another order deadlock at
// worst, 40P01: db/transaction.ts writeTransaction runs either again), and SQLite has
// one writer. The same expressions backfill the tables from the orders already there.
// Days are days in India (UTC+05:30 of created_at, UTC text 'YYYY-MM-DD HH:MM:SS' on
// both engines); amounts are paise, a dollar order's converted at the rate kept with
// it, half up (as rules/invoice.ts rupeesFromDollars; 0 without a rate).
// - sales_day_orders: by day × cancelled × payment method × country × state: orders,
//   revenue, discounts, shipping, refunds (refund_pending/refunded with an amount),
//   and the GST inside the totals summed per order, both ways the order can be taxed
//   (gst_intra: CGST + SGST, each half the rate rounded half up; gst_inter: IGST),
//   since which applies depends on the shop's state, known when the report is read;
//   at 3% (rules/pricing.ts GST_BASIS_POINTS when written: another rate needs a new
//   migration, tests/api/sales-summaries.test.ts holds it to rules/reports.ts orderGst).
// - sales_day_carats: lines of orders not cancelled by day × carat: pieces, milligrams,
//   metal, making and stones (paise before GST).
// - sales_day_pieces: lines of orders not cancelled by day × product (0: none) ×
//   category: pieces and revenue (line totals in rupees).
// - sales_day_customers: orders not cancelled by day × customer (a row is deleted
//   when its day has none left), with the day's week (its Monday) and month, for
//   customers counted once per day, week, month or run of days.
// - sales_first_orders: each customer's first day with an order not cancelled (the
//   new customers of a period): the earlier of the two on a placement, read again
//   from the customer's orders (index orders_customer_first) on any other change.
// An update fires a table's triggers only when a column it sums changed (a payment
// or delivery status alone does not touch them).

const GST_BP = 300;
const CANCELLED = 5;

/** The India day 'YYYY-MM-DD' of a UTC text time. */
export function dayOf(e: Engine, at: string): string {
  return e === 'postgres' ? `to_char(cast(${at} as timestamp) + interval '330 minutes', 'YYYY-MM-DD')` : `date(${at}, '+330 minutes')`;
}
/** The Monday of the India week of a UTC text time. */
function weekOf(e: Engine, at: string): string {
  return e === 'postgres'
    ? `to_char(date_trunc('week', cast(${at} as timestamp) + interval '330 minutes'), 'YYYY-MM-DD')`
    : `date(${at}, '+330 minutes', '-6 days', 'weekday 1')`;
}
/** An order's amount in rupees (paise), 0 when a dollar order has no rate. */
const inr = (o: string, amount: string) =>
  `coalesce(case when ${o}.currency = 'USD' then (cast(${amount} as bigint) * ${o}.usd_inr * 2 + 100) / 200 else cast(${amount} as bigint) end, 0)`;
export const live = (o: string) => `${o}.status <> ${CANCELLED}`;
const refunded = (o: string) => `(${o}.payment_status in ('refund_pending', 'refunded') and ${o}.refund_amount is not null)`;
const DEN = 10_000 + GST_BP;

export interface Source {
  /** The orders row (NEW, OLD or an alias) and the lines row (or alias). */
  o: string;
  i?: string;
  /** FROM clause (empty in a trigger summing its own row) and WHERE condition. */
  from: string;
  where: string;
}

/** Upsert adding each key's sums (times `sign`) into `table`. */
function upsert(e: Engine, table: string, keys: [string, string][], sums: [string, string][], s: Source, sign: 1 | -1): string {
  const cols = [...keys, ...sums].map(([c]) => c).join(', ');
  const values = [...keys.map(([, x]) => x), ...sums.map(([, x]) => `${sign === 1 ? '' : '-'}sum(${x})`)].join(', ');
  const set = sums.map(([c]) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
  const groupBy = keys.map((_, k) => k + 1).join(', ');
  return `insert into ${table} (${cols}) select ${values} ${s.from} where ${s.where} group by ${groupBy}
    on conflict (${keys.map(([c]) => c).join(', ')}) do update set ${set}`;
}

export function orderSums(e: Engine, s: Source, sign: 1 | -1): string {
  const o = s.o;
  const t = inr(o, `${o}.total`);
  return upsert(e, 'sales_day_orders', [
    ['day', dayOf(e, `${o}.created_at`)],
    ['cancelled', `case when ${live(o)} then 0 else 1 end`],
    ['payment_method', `${o}.payment_method`],
    ['country', `${o}.country`],
    ['state', `coalesce(${o}.state, '')`],
  ], [
    ['orders', '1'],
    ['revenue', t],
    ['gst_intra', `2 * ((${t} * ${GST_BP / 2} * 2 + ${DEN}) / ${DEN * 2})`],
    ['gst_inter', `(${t} * ${GST_BP} * 2 + ${DEN}) / ${DEN * 2}`],
    ['discounts', inr(o, `${o}.discount`)],
    ['shipping', inr(o, `${o}.shipping`)],
    ['refund_orders', `case when ${refunded(o)} then 1 else 0 end`],
    ['refund_value', `case when ${refunded(o)} then ${inr(o, `${o}.refund_amount`)} else 0 end`],
  ], s, sign);
}

export function caratSums(e: Engine, s: Source, sign: 1 | -1): string {
  const i = s.i!;
  const each = (c: string) => `cast(${i}.quantity as bigint) * coalesce(${i}.${c}, 0)`;
  return upsert(e, 'sales_day_carats', [['day', dayOf(e, `${s.o}.created_at`)], ['carat', `coalesce(${i}.carat_name, 'Other')`]], [
    ['pieces', `${i}.quantity`], ['mg', each('net_weight_mg')], ['metal', each('metal_inr')], ['making', each('making_inr')], ['stones', each('stones_inr')],
  ], s, sign);
}

export function pieceSums(e: Engine, s: Source, sign: 1 | -1): string {
  const i = s.i!;
  return upsert(e, 'sales_day_pieces', [
    ['day', dayOf(e, `${s.o}.created_at`)], ['p_id', `coalesce(${i}.p_id, 0)`], ['category', `coalesce(${i}.category_name, 'Other')`],
  ], [['pieces', `${i}.quantity`], ['revenue', inr(s.o, `${i}.line_total`)]], s, sign);
}

export function customerDays(e: Engine, s: Source, sign: 1 | -1): string {
  const o = s.o;
  const at = `${o}.created_at`;
  return upsert(e, 'sales_day_customers', [['day', dayOf(e, at)], ['u_id', `${o}.u_id`], ['week', weekOf(e, at)], ['month', `substr(${dayOf(e, at)}, 1, 7)`]], [['orders', '1']], s, sign);
}
/** A customer's day left with no order is deleted (the report counts rows, never looking at orders). */
function customerDayGone(e: Engine, o: string): string {
  return `delete from sales_day_customers where u_id = ${o}.u_id and day = ${dayOf(e, `${o}.created_at`)} and orders <= 0`;
}

/** A customer's first day with an order not cancelled, read again from the orders. */
export function firstOrderAgain(e: Engine, u: string): string[] {
  return [
    `delete from sales_first_orders where u_id = ${u}`,
    `insert into sales_first_orders (u_id, day) select p.u_id, ${dayOf(e, 'min(p.created_at)')} from orders p
      where p.u_id = ${u} and ${live('p')} group by p.u_id`,
  ];
}
/** A new order not cancelled: the customer's first day is the earlier of the two (no write when it is not earlier). */
function firstOrderAdd(e: Engine, o: string): string {
  return `insert into sales_first_orders (u_id, day) select ${o}.u_id, ${dayOf(e, `${o}.created_at`)} where ${o}.u_id is not null and ${live(o)}
    on conflict (u_id) do update set day = excluded.day where excluded.day < sales_first_orders.day`;
}

/** Null-safe "differs" of a column expression between OLD and NEW. */
function changed(e: Engine, exprs: ((r: string) => string)[]): string {
  const ne = e === 'postgres' ? 'is distinct from' : 'is not';
  return exprs.map((x) => `(${x('OLD')}) ${ne} (${x('NEW')})`).join(' or ');
}
const col = (c: string) => (r: string) => `${r}.${c}`;
const isLive = (r: string) => `case when ${live(r)} then 1 else 0 end`;

interface Group {
  name: string;
  table: 'orders' | 'order_items';
  /** Statements adding a row (NEW) and taking one away (OLD). */
  add: (e: Engine) => string[];
  remove: (e: Engine) => string[];
  /** An update fires only when one of these differs. */
  watch: ((r: string) => string)[];
  /**
   * An order's lines: never on the order's insert (its lines come after it, or in the
   * same statement on PostgreSQL, where the store inserts an order and its lines at
   * once: their own triggers add them), and taken away before the order goes (the
   * lines are still there before the cascade; theirs then find no order).
   */
  lines?: boolean;
}

const row = (o: string): Source => ({ o, from: '', where: 'true' });
const linesOf = (o: string): Source => ({ o, i: 'i', from: 'from order_items i', where: `i.o_id = ${o}.o_id and ${live(o)}` });
const orderOf = (i: string): Source => ({ o: 'o', i, from: 'from orders o', where: `o.o_id = ${i}.o_id and ${live('o')}` });

export const GROUPS: Group[] = [
  {
    name: 'sales_orders',
    table: 'orders',
    add: (e) => [orderSums(e, row('NEW'), 1)],
    remove: (e) => [orderSums(e, row('OLD'), -1)],
    watch: [isLive, col('created_at'), col('payment_method'), col('country'), col('state'), col('currency'), col('usd_inr'), col('total'), col('discount'), col('shipping'), (r) => `case when ${refunded(r)} then 1 else 0 end`, col('refund_amount')],
  },
  {
    name: 'sales_order_lines',
    table: 'orders',
    add: (e) => [caratSums(e, linesOf('NEW'), 1), pieceSums(e, linesOf('NEW'), 1)],
    remove: (e) => [caratSums(e, linesOf('OLD'), -1), pieceSums(e, linesOf('OLD'), -1)],
    watch: [isLive, col('created_at'), col('currency'), col('usd_inr')],
    lines: true,
  },
  {
    name: 'sales_customers',
    table: 'orders',
    add: (e) => [customerDays(e, { ...row('NEW'), where: `NEW.u_id is not null and ${live('NEW')}` }, 1), firstOrderAdd(e, 'NEW')],
    remove: (e) => [customerDays(e, { ...row('OLD'), where: `OLD.u_id is not null and ${live('OLD')}` }, -1), customerDayGone(e, 'OLD'), ...firstOrderAgain(e, 'OLD.u_id')],
    watch: [isLive, col('created_at'), col('u_id')],
  },
  {
    name: 'sales_lines',
    table: 'order_items',
    add: (e) => [caratSums(e, orderOf('NEW'), 1), pieceSums(e, orderOf('NEW'), 1)],
    remove: (e) => [caratSums(e, orderOf('OLD'), -1), pieceSums(e, orderOf('OLD'), -1)],
    watch: ['o_id', 'p_id', 'category_name', 'carat_name', 'quantity', 'line_total', 'net_weight_mg', 'metal_inr', 'making_inr', 'stones_inr'].map(col),
  },
];

export async function createTriggers(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  for (const g of GROUPS) {
    const watch = changed(e, g.watch);
    if (e === 'sqlite') {
      const body = (list: string[]) => list.map((s) => `${s};`).join('\n');
      if (!g.lines) await sql.raw(`create trigger ${g.name}_insert after insert on ${g.table} begin ${body(g.add(e))} end`).execute(db);
      await sql.raw(`create trigger ${g.name}_delete ${g.lines ? 'before' : 'after'} delete on ${g.table} begin ${body(g.remove(e))} end`).execute(db);
      // An update: the old row's sums away before the new row's are added (a line's
      // order or a customer's first day read again sees the table as it now is).
      await sql.raw(`create trigger ${g.name}_update after update on ${g.table} when ${watch} begin ${body([...g.remove(e), ...g.add(e)])} end`).execute(db);
    } else {
      const body = (list: string[]) => list.map((s) => `${s};`).join('\n');
      await sql.raw(`create function ${g.name}() returns trigger language plpgsql as $$
        begin
          if TG_OP in ('UPDATE', 'DELETE') then ${body(g.remove(e))} end if;
          if TG_OP in ('UPDATE', 'INSERT') then ${body(g.add(e))} end if;
          return null;
        end $$`).execute(db);
      if (g.lines) {
        await sql.raw(`create function ${g.name}_before() returns trigger language plpgsql as $$
          begin ${body(g.remove(e))} return OLD; end $$`).execute(db);
        await sql.raw(`create trigger ${g.name}_delete before delete on ${g.table} for each row execute function ${g.name}_before()`).execute(db);
      } else {
        await sql.raw(`create trigger ${g.name}_insert_delete after insert or delete on ${g.table} for each row execute function ${g.name}()`).execute(db);
      }
      await sql.raw(`create trigger ${g.name}_update after update on ${g.table} for each row when (${watch}) execute function ${g.name}()`).execute(db);
    }
  }
}

/** The sums of the orders already there, as the triggers would have added them. */
async function backfill(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  const all = (s: Source) => s;
  await sql.raw(orderSums(e, all({ o: 'o', from: 'from orders o', where: 'true' }), 1)).execute(db);
  const lines: Source = { o: 'o', i: 'i', from: 'from orders o join order_items i on i.o_id = o.o_id', where: live('o') };
  await sql.raw(caratSums(e, lines, 1)).execute(db);
  await sql.raw(pieceSums(e, lines, 1)).execute(db);
  await sql.raw(customerDays(e, { o: 'o', from: 'from orders o', where: `o.u_id is not null and ${live('o')}` }, 1)).execute(db);
  await sql.raw(`insert into sales_first_orders (u_id, day) select p.u_id, ${dayOf(e, 'min(p.created_at)')} from orders p
    where p.u_id is not null and ${live('p')} group by p.u_id`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const big = (name: string) => (t: any) => t.addColumn(name, BIG_INTEGER, (c: any) => c.notNull().defaultTo(0));
  const sums = (t: any, names: string[]) => names.reduce((b, n) => big(n)(b), t);
  // SQLite: each table stored in its key's order (a run of days is read in one pass, its sums beside its key).
  const clustered = engineOf(db) === 'sqlite' ? sql`without rowid` : sql``;
  await sums(
    db.schema.createTable('sales_day_orders')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('cancelled', 'integer', (c) => c.notNull())
      .addColumn('payment_method', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull()),
    ['orders', 'revenue', 'gst_intra', 'gst_inter', 'discounts', 'shipping', 'refund_orders', 'refund_value'],
  ).addPrimaryKeyConstraint('sales_day_orders_key', ['day', 'cancelled', 'payment_method', 'country', 'state']).modifyEnd(clustered).execute();
  await sums(
    db.schema.createTable('sales_day_carats').addColumn('day', 'text', (c) => c.notNull()).addColumn('carat', 'text', (c) => c.notNull()),
    ['pieces', 'mg', 'metal', 'making', 'stones'],
  ).addPrimaryKeyConstraint('sales_day_carats_key', ['day', 'carat']).modifyEnd(clustered).execute();
  await sums(
    db.schema.createTable('sales_day_pieces').addColumn('day', 'text', (c) => c.notNull()).addColumn('p_id', 'integer', (c) => c.notNull()).addColumn('category', 'text', (c) => c.notNull()),
    ['pieces', 'revenue'],
  ).addPrimaryKeyConstraint('sales_day_pieces_key', ['day', 'p_id', 'category']).modifyEnd(clustered).execute();
  await sums(
    db.schema.createTable('sales_day_customers')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('u_id', 'integer', (c) => c.notNull())
      .addColumn('week', 'text', (c) => c.notNull())
      .addColumn('month', 'text', (c) => c.notNull()),
    ['orders'],
  ).addPrimaryKeyConstraint('sales_day_customers_key', ['day', 'u_id', 'week', 'month']).modifyEnd(clustered).execute();
  await db.schema.createTable('sales_first_orders')
    .addColumn('u_id', 'integer', (c) => c.primaryKey())
    .addColumn('day', 'text', (c) => c.notNull())
    .modifyEnd(clustered)
    .execute();
  await db.schema.createIndex('sales_first_orders_day').on('sales_first_orders').columns(['day']).execute();
  // Customers counted once a week, a month, or over the whole run: each count reads an
  // index in the order it counts in (no sort of the customers).
  await db.schema.createIndex('sales_day_customers_week').on('sales_day_customers').columns(['week', 'u_id']).execute();
  await db.schema.createIndex('sales_day_customers_month').on('sales_day_customers').columns(['month', 'u_id']).execute();
  await db.schema.createIndex('sales_day_customers_customer').on('sales_day_customers').columns(['u_id', 'day']).execute();
  // Top pieces of a run of days: summed in the products' order (with statistics, SQLite skips through
  // this index a product at a time: no sort of the days' rows).
  await db.schema.createIndex('sales_day_pieces_products').on('sales_day_pieces').columns(['p_id', 'category', 'day', 'pieces', 'revenue']).execute();
  await backfill(db);
  await createTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  for (const g of GROUPS) {
    if (e === 'sqlite') {
      for (const t of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${g.name}_${t}`).execute(db);
    } else {
      for (const t of ['insert', 'delete', 'insert_delete', 'update']) await sql.raw(`drop trigger if exists ${g.name}_${t} on ${g.table}`).execute(db);
      await sql.raw(`drop function if exists ${g.name}()`).execute(db);
      await sql.raw(`drop function if exists ${g.name}_before()`).execute(db);
    }
  }
  for (const t of ['sales_first_orders', 'sales_day_customers', 'sales_day_pieces', 'sales_day_carats', 'sales_day_orders']) await db.schema.dropTable(t).execute();
}
