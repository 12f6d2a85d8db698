import { type Kysely, sql } from 'kysely';
import { engineOf } from './portable.ts';
import { caratSums, createTriggers, customerDays, dayOf, firstOrderAgain, GROUPS, live, orderSums, pieceSums, type Source } from './2026_12_04_0001_sales_summaries.ts';

// Frozen in time: this migration never imports application code (only the frozen
// expressions of 2026_12_04_0001_sales_summaries, whose triggers it replaces).
// PostgreSQL (issue 37): the sales summaries were kept by per-row triggers, so one
// statement of many orders or lines on one day rewrote the same summary row once a row,
// and PostgreSQL slows with every rewrite of one row in a transaction (each leaves a row
// version behind): 50,000 same-day orders in one statement took 34 s, their 50,000 lines
// 298 s. Now one trigger per table and event runs once a statement (FOR EACH STATEMENT,
// REFERENCING OLD/NEW TABLE: transition tables are allowed on AFTER triggers without a
// column list), sums the statement's rows by summary key and upserts each key once, with
// the same sums and the same additive upserts (`set x = x + excluded.x`: concurrent
// placements stay correct). What each does, as the per-row triggers did:
// - orders inserted: their sums, their customers' days and first days (the earlier
//   day written only). Their lines are added by the lines' trigger, also when inserted
//   in the orders' statement (a data-modifying WITH, as the store places an order): it
//   runs at the statement's end and finds the orders (adding them here too counted
//   them twice);
// - lines inserted or deleted: their sums when their order is there and not cancelled
//   (lines deleted by their order's cascade find no order);
// - orders deleted: their sums and customers' days taken away (a day left with no order
//   deleted), their customers' first days read again from the orders; their lines are
//   taken away per row BEFORE each order goes (that trigger of 2026_12_04_0001 stays:
//   after the statement the cascade has deleted the lines, and no statement trigger
//   sees both; the store never deletes an order, only a hand at the database does);
// - an update: when a column one part sums changed in some row (the old watch lists),
//   that part takes away the sums of the statement's old rows and adds its new rows'
//   (for a row that did not change the two cancel out: the same as per row).
// Plans: plpgsql makes a statement's plan once a session, for the size of the transition
// tables of its first run. So no plan may depend on that size: another table is read a
// transition row at a time through its index (a LATERAL subquery kept apart by OFFSET 0),
// good for one row as for 50,000; two transition tables are never joined (no index: old
// and new rows paired by key in a nested loop made an update of 16,000 orders take 7 min);
// an update first checks, in one pass, that a watched column changed at all (the old
// and new rows' key and watched values make more distinct rows than there are rows); the
// one delete joined to a table is planned for its rows each time (EXECUTE).
// SQLite has no statement triggers and rewrites a row in place, each time costing the
// same (50,000 same-day orders, then their lines, one statement each: 1.0-1.2 s with its
// per-row triggers, 0.7 s without, 1.5-2.6 s 5,000 at a time): it keeps them.

type Table = 'orders' | 'order_items';
type Side = 'OLD' | 'NEW';
const e = 'postgres' as const;
const TRANSITION: Record<Table, Record<Side, string>> = { orders: { OLD: 'old_orders', NEW: 'new_orders' }, order_items: { OLD: 'old_lines', NEW: 'new_lines' } };
/** The statement's old or new rows of `table`, named OLD or NEW as in the expressions of 2026_12_04_0001. */
const rowsOf = (table: Table, r: Side) => `${TRANSITION[table][r]} ${r}`;
const sign = (r: Side) => (r === 'OLD' ? -1 : 1);

/** Orders' sums. */
const orders = (r: Side) => [orderSums(e, { o: r, from: `from ${rowsOf('orders', r)}`, where: 'true' }, sign(r))];
/** The lines of the orders (as they are now), with the orders' old or new day, currency and status. */
function linesOfOrders(r: Side): string[] {
  const s: Source = { o: r, i: 'i', from: `from ${rowsOf('orders', r)} cross join lateral (select * from order_items i where i.o_id = ${r}.o_id offset 0) i`, where: live(r) };
  return [caratSums(e, s, sign(r)), pieceSums(e, s, sign(r))];
}
/** Lines, with their order as it is now. */
function lines(r: Side): string[] {
  const s: Source = { o: 'o', i: r, from: `from ${rowsOf('order_items', r)} cross join lateral (select * from orders o where o.o_id = ${r}.o_id offset 0) o`, where: live('o') };
  return [caratSums(e, s, sign(r)), pieceSums(e, s, sign(r))];
}
/** Orders' customers: their days taken away (a day left with no order deleted, the first days read again) or added. */
function customers(r: Side): string[] {
  const days = customerDays(e, { o: r, from: `from ${rowsOf('orders', r)}`, where: `${r}.u_id is not null and ${live(r)}` }, sign(r));
  if (r === 'OLD') {
    return [
      days,
      // Planned for this statement's rows (EXECUTE): a plan made for many (a hash join reading every
      // customer's day) would be kept for the session's later statements of one.
      `execute $sql$ delete from sales_day_customers c using ${rowsOf('orders', r)} where c.u_id = OLD.u_id and c.day = ${dayOf(e, 'OLD.created_at')} and c.orders <= 0 $sql$`,
      ...firstOrderAgain(e, `any(array(select OLD.u_id from ${rowsOf('orders', r)}))`),
    ];
  }
  return [
    days,
    `insert into sales_first_orders (u_id, day) select NEW.u_id, ${dayOf(e, 'min(NEW.created_at)')} from ${rowsOf('orders', r)}
      where NEW.u_id is not null and ${live('NEW')} group by NEW.u_id
      on conflict (u_id) do update set day = excluded.day where excluded.day < sales_first_orders.day`,
  ];
}

const run = (list: string[]) => list.map((s) => `${s};`).join('\n');

/** An update's part: when a column of `group`'s watch list changed in some row, the old rows' sums away and the new rows' added. */
function updated(table: Table, key: string, group: string, part: (r: Side) => string[]): string {
  const watched = (r: Side) => [`${r}.${key}`, ...GROUPS.find((g) => g.name === group)!.watch.map((x) => x(r))].join(', ');
  const distinct = `select count(*) from (select ${watched('OLD')} from ${rowsOf(table, 'OLD')} union select ${watched('NEW')} from ${rowsOf(table, 'NEW')}) d`;
  return `if (${distinct}) > (select count(*) from ${TRANSITION[table].OLD}) then ${run([...part('OLD'), ...part('NEW')])} end if;`;
}

interface Trigger {
  name: string;
  table: Table;
  event: 'insert' | 'update' | 'delete';
  body: string;
}
const TRIGGERS: Trigger[] = [
  { name: 'sales_orders_inserted', table: 'orders', event: 'insert', body: run([...orders('NEW'), ...customers('NEW')]) },
  { name: 'sales_orders_deleted', table: 'orders', event: 'delete', body: run([...orders('OLD'), ...customers('OLD')]) },
  {
    name: 'sales_orders_updated',
    table: 'orders',
    event: 'update',
    body: [updated('orders', 'o_id', 'sales_orders', orders), updated('orders', 'o_id', 'sales_order_lines', linesOfOrders), updated('orders', 'o_id', 'sales_customers', customers)].join('\n'),
  },
  { name: 'sales_lines_inserted', table: 'order_items', event: 'insert', body: run(lines('NEW')) },
  { name: 'sales_lines_deleted', table: 'order_items', event: 'delete', body: run(lines('OLD')) },
  { name: 'sales_lines_updated', table: 'order_items', event: 'update', body: updated('order_items', 'oi_id', 'sales_lines', lines) },
];

/** The per-row triggers of 2026_12_04_0001 this replaces (all but the lines taken away before an order is deleted). */
const ROW_TRIGGERS: [string, Table][] = [
  ['sales_orders_insert_delete', 'orders'], ['sales_orders_update', 'orders'], ['sales_order_lines_update', 'orders'], ['sales_customers_insert_delete', 'orders'],
  ['sales_customers_update', 'orders'], ['sales_lines_insert_delete', 'order_items'], ['sales_lines_update', 'order_items'],
];

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const [name, table] of ROW_TRIGGERS) await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
  for (const f of ['sales_orders', 'sales_order_lines', 'sales_customers', 'sales_lines']) await sql.raw(`drop function ${f}()`).execute(db);
  for (const t of TRIGGERS) {
    const { OLD, NEW } = TRANSITION[t.table];
    const referencing = [t.event !== 'insert' ? `old table as ${OLD}` : '', t.event !== 'delete' ? `new table as ${NEW}` : ''].join(' ');
    // A statement trigger's plpgsql declares OLD and NEW too (null): the transition rows' columns are meant.
    await sql.raw(`create function ${t.name}() returns trigger language plpgsql as $$
      #variable_conflict use_column
      begin ${t.body} return null; end $$`).execute(db);
    await sql.raw(`create trigger ${t.name} after ${t.event} on ${t.table} referencing ${referencing} for each statement execute function ${t.name}()`).execute(db);
  }
}

/** The per-row triggers again, as 2026_12_04_0001 made them. */
export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const t of TRIGGERS) {
    await sql.raw(`drop trigger ${t.name} on ${t.table}`).execute(db);
    await sql.raw(`drop function ${t.name}()`).execute(db);
  }
  await sql`drop trigger sales_order_lines_delete on orders`.execute(db);
  await sql`drop function sales_order_lines_before()`.execute(db);
  await createTriggers(db);
}
