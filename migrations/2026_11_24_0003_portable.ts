import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration never imports application code.
// Where a rule is "only one", a unique index says so, on SQLite and PostgreSQL alike,
// so two requests at once cannot both pass a check-then-write (the transaction helper
// retries the loser, whose check then sees the winner's row):
// - category, material, size, carat and coupon names, case-insensitively;
// - one cart line and one wishlist line per selection (shopper, product, carat price,
//   material, size; no size counts as one value: coalesce(size_id, 0), ids start at 1).
// One order per (shopper, Idempotency-Key) and per provider order id were unique already.
// A database written before this may hold duplicates: they are merged (cart lines add
// their quantities into the oldest line; wishlist lines keep the oldest) or renamed
// (a later name gets " (id)"), so the indexes can be made and nothing is lost.

const NAMES = [
  { table: 'categories', id: 'cate_id', name: 'cate_name', index: 'categories_name_unique' },
  { table: 'materials', id: 'm_id', name: 'name', index: 'materials_name_unique' },
  { table: 'sizes', id: 'size_id', name: 'size_name', index: 'sizes_name_unique' },
  { table: 'carats', id: 'carat_id', name: 'name', index: 'carats_name_unique' },
  { table: 'coupons', id: 'coupon_id', name: 'coupon_name', index: 'coupons_name_unique' },
] as const;

const LINES = [
  { table: 'cart_items', id: 'c_id', index: 'cart_items_selection_unique' },
  { table: 'wishlist_items', id: 'w_id', index: 'wishlist_items_selection_unique' },
] as const;

const SELECTION = sql`u_id, p_id, pc_id, m_id, coalesce(size_id, 0)`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, id, name, index } of NAMES) {
    // Coupons are typed in at the checkout: their renamed duplicates stay one word.
    const suffix = table === 'coupons' ? sql`'-' || ${sql.ref(id)}` : sql`' (' || ${sql.ref(id)} || ')'`;
    await sql`
      update ${sql.table(table)} set ${sql.ref(name)} = ${sql.ref(name)} || ${suffix}
      where exists (
        select 1 from ${sql.table(table)} as earlier
        where lower(earlier.${sql.ref(name)}) = lower(${sql.table(table)}.${sql.ref(name)})
          and earlier.${sql.ref(id)} < ${sql.table(table)}.${sql.ref(id)}
      )`.execute(db);
    await db.schema.createIndex(index).on(table).unique().expression(sql`lower(${sql.ref(name)})`).execute();
  }

  for (const { table, id, index } of LINES) {
    const same = sql`
      later.u_id = ${sql.table(table)}.u_id and later.p_id = ${sql.table(table)}.p_id
      and later.pc_id = ${sql.table(table)}.pc_id and later.m_id = ${sql.table(table)}.m_id
      and coalesce(later.size_id, 0) = coalesce(${sql.table(table)}.size_id, 0)
      and later.${sql.ref(id)} > ${sql.table(table)}.${sql.ref(id)}`;
    if (table === 'cart_items') {
      await sql`
        update cart_items set quantity = quantity + (select sum(later.quantity) from cart_items as later where ${same})
        where exists (select 1 from cart_items as later where ${same})
          and not exists (
            select 1 from cart_items as earlier
            where earlier.u_id = cart_items.u_id and earlier.p_id = cart_items.p_id and earlier.pc_id = cart_items.pc_id
              and earlier.m_id = cart_items.m_id and coalesce(earlier.size_id, 0) = coalesce(cart_items.size_id, 0)
              and earlier.c_id < cart_items.c_id
          )`.execute(db);
    }
    await sql`
      delete from ${sql.table(table)}
      where ${sql.ref(id)} not in (select min(${sql.ref(id)}) from ${sql.table(table)} group by ${SELECTION})`.execute(db);
    await db.schema.createIndex(index).on(table).unique().expression(SELECTION).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { index } of [...LINES, ...NAMES]) await db.schema.dropIndex(index).execute();
}
