/**
 * Inserting products with everything that hangs off them (media, materials,
 * sizes, key points, carat prices) in multi-row statements: the demo's 64 and
 * the large catalogue's thousands go through the same code.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** A product ready to insert, with the ids of what it refers to. */
export interface ProductDraft {
  name: string;
  cate_id: number;
  description: string;
  specifications: string;
  offer: string;
  is_bestseller: number;
  is_reel: number;
  /** 1: in the shop policy's partial-refund collection (issue 36); 0 or missing: not. */
  partial_refund?: number;
  created_at: string;
  /** File names in the Products folder, in display order. */
  media: { file_name: string; kind: 'image' | 'video' }[];
  m_ids: number[];
  size_ids: number[];
  keyPoints: string[];
  /** Minor units: paise and cents; a rate-priced row also carries its recipe (see rules/pricing.ts). */
  carats: ({ carat_id: number; inr_price: number; usd_price: number } & Partial<Omit<Insertable<Database['product_carats']>, 'p_id' | 'carat_id' | 'inr_price' | 'usd_price'>>)[];
}

// SQLite allows 32,766 bound values per statement and PostgreSQL 65,535; staying
// far below both keeps each statement small.
const MAX_VALUES_PER_STATEMENT = 8000;

async function insertRows<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  const perStatement = Math.max(1, Math.floor(MAX_VALUES_PER_STATEMENT / Object.keys(rows[0]).length));
  for (let i = 0; i < rows.length; i += perStatement) {
    // Kysely cannot relate a generic table name to its row type; the rows were typed by the caller.
    await db.insertInto(table).values(rows.slice(i, i + perStatement) as never).execute();
  }
}

/**
 * Inserts the drafts and their details; returns the new p_ids in draft order.
 * Run it inside a transaction: the ids of one multi-row insert are handed out
 * in VALUES order while the transaction holds the write lock, so sorting the
 * returned ids pairs them with the drafts.
 */
export async function insertProducts(db: Kysely<Database>, drafts: ProductDraft[]): Promise<number[]> {
  const ids: number[] = [];
  const perStatement = Math.floor(MAX_VALUES_PER_STATEMENT / 10);
  for (let i = 0; i < drafts.length; i += perStatement) {
    const rows = drafts.slice(i, i + perStatement).map((d) => ({
      name: d.name,
      cate_id: d.cate_id,
      description: d.description,
      specifications: d.specifications,
      offer: d.offer,
      is_bestseller: d.is_bestseller,
      is_reel: d.is_reel,
      partial_refund: d.partial_refund ?? 0,
      created_at: d.created_at,
      updated_at: d.created_at,
    }));
    const inserted = await db.insertInto('products').values(rows).returning('p_id').execute();
    ids.push(...inserted.map((r) => r.p_id).sort((a, b) => a - b));
  }
  await insertRows(db, 'product_media', drafts.flatMap((d, i) => d.media.map((m, position) => ({ p_id: ids[i], file_name: m.file_name, kind: m.kind, position }))));
  await insertRows(db, 'product_materials', drafts.flatMap((d, i) => d.m_ids.map((m_id, position) => ({ p_id: ids[i], m_id, position }))));
  await insertRows(db, 'product_sizes', drafts.flatMap((d, i) => d.size_ids.map((size_id, position) => ({ p_id: ids[i], size_id, position }))));
  await insertRows(db, 'product_key_points', drafts.flatMap((d, i) => d.keyPoints.map((text, position) => ({ p_id: ids[i], text, position }))));
  await insertRows(db, 'product_carats', drafts.flatMap((d, i) => d.carats.map((c, position) => ({ p_id: ids[i], ...c, position }))));
  return ids;
}
