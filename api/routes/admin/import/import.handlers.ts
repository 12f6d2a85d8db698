import type { Context } from 'hono';
import { parse } from 'csv-parse/sync';
import { importProducts } from '../../../../db/queries/product-import.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, PRODUCT_CSV_COLUMNS, type ProductCsvRow } from '../../../../rules/csv.ts';
import { invalidError, tooLargeError } from '../../../../rules/errors.ts';
import type { AppEnv } from '../../../context.ts';
import { ok } from '../../../errors.ts';
import { removeMediaFiles } from '../../../media.ts';
import { planImport } from './import.plan.ts';

const NOT_CSV = 'Please choose a CSV file: export the products (Download products CSV), edit it in a spreadsheet and save it as CSV (UTF-8).';

/** The uploaded file as rows of the export's columns; a file that is not such a CSV is refused with 400 in words. */
async function readRows(c: Context<AppEnv>): Promise<{ rows: ProductCsvRow[]; dryRun: boolean }> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) throw invalidError(`Send the file as a form (multipart/form-data) in the field "file". ${NOT_CSV}`);
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw invalidError(`The form could not be read. ${NOT_CSV}`);
  }
  const file = body.file;
  if (!(file instanceof File)) throw invalidError(`No file was sent in the field "file". ${NOT_CSV}`);
  if (file.size > IMPORT_MAX_BYTES) throw tooLargeError(`The file is too large: a product import takes at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB; split it into several files.`);
  const named = file.name.toLowerCase();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const typed = /^(text\/(csv|plain|comma-separated-values)|application\/(vnd\.ms-excel|csv|octet-stream))?$/.test(file.type.split(';')[0].trim());
  if (!(named.endsWith('.csv') || named.endsWith('.txt')) || !typed || bytes.includes(0)) throw invalidError(`${file.name.slice(0, 80) || 'The file'} is not a CSV file. ${NOT_CSV}`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidError(`${file.name.slice(0, 80)} is not UTF-8 text. ${NOT_CSV}`);
  }
  let records: Record<string, string>[];
  try {
    records = parse(text, { columns: true, bom: true, skip_empty_lines: true, to_line: IMPORT_MAX_ROWS + 2 });
  } catch (error) {
    throw invalidError(`The file is not a CSV the import can read: ${(error as Error).message.slice(0, 200)}`);
  }
  if (records.length === 0) throw invalidError('The file has a header but no product rows.');
  if (records.length > IMPORT_MAX_ROWS) throw invalidError(`The file has more than ${IMPORT_MAX_ROWS} rows; split it into several files.`);
  const header = Object.keys(records[0]);
  const missing = PRODUCT_CSV_COLUMNS.filter((column) => !header.includes(column));
  const unknown = header.filter((column) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(column));
  if (missing.length || unknown.length) {
    throw invalidError(
      `The file's columns are not those of the products export${missing.length ? `; missing: ${missing.join(', ')}` : ''}${unknown.length ? `; unknown: ${unknown.map((u) => u.slice(0, 40)).join(', ')}` : ''}. ` +
        'Start from Download products CSV.',
    );
  }
  const rows = records.map((record) => Object.fromEntries(PRODUCT_CSV_COLUMNS.map((column) => [column, String(record[column] ?? '')])) as ProductCsvRow);
  const flag = (value: unknown) => (Array.isArray(value) ? value[0] : value);
  const dryRun = [c.req.query('dry_run'), flag(body.dry_run)].some((value) => value === '1' || value === 'true');
  return { rows, dryRun };
}

/** POST /import/products: the plan, and the import in one transaction unless it is a dry run. */
export async function importProductsHandler(c: Context<AppEnv>) {
  const { rows, dryRun } = await readRows(c);
  const { deps } = c.var;
  const plan = await planImport(deps.db, rows);
  let applied = false;
  let refusedProducts = plan.refusedProducts;
  let writes = plan.writes;
  if (refusedProducts === 0 && writes.length) {
    const summary = { rows: rows.length, products: plan.products, added: writes.filter((w) => w.p_id === null).length, changed: writes.filter((w) => w.p_id !== null).length };
    const outcome = await importProducts(deps.db, writes, { dryRun, summary });
    for (const refusal of outcome.refusals) {
      const write = writes.find((w) => w.row === refusal.row)!;
      refusedProducts++;
      for (const row of plan.rows.filter((r) => r.row >= write.row && (write.p_id === null ? r.p_id === null && r.name.toLowerCase() === write.name.toLowerCase() : r.p_id === write.p_id))) {
        row.action = 'refuse';
        row.reasons = row.row === refusal.row ? [refusal.reason] : [`the product of row ${refusal.row} is refused (see that row).`];
        row.changes = [];
        row.text = `Row ${row.row}: ${row.name}${row.carat ? `, ${row.carat}` : ''}: refused: ${row.reasons.join(' ')}`;
      }
    }
    writes = writes.filter((w) => !outcome.refusals.some((r) => r.row === w.row));
    if (!dryRun && outcome.refusals.length === 0) {
      applied = true;
      writes.forEach((write, i) => {
        if (write.p_id === null) for (const row of plan.rows) if (row.p_id === null && row.name.toLowerCase() === write.name.toLowerCase()) row.p_id = outcome.p_ids[i];
      });
      await removeMediaFiles(deps, 'Products', outcome.removedMedia);
      deps.onCatalogueChange();
    }
  }
  const created = writes.filter((w) => w.p_id === null).length;
  const changed = writes.length - created;
  const refused = plan.rows.filter((r) => r.action === 'refuse').length;
  const answer = { dry_run: dryRun, applied, created, changed, unchanged: plan.products - writes.length - refusedProducts, refused, rows: plan.rows };
  if (refused && !dryRun) {
    throw invalidError(`Nothing was imported: ${refused} ${refused === 1 ? 'row is' : 'rows are'} refused. ${plan.rows.find((r) => r.action === 'refuse')?.text ?? ''}`, answer);
  }
  const would = dryRun ? 'would be ' : '';
  const said = `${created} ${created === 1 ? 'product' : 'products'} ${would}added, ${changed} ${would}changed, ${answer.unchanged} unchanged, ${refused} ${refused === 1 ? 'row' : 'rows'} refused.`;
  return ok(c, dryRun ? `Dry run, nothing was changed: ${said}` : `Imported: ${said}`, answer);
}
