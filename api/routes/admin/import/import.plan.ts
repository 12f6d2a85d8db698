/**
 * The product import's plan (issue 37): the file's rows checked one by one with the product
 * form's own schema (products.routes.ts InsertProductFields: the same messages, the same
 * bounds), names turned into ids, and each row compared with the product as it stands (read
 * in the export's very columns), so the answer says row by row what would be created, what
 * would change (which fields, from what to what) and what is refused and why.
 */
import type { z } from '@hono/zod-openapi';
import { productRows } from '../../../../db/queries/export.ts';
import { type ImportLookups, type ImportWrite, importLookups } from '../../../../db/queries/product-import.ts';
import type { DB } from '../../../../db/connection.ts';
import {
  CARAT_COLUMNS,
  groupProductRows,
  type ImportProduct,
  isWebAddress,
  PRODUCT_COLUMNS,
  changedSinceExport,
  readNonReturnable,
  readPartialRefund,
  readStockAtExport,
  readUpdatedAt,
  stockCell,
  stockToWrite,
  updatedAtMissing,
  type ProductCsvColumn,
  type ProductCsvRow,
  splitLines,
  splitList,
  webAddressRefusal,
} from '../../../../rules/csv.ts';
import { NON_RETURNABLE_KINDS } from '../../../../rules/shop-policy.ts';
import { InsertProductFields } from '../products/products.routes.ts';

export type RowAction = 'create' | 'change' | 'unchanged' | 'refuse';

export interface PlanChange {
  field: string;
  from: string;
  to: string;
}

export interface PlanRow {
  row: number;
  p_id: number | null;
  name: string;
  carat: string;
  action: RowAction;
  changes: PlanChange[];
  reasons: string[];
  /** The row's line of the plan, in words. */
  text: string;
}

export interface ImportPlan {
  rows: PlanRow[];
  /** The products to write (none refused), each by the row it starts on. */
  writes: ImportWrite[];
  /** Products in the file, and how many of them are refused. */
  products: number;
  refusedProducts: number;
}

/** The form's field -> the file's column, for the schema's messages. */
const COLUMN_OF_FIELD: Record<string, ProductCsvColumn> = { cate_id: 'category', size: 'sizes', isReel: 'is_reel', caratPrices: 'carat', carat_id: 'carat' };

const LIST_COLUMNS = new Set<ProductCsvColumn>(['materials', 'sizes', 'images']);
const NUMBER_COLUMNS = new Set<ProductCsvColumn>(['is_bestseller', 'is_reel', 'inr_price', 'usd_price', 'net_weight_g', 'making_value', 'stone_value', 'stock', 'stock_at_export', 'lead_time_days']);

/** A stock cell as a number of pieces (blank: made to order); the form's schema has checked the file's. */
const stockOf = (cell: string | undefined) => ((cell ?? '').trim() === '' ? null : Number(cell));

/** A cell as compared: lists item by item (names in any case), numbers by value, key points line by line. */
function normal(column: ProductCsvColumn, cell: string | undefined): string {
  const text = (cell ?? '').trim();
  if (column === 'key_points') return splitLines(text).join('\n');
  if (LIST_COLUMNS.has(column)) return splitList(text).map((item) => (column === 'images' ? item : item.toLowerCase())).join('|');
  if (column === 'pricing') return text.toLowerCase() || 'fixed';
  if (column === 'is_bestseller' || column === 'is_reel' || column === 'partial_refund') return text || '0';
  if (column === 'non_returnable') return text.toLowerCase() === 'returnable' ? '' : text.toLowerCase();
  if (NUMBER_COLUMNS.has(column) && text !== '' && Number.isFinite(Number(text))) return String(Number(text));
  if (column === 'category' || column === 'carat' || column === 'making_type') return text.toLowerCase();
  return text;
}

/** The columns a carat row of this pricing is compared on (a rate row's prices follow the day's rate). */
function caratColumnsOf(pricing: string): ProductCsvColumn[] {
  return normal('pricing', pricing) === 'rate'
    ? CARAT_COLUMNS.filter((c) => c !== 'inr_price' && c !== 'usd_price')
    : CARAT_COLUMNS.filter((c) => c !== 'making_type' && c !== 'making_value' && c !== 'stone_value');
}

const shown = (cell: string | undefined) => {
  const text = (cell ?? '').trim().replace(/\s*\n\s*/g, ' / ');
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/** Looks names up; answers the ids and a refusal for each name not found. */
function idsOf(cell: string, table: Map<string, number>, column: string, label: string, reasons: string[]): number[] {
  const ids: number[] = [];
  for (const name of splitList(cell)) {
    const id = table.get(name.toLowerCase());
    if (id === undefined) reasons.push(`${column}: there is no ${label} "${name.slice(0, 60)}"; use the names the back office lists.`);
    else ids.push(id);
  }
  return ids;
}

/** Reads the whole file against the catalogue: every row's plan, and the products to write when none is refused. */
export async function planImport(db: DB, rows: ProductCsvRow[]): Promise<ImportPlan> {
  const lookups = await importLookups(db);
  const grouped = groupProductRows(rows);
  const reasonsOf = new Map<number, string[]>();
  const reasons = (row: number) => reasonsOf.get(row) ?? (reasonsOf.set(row, []).get(row) as string[]);
  for (const refusal of grouped.refusals) reasons(refusal.row).push(refusal.reason);

  const existingIds = grouped.products.map((p) => Number(p.cells.p_id.trim())).filter((id) => Number.isSafeInteger(id) && lookups.products.has(id));
  const current = new Map<number, ProductCsvRow[]>();
  for await (const row of productRows(db, existingIds)) current.set(Number(row.p_id), [...(current.get(Number(row.p_id)) ?? []), row]);

  const images = [...new Set(grouped.products.flatMap((p) => splitList(p.cells.images)).filter((name) => !isWebAddress(name)))];
  const knownMedia = await lookups.media(images.slice(0, 5000));

  const planRows: PlanRow[] = [];
  const writes: ImportWrite[] = [];
  let refusedProducts = 0;
  for (const product of grouped.products) {
    const outcome = await planProduct(product, lookups, knownMedia, current, reasons);
    planRows.push(...outcome.rows);
    if (outcome.write) writes.push(outcome.write);
    if (outcome.rows.some((r) => r.action === 'refuse')) refusedProducts++;
  }
  for (const refusal of grouped.refusals) {
    const cells = rows[refusal.row - 2];
    planRows.push(rowPlan(refusal.row, cells.p_id.trim() ? Number(cells.p_id) : null, cells.name, cells.carat, 'refuse', [], reasons(refusal.row)));
  }
  planRows.sort((a, b) => a.row - b.row);
  return { rows: planRows, writes, products: grouped.products.length, refusedProducts };
}

function rowPlan(row: number, p_id: number | null, name: string, carat: string, action: RowAction, changes: PlanChange[], reasons: string[]): PlanRow {
  const who = `${name.trim() || 'a product'}${p_id ? ` (p_id ${p_id})` : ''}${carat.trim() ? `, ${carat.trim()}` : ''}`;
  const said =
    action === 'refuse'
      ? `refused: ${reasons.join(' ')}`
      : action === 'create'
        ? p_id
          ? 'a new carat row would be added.'
          : 'would be added.'
        : action === 'change'
          ? `${changes.map((c) => `${c.field} ${c.from ? `"${c.from}"` : '(blank)'} -> ${c.to ? `"${c.to}"` : '(blank)'}`).join('; ')}.`
          : 'no change.';
  return { row, p_id, name: name.trim(), carat: carat.trim(), action, changes, reasons, text: `Row ${row}: ${who}: ${said}` };
}

async function planProduct(
  product: ImportProduct,
  lookups: ImportLookups,
  knownMedia: Set<string>,
  current: Map<number, ProductCsvRow[]>,
  reasons: (row: number) => string[],
): Promise<{ rows: PlanRow[]; write?: ImportWrite }> {
  const { cells, row: first } = product;
  const here = reasons(first);
  let p_id: number | null = null;
  const idText = cells.p_id.trim();
  if (idText) {
    p_id = /^\d{1,15}$/.test(idText) ? Number(idText) : null;
    if (p_id === null || !lookups.products.has(p_id)) here.push(`p_id: there is no product with p_id ${idText.slice(0, 20)}; leave p_id blank to add a new product.`);
  } else {
    const same = lookups.productByName.get(cells.name.trim().toLowerCase());
    if (same !== undefined) here.push(`name: a product named "${cells.name.trim().slice(0, 80)}" already exists (p_id ${same}); give its p_id to change it.`);
  }

  const category = cells.category.trim();
  const cate_id = category ? lookups.categories.get(category.toLowerCase()) : undefined;
  if (category && cate_id === undefined) here.push(`category: there is no category "${category.slice(0, 60)}"; use a category's name as the back office lists it.`);
  const materials = idsOf(cells.materials, lookups.materials, 'materials', 'material', here);
  const sizes = idsOf(cells.sizes, lookups.sizes, 'sizes', 'size', here);
  const imageNames = splitList(cells.images);
  for (const name of imageNames) {
    if (isWebAddress(name)) here.push(webAddressRefusal(name));
    else if (!knownMedia.has(name)) here.push(`images: no uploaded file is named "${name.slice(0, 80)}"; upload the picture on the product's page in the back office first, then give its file name.`);
  }
  const partialRefund = readPartialRefund(cells.partial_refund);
  const nonReturnable = readNonReturnable(cells.non_returnable, NON_RETURNABLE_KINDS);
  const updatedAt = readUpdatedAt(cells.updated_at);
  for (const reading of [partialRefund, nonReturnable, updatedAt]) if (!reading.ok) here.push(reading.reason);

  // A carat is priced once per product: the second row naming it is refused here, not by the write.
  const caratSeen = new Map<string, number>();
  const exported: Array<number | null> = [];
  for (const { row, cells: c } of product.carats) {
    const stockAtExport = readStockAtExport(c.stock_at_export);
    if (!stockAtExport.ok) reasons(row).push(stockAtExport.reason);
    exported.push(stockAtExport.ok ? stockAtExport.value : null);
    const carat = normal('carat', c.carat);
    const earlier = caratSeen.get(carat);
    if (carat && earlier !== undefined) reasons(row).push(`carat: ${c.carat.trim().slice(0, 30)} is already priced on row ${earlier} for this product; a carat is priced once per product.`);
    else caratSeen.set(carat, row);
  }

  const caratRows = product.carats.map(({ row, cells: c }) => {
    const name = c.carat.trim();
    const carat_id = name ? lookups.carats.get(name.toLowerCase()) : undefined;
    if (!name) reasons(row).push('carat: Carat is required.');
    else if (carat_id === undefined) reasons(row).push(`carat: there is no carat "${name.slice(0, 30)}"; the carats are ${lookups.caratNames.join(', ')}.`);
    const rate = normal('pricing', c.pricing) === 'rate';
    const blankToUndefined = (cell: string) => (cell.trim() === '' ? undefined : cell.trim());
    return {
      carat_id: carat_id ?? 0,
      pricing: blankToUndefined(c.pricing)?.toLowerCase(),
      ...(rate ? {} : { inr_price: c.inr_price, usd_price: c.usd_price }),
      net_weight_g: c.net_weight_g,
      making_type: blankToUndefined(c.making_type)?.toLowerCase(),
      making_value: c.making_value,
      stone_value: c.stone_value,
      stock: c.stock,
      lead_time_days: c.lead_time_days,
    };
  });

  // The product form's own rules, on the form it would send.
  const form = {
    name: cells.name,
    cate_id: cate_id === undefined ? (category ? '1' : '') : String(cate_id),
    offer: cells.offer,
    description: cells.description,
    specifications: cells.specifications,
    materials: JSON.stringify(materials),
    size: JSON.stringify(sizes),
    key_points: JSON.stringify(splitLines(cells.key_points)),
    caratPrices: JSON.stringify(caratRows),
    is_bestseller: cells.is_bestseller.trim() || '0',
    isReel: cells.is_reel.trim() || '0',
  };
  const checked = InsertProductFields.safeParse(form);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const [field, index, sub] = issue.path;
      const caratRow = field === 'caratPrices' && typeof index === 'number' ? product.carats[index] : undefined;
      const column = String((caratRow ? sub : field) ?? field ?? '');
      // A carat already refused by name is not refused again for its id.
      if (caratRow && column === 'carat_id') continue;
      if (field === 'materials' && materials.length === 0 && splitList(cells.materials).length > 0) continue;
      reasons(caratRow?.row ?? first).push(`${COLUMN_OF_FIELD[column] ?? column}: ${issue.message}`);
    }
  }

  // A rate row's price follows the day's rate: an edited one cannot be honoured.
  const before = p_id !== null ? (current.get(p_id) ?? []) : [];
  const beforeOf = new Map(before.filter((r) => r.carat).map((r) => [normal('carat', r.carat), r]));
  for (const { row, cells: c } of product.carats) {
    const was = beforeOf.get(normal('carat', c.carat));
    if (!was || normal('pricing', c.pricing) !== 'rate' || normal('pricing', was.pricing) !== 'rate') continue;
    for (const column of ['inr_price', 'usd_price'] as const) {
      if (c[column].trim() !== '' && normal(column, c[column]) !== normal(column, was[column])) {
        reasons(row).push(
          `${column}: a rate-priced row's price follows the day's metal rate (${was[column]} today); change its net_weight_g, making_value or stone_value, or set pricing to fixed. ` +
            'If you did not change it, the rate has moved since this file was exported: export the products again.',
        );
      }
    }
  }

  const refusedRows = () => ({
    rows: product.carats.map(({ row, cells: c }) =>
      rowPlan(row, p_id, cells.name, c.carat, 'refuse', [], reasons(row).length ? reasons(row) : [`the product of row ${first} is refused (see that row).`]),
    ),
  });
  if (product.carats.some(({ row }) => reasons(row).length > 0) || !partialRefund.ok || !nonReturnable.ok || !updatedAt.ok) return refusedRows();
  const data = checked.data as z.output<typeof InsertProductFields>;
  const write: ImportWrite = {
    row: first,
    p_id,
    name: data.name,
    cate_id: data.cate_id,
    description: data.description,
    specifications: data.specifications,
    offer: data.offer,
    is_bestseller: data.is_bestseller ?? 0,
    is_reel: data.isReel ?? 0,
    partial_refund: partialRefund.value,
    non_returnable: nonReturnable.value,
    updated_at: updatedAt.value,
    stock_at_export: exported,
    materials: data.materials,
    sizes: data.size ?? [],
    key_points: data.key_points ?? [],
    carats: data.caratPrices,
    images: imageNames,
  };
  if (p_id === null) return { rows: product.carats.map(({ row, cells: c }) => rowPlan(row, null, cells.name, c.carat, 'create', [], [])), write };

  // An existing product: what changes, row by row.
  let any = false;
  const rows = product.carats.map(({ row, cells: c }, index) => {
    const changes: PlanChange[] = [];
    if (index === 0) {
      for (const column of PRODUCT_COLUMNS) {
        if (column === 'p_id' || column === 'updated_at') continue;
        const was = before[0]?.[column] ?? '';
        if (normal(column, cells[column]) !== normal(column, was)) changes.push({ field: column, from: shown(was), to: shown(cells[column]) });
      }
      const kept = new Set(product.carats.map((k) => normal('carat', k.cells.carat)));
      for (const gone of before.filter((r) => r.carat && !kept.has(normal('carat', r.carat)))) changes.push({ field: `${gone.carat} row`, from: 'priced', to: 'removed' });
    }
    const was = beforeOf.get(normal('carat', c.carat));
    if (!was) {
      any = true;
      return rowPlan(row, p_id, cells.name, c.carat, index === 0 && changes.length ? 'change' : 'create', changes, []);
    }
    for (const column of caratColumnsOf(c.pricing)) {
      if (column === 'carat' || column === 'stock_at_export') continue;
      if (column === 'stock') {
        // Pieces sold or returned since the export stay counted (rules/csv.ts stockToWrite).
        const current = stockOf(was.stock);
        const decided = stockToWrite(c.carat.trim(), { file: stockOf(c.stock), exported: exported[index], current });
        if (!decided.ok) reasons(row).push(decided.reason);
        else if (decided.value !== current) changes.push({ field: `${c.carat.trim()} stock`, from: shown(was.stock), to: stockCell(decided.value) });
        continue;
      }
      if (normal(column, c[column]) !== normal(column, was[column])) changes.push({ field: `${c.carat.trim()} ${column}`, from: shown(was[column]), to: shown(c[column]) });
    }
    if (changes.length) any = true;
    return rowPlan(row, p_id, cells.name, c.carat, changes.length ? 'change' : 'unchanged', changes, []);
  });
  if (product.carats.some(({ row }) => reasons(row).length > 0)) return refusedRows();
  if (!any) return { rows };
  // A change to a product changed since the file was exported would overwrite that newer change.
  const stored = lookups.products.get(p_id)!.updated_at;
  if (updatedAt.value === null || updatedAt.value !== stored) {
    here.push(updatedAt.value === null ? updatedAtMissing(p_id) : changedSinceExport(updatedAt.value, stored));
    return refusedRows();
  }
  return { rows, write };
}
