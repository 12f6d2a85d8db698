import { type Kysely, sql } from 'kysely';
import { BIG_INTEGER, type Engine, engineOf } from './portable.ts';

// Frozen in time: this migration never imports application code.
// GSTR-1 at speed (issue 37): the month's return needs ten figures of each invoice
// (currency, supply, place of supply, exchange rate and rupee total, and the tax
// split of its totals), which live inside the invoice's document (JSON text, ~1.5 KB),
// its pieces and whether its order was cancelled. PostgreSQL parsed each document into
// jsonb on every request (with 100,000 orders a festive month's ~7,000 invoices took
// ~120 ms of parsing alone) and looked up each invoice's order and lines: 0.8-1.2 s
// at p99 under load. invoice_figures holds all of it, one row per invoice, kept by the
// database itself in the same statement as the change (triggers on both engines), so
// it can never disagree with the invoices and orders, and the month is one range of
// index invoice_figures_issued:
// - copied out of the document when the invoice is written: the figures as the
//   document writes them (paise; a dollar invoice's in cents, its rate usd_inr in
//   paise per dollar and total_inr its rupee total), null where the document has no
//   such field (a trigger must never refuse an invoice), and pieces, the quantities
//   of its lines added up;
// - cancelled (1/0): its order's status is cancelled (5), read when the invoice is
//   written and again whenever that order's status changes.
// Invoices are written once; an update of one's document, time or order (none is made)
// copies it again, and a deleted invoice takes its row with it (on delete cascade).

const CANCELLED = 5;

/** The figures' columns and where each is in the document. */
const FIELDS: readonly (readonly [column: string, path: readonly string[], money: boolean])[] = [
  ['currency', ['currency'], false],
  ['supply', ['figures', 'supply'], false],
  ['place_of_supply', ['buyer', 'state_code'], false],
  ['usd_inr', ['exchange', 'usd_inr'], true],
  ['total_inr', ['exchange', 'total_inr'], true],
  ['gross', ['figures', 'totals', 'gross'], true],
  ['taxable', ['figures', 'totals', 'taxable'], true],
  ['cgst', ['figures', 'totals', 'cgst'], true],
  ['sgst', ['figures', 'totals', 'sgst'], true],
  ['igst', ['figures', 'totals', 'igst'], true],
];
const COLUMNS = ['invoice_no', 'o_id', 'issued_at', ...FIELDS.map(([c]) => c), 'pieces', 'cancelled'].join(', ');

/**
 * The values of an invoice row `r` (NEW, or a table's alias) as a select list: SQLite reads
 * each path with json_extract (its JSON cache parses the document once per row);
 * PostgreSQL from `d`, the document cast to jsonb once in a subquery that `offset 0`
 * keeps apart (pulled up, each use of `d` would parse the document again).
 */
function values(e: Engine, r: string): string {
  const read = FIELDS.map(([, path, money]) => {
    if (e === 'sqlite') return `json_extract(${r}.document, '$.${path.join('.')}')`;
    const text = `d #>> '{${path.join(',')}}'`;
    return money ? `cast(cast(${text} as numeric) as bigint)` : text;
  });
  const pieces =
    e === 'sqlite'
      ? `(select sum(json_extract(l.value, '$.quantity')) from json_each(${r}.document, '$.figures.lines') l)`
      : `(select cast(sum(cast(l ->> 'quantity' as numeric)) as bigint) from jsonb_array_elements(d #> '{figures,lines}') l)`;
  const cancelled = `coalesce((select case when o.status = ${CANCELLED} then 1 else 0 end from orders o where o.o_id = ${r}.o_id), 0)`;
  return [`${r}.invoice_no`, `${r}.o_id`, `${r}.issued_at`, ...read, pieces, cancelled].join(', ');
}

/** The cancelled flag of an order's invoice, again from `r` (NEW: the order as changed). */
const cancelledAgain = (r: string) =>
  `update invoice_figures set cancelled = case when ${r}.status = ${CANCELLED} then 1 else 0 end where o_id = ${r}.o_id`;

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  let table = db.schema
    .createTable('invoice_figures')
    .addColumn('invoice_no', 'text', (c) => c.primaryKey().references('invoices.invoice_no').onDelete('cascade'))
    .addColumn('o_id', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull());
  for (const [column, , money] of FIELDS) table = table.addColumn(column, money ? BIG_INTEGER : 'text');
  await table.addColumn('pieces', BIG_INTEGER).addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('invoice_figures_issued').on('invoice_figures').columns(['issued_at', 'invoice_no']).execute();
  await db.schema.createIndex('invoice_figures_o_id').on('invoice_figures').columns(['o_id']).execute();

  const watched = 'o_id, issued_at, document';
  if (e === 'postgres') {
    await sql`
      create function invoice_figures_copy() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          delete from invoice_figures where invoice_no = new.invoice_no;
        end if;
        insert into invoice_figures (${sql.raw(COLUMNS)})
          select ${sql.raw(values(e, 'new'))} from (select cast(new.document as jsonb) as d offset 0) x;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger invoice_figures_copy after insert or update of ${sql.raw(watched)} on invoices
      for each row execute function invoice_figures_copy()`.execute(db);
    await sql`
      create function invoice_figures_cancelled() returns trigger language plpgsql as $$
      begin
        ${sql.raw(cancelledAgain('new'))};
        return null;
      end $$`.execute(db);
    await sql`
      create trigger invoice_figures_cancelled after update of status on orders
      for each row when (old.status is distinct from new.status) execute function invoice_figures_cancelled()`.execute(db);
    await sql`
      insert into invoice_figures (${sql.raw(COLUMNS)})
      select ${sql.raw(values(e, 'i'))} from (select i.*, cast(i.document as jsonb) as d from invoices i offset 0) i`.execute(db);
  } else {
    await sql`
      create trigger invoice_figures_insert after insert on invoices begin
        insert into invoice_figures (${sql.raw(COLUMNS)}) select ${sql.raw(values(e, 'new'))};
      end`.execute(db);
    await sql`
      create trigger invoice_figures_update after update of ${sql.raw(watched)} on invoices begin
        delete from invoice_figures where invoice_no = new.invoice_no;
        insert into invoice_figures (${sql.raw(COLUMNS)}) select ${sql.raw(values(e, 'new'))};
      end`.execute(db);
    await sql`
      create trigger invoice_figures_cancelled after update of status on orders when old.status is not new.status begin
        ${sql.raw(cancelledAgain('new'))};
      end`.execute(db);
    await sql`insert into invoice_figures (${sql.raw(COLUMNS)}) select ${sql.raw(values(e, 'i'))} from invoices i`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`drop trigger if exists invoice_figures_cancelled on orders`.execute(db);
    await sql`drop function if exists invoice_figures_cancelled()`.execute(db);
    await sql`drop trigger if exists invoice_figures_copy on invoices`.execute(db);
    await sql`drop function if exists invoice_figures_copy()`.execute(db);
  } else {
    await sql`drop trigger if exists invoice_figures_cancelled`.execute(db);
    await sql`drop trigger if exists invoice_figures_insert`.execute(db);
    await sql`drop trigger if exists invoice_figures_update`.execute(db);
  }
  await db.schema.dropTable('invoice_figures').execute();
}
