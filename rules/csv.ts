/**
 * The shop's CSV files (issue 37): the columns of each export, how a cell writes money,
 * weights and lists, and the product import's reading of a row. Pure: the CSV text itself
 * is written and read by csv-stringify and csv-parse at the API's edge.
 */

import { formatDateTime } from './dates.ts';

/** Amount in minor units (paise, cents) as the file writes it: rupees or dollars with 2 decimals; blank for none. */
export function moneyCell(minor: number | null | undefined): string {
  if (minor === null || minor === undefined) return '';
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An integer in 10^-decimals units (milligrams, basis points) as a decimal: 5250 mg -> "5.25"; blank for none. */
export function unitsCell(units: number | null | undefined, decimals: number): string {
  if (units === null || units === undefined) return '';
  const scale = 10 ** decimals;
  const text = (Math.abs(units) / scale).toFixed(decimals).replace(/\.?0+$/, '');
  return `${units < 0 ? '-' : ''}${text}`;
}

/**
 * The orders export: one row per order line, the order's own columns repeated on each of its
 * lines; order_line numbers an order's lines from 1, so the orders' totals are the sum over the
 * rows whose order_line is 1. store_credit is the part of the total paid by store credit.
 */
export const ORDER_CSV_COLUMNS = [
  'o_id', 'placed_at', 'status', 'payment_method', 'payment_status', 'currency',
  'customer_name', 'email', 'phone', 'city', 'state', 'zip_code', 'country',
  'coupon', 'subtotal', 'discount', 'shipping', 'total', 'store_credit', 'refund_amount',
  'order_line', 'oi_id', 'product_name', 'category', 'carat', 'material', 'size', 'quantity', 'unit_price', 'line_total',
  'net_weight_g', 'metal_inr', 'making_inr', 'stones_inr', 'gst_inr',
] as const;

/** The invoices export: one row per tax invoice, its totals as issued. */
export const INVOICE_CSV_COLUMNS = [
  'invoice_no', 'issued_at', 'financial_year', 'o_id', 'order_date', 'currency', 'buyer_name', 'buyer_state', 'buyer_country',
  'place_of_supply', 'supply', 'taxable_value', 'cgst', 'sgst', 'igst', 'discount', 'total', 'total_inr',
] as const;

/** The customers export: the people who asked for the shop's news, with their account where they have one. */
export const CUSTOMER_CSV_COLUMNS = ['email', 'subscribed_at', 'u_id', 'full_name', 'country_code', 'phone', 'city', 'state', 'country', 'orders', 'last_order_at'] as const;

/**
 * The product's own columns (the same on each of its carat rows): its return flags (issue 36)
 * as partial_refund 0 or 1 and non_returnable blank or the kind, and updated_at, when the
 * product was last changed as the export found it, which the import checks (it changes no
 * product changed since the file was exported).
 */
const PRODUCT_OWN_COLUMNS = [
  'p_id', 'name', 'category', 'offer', 'description', 'specifications', 'materials', 'sizes', 'key_points', 'is_bestseller', 'is_reel',
  'partial_refund', 'non_returnable', 'images', 'updated_at',
] as const;
/**
 * A carat row's columns. stock_at_export is the stock as the export found it, to be left as
 * it is: the import compares it with the stock now, so pieces sold or returned after the
 * export are not counted again by a file that did not change the stock.
 */
const CARAT_ROW_COLUMNS = [
  'carat', 'pricing', 'inr_price', 'usd_price', 'net_weight_g', 'making_type', 'making_value', 'stone_value', 'stock', 'stock_at_export', 'lead_time_days',
] as const;

/** The products export and import: one row per carat row, the product's own columns repeated on each. */
export const PRODUCT_CSV_COLUMNS = [...PRODUCT_OWN_COLUMNS, ...CARAT_ROW_COLUMNS] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
export type ProductCsvRow = Record<ProductCsvColumn, string>;

/** The product's own columns (the same on each of its carat rows) and the carat row's. */
export const PRODUCT_COLUMNS: readonly ProductCsvColumn[] = PRODUCT_OWN_COLUMNS;
export const CARAT_COLUMNS: readonly ProductCsvColumn[] = CARAT_ROW_COLUMNS;

/** A cell's reading: the value, or why the row is refused (naming its column). */
export type CellReading<T> = { ok: true; value: T } | { ok: false; reason: string };

/** partial_refund as the export writes it: 1 in the shop policy's partial-refund collection, 0 (or blank) not. */
export function readPartialRefund(cell: string): CellReading<0 | 1> {
  const text = cell.trim();
  if (text === '' || text === '0') return { ok: true, value: 0 };
  if (text === '1') return { ok: true, value: 1 };
  return {
    ok: false,
    reason: `partial_refund: "${text.slice(0, 30)}" is neither 0 nor 1; write 1 for a piece of the shop policy's partial-refund collection (only part of its price refunded on a return), 0 for one refunded in full.`,
  };
}

/** non_returnable as the export writes it: blank (returnable) or the kind that cannot be returned unless defective. */
export function readNonReturnable<K extends string>(cell: string, kinds: readonly K[]): CellReading<K | null> {
  const text = cell.trim().toLowerCase();
  if (text === '' || text === 'returnable') return { ok: true, value: null };
  const kind = kinds.find((k) => k === text);
  if (kind) return { ok: true, value: kind };
  return {
    ok: false,
    reason: `non_returnable: "${cell.trim().slice(0, 30)}" is not a kind the shop policy knows; leave it blank for a piece that may be returned, or write ${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)} for one that cannot be returned unless defective.`,
  };
}

/** A stored time ('YYYY-MM-DD HH:MM:SS', UTC) as the file writes it: ISO 8601, '2026-11-28T13:12:05Z'. */
export function updatedAtCell(stored: string): string {
  return stored.includes('T') ? stored : `${stored.replace(' ', 'T')}Z`;
}

/**
 * updated_at as the file gives it, as stored ('YYYY-MM-DD HH:MM:SS'): null when blank (a new
 * product's row); refused when it is not the time the export wrote, as a spreadsheet may rewrite it.
 */
export function readUpdatedAt(cell: string): CellReading<string | null> {
  const text = cell.trim();
  if (text === '') return { ok: true, value: null };
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})Z?$/.exec(text);
  if (match) return { ok: true, value: `${match[1]} ${match[2]}` };
  return {
    ok: false,
    reason: `updated_at: "${text.slice(0, 30)}" is not the time the export wrote (such as 2026-11-28T13:12:05Z); a spreadsheet may have rewritten it. Keep that column as text, or export again.`,
  };
}

/** A stored time in India to the second: "28 Nov 2026, 6:42:05 pm". */
function toTheSecond(stored: string): string {
  return formatDateTime(stored).replace(/ (am|pm)$/, `:${stored.slice(17, 19)} $1`);
}

/**
 * Why a row is refused whose product changed after the file was exported: `exported` is the
 * file's updated_at, `current` the product's (both as stored).
 */
export function changedSinceExport(exported: string, current: string): string {
  if (current > exported) {
    return (
      `updated_at: this product was changed after this file was exported (in the back office or by another import, at ${toTheSecond(current)}; the file has it as of ${toTheSecond(exported)}). ` +
      'Export the products again and make your changes in the new file, so that the newer change is not overwritten.'
    );
  }
  return `updated_at: ${updatedAtCell(exported)} is not when this product was last changed (${toTheSecond(current)}); keep the updated_at the export wrote, or export the products again.`;
}

/** A stock cell (blank: made to order). */
export const stockCell = (stock: number | null) => (stock === null ? '' : String(stock));
const stockWords = (stock: number | null) => (stock === null ? 'made to order' : `${stock} in stock`);

/** stock_at_export as the file gives it: null (made to order when exported) or the pieces; refused when it is not what the export writes. */
export function readStockAtExport(cell: string): CellReading<number | null> {
  const text = cell.trim();
  if (text === '') return { ok: true, value: null };
  if (/^\d{1,9}$/.test(text)) return { ok: true, value: Number(text) };
  return { ok: false, reason: `stock_at_export: "${text.slice(0, 30)}" is not a number of pieces; leave stock_at_export as the export wrote it and change stock instead.` };
}

/**
 * The stock an import writes to a carat row that exists: the file's when the file changed it and
 * nothing else did since the export; the row's own when the file left it as exported (pieces
 * sold or returned meanwhile stay counted); refused when both changed, as neither is then right.
 */
export function stockToWrite(carat: string, row: { file: number | null; exported: number | null; current: number | null }): CellReading<number | null> {
  if (row.file === row.exported) return { ok: true, value: row.current };
  if (row.current === row.exported) return { ok: true, value: row.file };
  return {
    ok: false,
    reason:
      `stock: the ${carat} row's stock changed after this file was exported (${stockWords(row.exported)} then, ${stockWords(row.current)} now: pieces sold, returned or counted in the back office), ` +
      `and the file sets ${stockWords(row.file)}, which would undo that change. Export the products again and give the stock as it should be now.`,
  };
}

/** A changed product's row without the updated_at its export wrote. */
export function updatedAtMissing(p_id: number): string {
  return `updated_at: blank; a row changing an existing product (p_id ${p_id}) needs the updated_at the export wrote for it, so that a change made since is not overwritten. Export the products again and edit that file.`;
}

/** The one second after a stored time: what a product change writes when the last change was in the same second (db/queries/admin-products.ts), so its updated_at always moves and an export taken between the two is refused at import. */
export function secondAfter(stored: string): string {
  const next = new Date(Date.parse(`${stored.replace(' ', 'T')}Z`) + 1000);
  return next.toISOString().slice(0, 19).replace('T', ' ');
}

/** How a cell lists names (materials, sizes, images); key points go one a line. */
export const LIST_SEPARATOR = ' | ';

export function listCell(items: readonly string[]): string {
  return items.join(LIST_SEPARATOR);
}

export function splitList(cell: string): string[] {
  return cell.split('|').map((item) => item.trim()).filter((item) => item !== '');
}

export function splitLines(cell: string): string[] {
  return cell.split(/\r?\n/).map((item) => item.trim()).filter((item) => item !== '');
}

/** Whether an image cell names a web address rather than a file of the shop's media. */
export function isWebAddress(name: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(name) || /^www\./i.test(name) || name.startsWith('//');
}

export function webAddressRefusal(name: string): string {
  return `images: "${name.slice(0, 80)}" is a web address; images are not fetched from the web. Upload the picture on the product's page in the back office and give its file name (such as 3f9a1c.jpg) instead.`;
}

/** The largest file the product import reads, and the most rows. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

/** A product as the import groups its rows: the first row's number, the product's cells, then each carat row with its number. */
export interface ImportProduct {
  key: string;
  row: number;
  cells: Record<ProductCsvColumn, string>;
  carats: Array<{ row: number; cells: ProductCsvRow }>;
}

/**
 * Groups the file's rows into products: rows with the same p_id (an existing product) or,
 * without one, the same name (a new product) are one product's carat rows. A later row may
 * leave the product's own cells blank; one that gives a different value is refused.
 * `firstRow` is the number of the first data row (2: the header is row 1).
 */
export function groupProductRows(rows: readonly ProductCsvRow[], firstRow = 2): { products: ImportProduct[]; refusals: Array<{ row: number; reason: string }> } {
  const byKey = new Map<string, ImportProduct>();
  const refusals: Array<{ row: number; reason: string }> = [];
  rows.forEach((cells, index) => {
    const row = firstRow + index;
    const p_id = cells.p_id.trim();
    const key = p_id ? `#${p_id}` : `name:${cells.name.trim().toLowerCase()}`;
    if (!p_id && !cells.name.trim()) {
      refusals.push({ row, reason: 'name: Product name is required (or give the p_id of the product this carat row belongs to).' });
      return;
    }
    const product = byKey.get(key);
    if (!product) {
      byKey.set(key, { key, row, cells: { ...cells }, carats: [{ row, cells }] });
      return;
    }
    const differing = PRODUCT_COLUMNS.filter((column) => cells[column].trim() !== '' && cells[column].trim() !== product.cells[column].trim());
    if (differing.length) {
      refusals.push({ row, reason: `${differing.join(', ')}: differs from row ${product.row} of the same product; give a product's own columns the same on each of its carat rows, or leave them blank after the first.` });
      return;
    }
    product.carats.push({ row, cells });
  });
  return { products: [...byKey.values()], refusals };
}
