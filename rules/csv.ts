/**
 * The shop's CSV files (issue 37): the columns of each export, how a cell writes money,
 * weights and lists, and the product import's reading of a row. Pure: the CSV text itself
 * is written and read by csv-stringify and csv-parse at the API's edge.
 */

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

/** The orders export: one row per order line, the order's own columns repeated on each of its lines. */
export const ORDER_CSV_COLUMNS = [
  'o_id', 'placed_at', 'status', 'payment_method', 'payment_status', 'currency',
  'customer_name', 'email', 'phone', 'city', 'state', 'zip_code', 'country',
  'coupon', 'subtotal', 'discount', 'shipping', 'total', 'refund_amount',
  'oi_id', 'product_name', 'category', 'carat', 'material', 'size', 'quantity', 'unit_price', 'line_total',
  'net_weight_g', 'metal_inr', 'making_inr', 'stones_inr', 'gst_inr',
] as const;

/** The invoices export: one row per tax invoice, its totals as issued. */
export const INVOICE_CSV_COLUMNS = [
  'invoice_no', 'issued_at', 'financial_year', 'o_id', 'order_date', 'currency', 'buyer_name', 'buyer_state', 'buyer_country',
  'place_of_supply', 'supply', 'taxable_value', 'cgst', 'sgst', 'igst', 'discount', 'total', 'total_inr',
] as const;

/** The customers export: the people who asked for the shop's news, with their account where they have one. */
export const CUSTOMER_CSV_COLUMNS = ['email', 'subscribed_at', 'u_id', 'full_name', 'country_code', 'phone', 'city', 'state', 'country', 'orders', 'last_order_at'] as const;

/** The products export and import: one row per carat row, the product's own columns repeated on each. */
export const PRODUCT_CSV_COLUMNS = [
  'p_id', 'name', 'category', 'offer', 'description', 'specifications', 'materials', 'sizes', 'key_points', 'is_bestseller', 'is_reel', 'images',
  'carat', 'pricing', 'inr_price', 'usd_price', 'net_weight_g', 'making_type', 'making_value', 'stone_value', 'stock', 'lead_time_days',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
export type ProductCsvRow = Record<ProductCsvColumn, string>;

/** The product's own columns (the same on each of its carat rows) and the carat row's. */
export const PRODUCT_COLUMNS = PRODUCT_CSV_COLUMNS.slice(0, 12) as readonly ProductCsvColumn[];
export const CARAT_COLUMNS = PRODUCT_CSV_COLUMNS.slice(12) as readonly ProductCsvColumn[];

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
