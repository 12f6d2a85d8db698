/**
 * The product import's reads and its one write (issue 37). The rows were checked at the
 * API's edge with the product form's own schema; here every product is written by the
 * product form's own work (admin-products.ts insertProductIn / updateProductIn) in ONE
 * transaction: all or nothing. A product changed since the file was exported (its
 * updated_at is not the file's) is refused, read again inside the transaction, so a
 * back-office edit committed between the plan and the write is never overwritten; a carat
 * row's stock is likewise read again (rules/csv.ts stockToWrite). A refusal raised while
 * writing (no rate set for a carat, a derived price past the bound, a name another import
 * has just taken, a change made since the export) is kept against the product's row, and any
 * refusal rolls the whole import back. A dry run does the same and always rolls back, so it
 * answers exactly what the import would do.
 */
import { changedSinceExport, stockToWrite, updatedAtMissing } from '../../rules/csv.ts';
import { DomainError } from '../../rules/errors.ts';
import { isVideoName } from '../../rules/media.ts';
import type { NonReturnableKind } from '../../rules/shop-policy.ts';
import { recordChange } from '../audit.ts';
import type { DB } from '../connection.ts';
import { writeTransaction } from '../transaction.ts';
import { type CaratPrice, insertProductIn, type MediaFile, updateProductIn } from './admin-products.ts';

/** Names to ids, as the back office lists them (any case), and the media files the shop holds. */
export interface ImportLookups {
  categories: Map<string, number>;
  materials: Map<string, number>;
  sizes: Map<string, number>;
  carats: Map<string, number>;
  caratNames: string[];
  /** Product media files the shop holds (uploaded, or already on a product). */
  media: (names: string[]) => Promise<Set<string>>;
  /** Existing products by p_id (name, and when last changed as stored), and by name (lower case) -> p_id. */
  products: Map<number, { name: string; updated_at: string }>;
  productByName: Map<string, number>;
}

const byName = <T extends { id: number; name: string }>(rows: T[]) => new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));

export async function importLookups(db: DB): Promise<ImportLookups> {
  const [categories, materials, sizes, carats, products] = await Promise.all([
    db.selectFrom('categories').select(['cate_id as id', 'cate_name as name']).execute(),
    db.selectFrom('materials').select(['m_id as id', 'name']).execute(),
    db.selectFrom('sizes').select(['size_id as id', 'size_name as name']).execute(),
    db.selectFrom('carats').select(['carat_id as id', 'name']).orderBy('name').execute(),
    db.selectFrom('products').select(['p_id', 'name', 'updated_at']).execute(),
  ]);
  return {
    categories: byName(categories),
    materials: byName(materials),
    sizes: byName(sizes),
    carats: byName(carats),
    caratNames: carats.map((c) => c.name),
    media: async (names) => {
      if (names.length === 0) return new Set();
      const [uploaded, used] = await Promise.all([
        db.selectFrom('media_files').select('name').where('folder', '=', 'Products').where('name', 'in', names).execute(),
        db.selectFrom('product_media').select('file_name as name').where('file_name', 'in', names).execute(),
      ]);
      return new Set([...uploaded, ...used].map((r) => r.name));
    },
    products: new Map(products.map((p) => [p.p_id, { name: p.name, updated_at: p.updated_at }])),
    productByName: new Map(products.map((p) => [p.name.trim().toLowerCase(), p.p_id])),
  };
}

/** One product to write, as the product form's work takes it. */
export interface ImportWrite {
  /** The file's row the product starts on (its refusals are reported there). */
  row: number;
  /** null: a new product. */
  p_id: number | null;
  /** An existing product: when it was last changed as the file was exported (as stored); the write is refused if it changed since. */
  updated_at: string | null;
  name: string;
  cate_id: number;
  description: string;
  specifications: string;
  offer: string;
  is_bestseller: 0 | 1;
  is_reel: 0 | 1;
  partial_refund: 0 | 1;
  non_returnable: NonReturnableKind | null;
  materials: number[];
  sizes: number[];
  key_points: string[];
  carats: CaratPrice[];
  /** Each carat row's stock as the file was exported (null: made to order), beside `carats`: a row that exists takes rules/csv.ts stockToWrite's stock. */
  stock_at_export: Array<number | null>;
  /** File names, in order. */
  images: string[];
}

export interface ImportOutcome {
  /** Refusals raised while writing, by row. */
  refusals: Array<{ row: number; reason: string }>;
  /** p_id of each product written, in the order given (a dry run's new ones are gone again). */
  p_ids: number[];
  /** Files no record names any more once the import committed, to remove. */
  removedMedia: string[];
}

/** Thrown to roll a dry run (or a refused import) back after everything was tried. */
class RollBack extends Error {
  readonly outcome: ImportOutcome;
  // No parameter property: `npm start` runs TypeScript by type stripping, which refuses them.
  constructor(outcome: ImportOutcome) {
    super('roll back');
    this.outcome = outcome;
  }
}

const mediaOf = (names: string[]): MediaFile[] => names.map((file_name) => ({ file_name, kind: isVideoName(file_name) ? 'video' : 'image' }));

/**
 * Writes the products in one transaction. Answers what was refused (nothing was then
 * written) or done; a dry run is always rolled back. `summary` is recorded in the audit trail.
 */
export async function importProducts(db: DB, writes: ImportWrite[], options: { dryRun: boolean; summary: Record<string, unknown> }): Promise<ImportOutcome> {
  try {
    return await writeTransaction(
      db,
      async (trx) => {
        const outcome: ImportOutcome = { refusals: [], p_ids: [], removedMedia: [] };
        for (const product of writes) {
          try {
            outcome.p_ids.push(await writeOne(trx, product, outcome));
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            outcome.refusals.push({ row: product.row, reason: error.message });
          }
        }
        if (outcome.refusals.length || options.dryRun) throw new RollBack(outcome);
        await recordChange(trx, { action: 'product.import', entity: 'product', after: options.summary });
        return outcome;
      },
      { name: 'product import' },
    );
  } catch (error) {
    if (error instanceof RollBack) return error.outcome;
    throw error;
  }
}

/**
 * The carat rows with the stock each is to have, read in the transaction: where the file left a
 * row's stock as exported, pieces sold or returned since stay counted (rules/csv.ts stockToWrite);
 * where both the file and the shop changed it, the product is refused. (On PostgreSQL an order
 * taking pieces after this read makes this transaction's write of the row fail and run again.)
 */
async function stocksNow(trx: DB, p_id: number, product: ImportWrite): Promise<CaratPrice[]> {
  const rows = await trx
    .selectFrom('product_carats as pc')
    .innerJoin('carats as k', 'k.carat_id', 'pc.carat_id')
    .select(['pc.carat_id', 'pc.stock', 'k.name'])
    .where('pc.p_id', '=', p_id)
    .execute();
  const byCarat = new Map(rows.map((r) => [r.carat_id, r]));
  return product.carats.map((carat, index) => {
    const now = byCarat.get(carat.carat_id);
    if (!now) return carat;
    const decided = stockToWrite(now.name, { file: carat.stock, exported: product.stock_at_export[index] ?? null, current: now.stock });
    if (!decided.ok) throw new DomainError('conflict', decided.reason);
    return { ...carat, stock: decided.value };
  });
}

async function writeOne(trx: DB, product: ImportWrite, outcome: ImportOutcome): Promise<number> {
  const details = {
    name: product.name,
    description: product.description,
    specifications: product.specifications,
    offer: product.offer,
    is_bestseller: product.is_bestseller,
    is_reel: product.is_reel,
    partial_refund: product.partial_refund,
    non_returnable: product.non_returnable,
    key_points: product.key_points,
    carats: product.carats,
  };
  if (product.p_id === null) {
    // Read here, in the transaction: two imports adding the same piece at once add it once.
    const same = await trx
      .selectFrom('products')
      .select('p_id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', product.name.trim().toLowerCase()))
      .executeTakeFirst();
    if (same) throw new DomainError('conflict', `name: a product named "${product.name}" already exists (p_id ${same.p_id}); give its p_id to change it.`);
    return insertProductIn(trx, { ...details, cate_id: product.cate_id, materials: product.materials, sizes: product.sizes, media: mediaOf(product.images) });
  }
  // The product as it stands in this transaction (serializable on PostgreSQL, SQLite's one
  // writer): changed since the file was exported, by the back office or another import, it is refused.
  const stored = await trx.selectFrom('products').select('updated_at').where('p_id', '=', product.p_id).executeTakeFirst();
  if (!stored) throw new DomainError('conflict', `p_id: the product ${product.p_id} was deleted after this file was exported; leave p_id blank to add it again.`);
  if (product.updated_at === null) throw new DomainError('invalid', updatedAtMissing(product.p_id));
  if (stored.updated_at !== product.updated_at) throw new DomainError('conflict', changedSinceExport(product.updated_at, stored.updated_at));
  const carats = await stocksNow(trx, product.p_id, product);
  const current = await trx.selectFrom('product_media').select('file_name').where('p_id', '=', product.p_id).execute();
  const own = new Set(current.map((m) => m.file_name));
  const { removedMedia } = await updateProductIn(trx, product.p_id, {
    details: { ...details, carats },
    options: { cate_id: product.cate_id, materials: product.materials, sizes: product.sizes },
    keepMedia: product.images.filter((name) => own.has(name)),
    newMedia: mediaOf(product.images.filter((name) => !own.has(name))),
  });
  // updateProductIn moves updated_at on (by a second when the last change was this same second),
  // so a file exported before this import is refused after it.
  outcome.removedMedia.push(...removedMedia);
  return product.p_id;
}
