/**
 * Back-office writes of the catalogue's building blocks: categories, and the
 * three named attributes products are made of (materials, sizes, carats).
 *
 * Each write runs in one transaction (BEGIN IMMEDIATE), checks and writes under
 * the same lock, and refuses by throwing a DomainError from inside it, which
 * rolls the transaction back: a refused call changes nothing.
 */

import { type Kysely, sql } from 'kysely';
import { conflictError, notFoundError } from '../../rules/errors.ts';
import { recordChange } from '../audit.ts';
import type { DB } from '../connection.ts';
import { namedNowhere } from './admin-media.ts';
import type { CategoryView } from './catalogue.ts';
import { writeTransaction } from '../transaction.ts';

/** Case-insensitive name match, portable (lower() exists in SQLite and PostgreSQL). */
const sameName = (column: string, name: string) => sql<boolean>`lower(${sql.ref(column)}) = lower(${name})`;

/* ------------------------------------------------------------- categories */

const CATEGORY_COLUMNS = ['cate_id', 'cate_name', 'cate_image', 'cate_status'] as const;

async function assertCategoryNameFree(trx: DB, cate_name: string, except?: number) {
  let query = trx.selectFrom('categories').select('cate_id').where(sameName('cate_name', cate_name));
  if (except !== undefined) query = query.where('cate_id', '!=', except);
  if (await query.executeTakeFirst()) throw conflictError('A category with this name already exists.');
}

/** Adds a category; refuses a name already taken (any case). */
export function createCategory(db: DB, category: { cate_name: string; cate_image: string }): Promise<CategoryView> {
  return writeTransaction(db, async (trx) => {
    await assertCategoryNameFree(trx, category.cate_name);
    const row = await trx.insertInto('categories').values(category).returning(CATEGORY_COLUMNS).executeTakeFirstOrThrow();
    await recordChange(trx, { action: 'category.add', entity: 'category', entity_id: row.cate_id, after: { cate_name: row.cate_name, cate_image: row.cate_image } });
    return row;
  });
}

/**
 * Renames a category and, when `cate_image` is given, replaces its image.
 * Answers the category and the old image when nothing names it any more (to
 * remove after commit).
 */
export function updateCategory(
  db: DB,
  cate_id: number,
  changes: { cate_name: string; cate_image?: string },
): Promise<{ category: CategoryView; replacedImage: string | null }> {
  return writeTransaction(db, async (trx) => {
    const current = await trx.selectFrom('categories').select(['cate_name', 'cate_image']).where('cate_id', '=', cate_id).executeTakeFirst();
    if (!current) throw notFoundError('Category not found.');
    await assertCategoryNameFree(trx, changes.cate_name, cate_id);
    const category = await trx
      .updateTable('categories')
      .set(changes.cate_image ? changes : { cate_name: changes.cate_name })
      .where('cate_id', '=', cate_id)
      .returning(CATEGORY_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordChange(trx, {
      action: 'category.update',
      entity: 'category',
      entity_id: cate_id,
      before: current,
      after: { cate_name: category.cate_name, cate_image: category.cate_image },
    });
    const [replacedImage = null] = changes.cate_image ? await namedNowhere(trx, 'Category', [current.cate_image]) : [];
    return { category, replacedImage };
  });
}

const productsWord = (n: number) => (n === 1 ? '1 product' : `${n} products`);

/**
 * Deletes a category that no product uses; answers its image file name when
 * nothing else names it. A
 * category with products is refused: products cannot change category, so they
 * must be deleted first.
 */
export function deleteCategory(db: DB, cate_id: number): Promise<{ removedImage: string | null }> {
  return writeTransaction(db, async (trx) => {
    const current = await trx.selectFrom('categories').select(['cate_name', 'cate_image']).where('cate_id', '=', cate_id).executeTakeFirst();
    if (!current) throw notFoundError('Category not found.');
    const { n } = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cate_id', '=', cate_id)
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) throw conflictError(`This category still has ${productsWord(Number(n))}. Delete them first.`);
    await trx.deleteFrom('categories').where('cate_id', '=', cate_id).execute();
    await recordChange(trx, { action: 'category.delete', entity: 'category', entity_id: cate_id, before: current });
    const [removedImage = null] = await namedNowhere(trx, 'Category', [current.cate_image]);
    return { removedImage };
  });
}

/* ------------------------------------------------------------- attributes */

/** What differs between materials, sizes and carats; everything else is the same code. */
export interface AttributeKind {
  /** The document's word, e.g. 'Material'. */
  label: string;
  table: 'materials' | 'sizes' | 'carats';
  idColumn: 'm_id' | 'size_id' | 'carat_id';
  nameColumn: 'name' | 'size_name';
  /** The product table that uses it. */
  usedBy: 'product_materials' | 'product_sizes' | 'product_carats';
  /** The refusal when products still use it ({n} is replaced). */
  inUse: string;
  /** Its name in the audit trail: "material", "size", "carat" (actions "material.add", ...). */
  entity: 'material' | 'size' | 'carat';
}

export const MATERIAL: AttributeKind = {
  label: 'Material',
  table: 'materials',
  idColumn: 'm_id',
  nameColumn: 'name',
  usedBy: 'product_materials',
  // Materials cannot change while a product is edited, so the products must go first.
  inUse: 'This material is still used by {n}. Delete them first.',
  entity: 'material',
};
export const SIZE: AttributeKind = {
  label: 'Size',
  table: 'sizes',
  idColumn: 'size_id',
  nameColumn: 'size_name',
  usedBy: 'product_sizes',
  inUse: 'This size is still used by {n}. Delete them first.',
  entity: 'size',
};
export const CARAT: AttributeKind = {
  label: 'Carat',
  table: 'carats',
  idColumn: 'carat_id',
  nameColumn: 'name',
  usedBy: 'product_carats',
  // Carat prices can be edited, so removing the carat from those products frees it.
  inUse: 'This carat is still priced on {n}. Remove it from their carat prices first.',
  entity: 'carat',
};

/** An attribute row in the API's shape, e.g. { m_id, name } or { size_id, size_name }. */
export type AttributeView = Record<string, number | string>;

// The three tables share one shape; Kysely's types cannot follow a table chosen
// at run time, so these few queries go through an untyped handle.
const untyped = (db: DB) => db as unknown as Kysely<any>;

async function assertAttributeNameFree(trx: DB, kind: AttributeKind, name: string, except?: number) {
  let query = untyped(trx).selectFrom(kind.table).select(kind.idColumn).where(sameName(kind.nameColumn, name));
  if (except !== undefined) query = query.where(kind.idColumn, '!=', except);
  if (await query.executeTakeFirst()) throw conflictError(`A ${kind.label.toLowerCase()} with this name already exists.`);
}

/** A material's, size's or carat's name, or undefined when there is none with this id. */
async function attributeName(trx: DB, kind: AttributeKind, id: number): Promise<string | undefined> {
  const row = await untyped(trx).selectFrom(kind.table).select(kind.nameColumn).where(kind.idColumn, '=', id).executeTakeFirst();
  return row?.[kind.nameColumn];
}

/** Adds a material, size or carat; refuses a name already taken (any case). */
export function createAttribute(db: DB, kind: AttributeKind, name: string): Promise<AttributeView> {
  return writeTransaction(db, async (trx) => {
    await assertAttributeNameFree(trx, kind, name);
    const row: AttributeView = await untyped(trx)
      .insertInto(kind.table)
      .values({ [kind.nameColumn]: name })
      .returning([kind.idColumn, kind.nameColumn])
      .executeTakeFirstOrThrow();
    await recordChange(trx, { action: `${kind.entity}.add`, entity: kind.entity, entity_id: row[kind.idColumn], after: { name } });
    return row;
  });
}

/** Renames a material, size or carat. */
export function renameAttribute(db: DB, kind: AttributeKind, id: number, name: string): Promise<AttributeView> {
  return writeTransaction(db, async (trx) => {
    await assertAttributeNameFree(trx, kind, name, id);
    const before = await attributeName(trx, kind, id);
    const row = await untyped(trx)
      .updateTable(kind.table)
      .set({ [kind.nameColumn]: name })
      .where(kind.idColumn, '=', id)
      .returning([kind.idColumn, kind.nameColumn])
      .executeTakeFirst();
    if (!row) throw notFoundError(`${kind.label} not found.`);
    await recordChange(trx, { action: `${kind.entity}.update`, entity: kind.entity, entity_id: id, before: { name: before }, after: { name } });
    return row;
  });
}

/** Deletes a material, size or carat that no product uses. */
export function deleteAttribute(db: DB, kind: AttributeKind, id: number): Promise<void> {
  return writeTransaction(db, async (trx) => {
    const name = await attributeName(trx, kind, id);
    if (name === undefined) throw notFoundError(`${kind.label} not found.`);
    const { n } = await untyped(trx)
      .selectFrom(kind.usedBy)
      .select((eb) => eb.fn.count<number>('p_id').distinct().as('n'))
      .where(kind.idColumn, '=', id)
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) throw conflictError(kind.inUse.replace('{n}', productsWord(Number(n))));
    await untyped(trx).deleteFrom(kind.table).where(kind.idColumn, '=', id).execute();
    await recordChange(trx, { action: `${kind.entity}.delete`, entity: kind.entity, entity_id: id, before: { name } });
  });
}
