import { Readable } from 'node:stream';
import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { type Options, stringify } from 'csv-stringify';
import { CREDIT_NOTE_CSV_COLUMNS, consentedCustomerRows, creditNoteRows, invoiceRows, orderRows, productRows } from '../../../../db/queries/export.ts';
import { isoTimestamp, utcTimestamp } from '../../../../db/time.ts';
import { CUSTOMER_CSV_COLUMNS, INVOICE_CSV_COLUMNS, ORDER_CSV_COLUMNS, PRODUCT_CSV_COLUMNS } from '../../../../rules/csv.ts';
import type { AppEnv } from '../../../context.ts';
import type { exportCreditNotes, exportCustomers, exportInvoices, exportOrders, exportProducts, productsForImport } from './export.routes.ts';

/**
 * Streams rows as a CSV download: csv-stringify writes each row as the generator yields it,
 * and the stream's back-pressure pauses the generator (so the next page is read only when
 * the client has taken the last). A cell starting with = + - @ (or a tab or carriage return)
 * is prefixed with a quote, so a spreadsheet shows it as text instead of running it.
 */
export function csvDownload(c: Context<AppEnv>, name: string, columns: readonly string[], rows: AsyncIterable<object>, options: Options = {}): Response {
  const csv = stringify({ ...options, header: true, columns: [...columns], escape_formulas: true });
  Readable.from(rows)
    .on('error', (error) => csv.destroy(error))
    .pipe(csv);
  const day = isoTimestamp(utcTimestamp()).slice(0, 10);
  return c.body(Readable.toWeb(csv) as ReadableStream<Uint8Array>, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}-${day}.csv"`,
    'Cache-Control': 'private, no-store',
  });
}

export const exportOrdersHandler: RouteHandler<typeof exportOrders, AppEnv> = (c) =>
  csvDownload(c, 'orders', ORDER_CSV_COLUMNS, orderRows(c.var.deps.db, c.req.valid('query'))) as never;

export const exportInvoicesHandler: RouteHandler<typeof exportInvoices, AppEnv> = (c) =>
  csvDownload(c, 'invoices', INVOICE_CSV_COLUMNS, invoiceRows(c.var.deps.db, c.req.valid('query'))) as never;

export const exportCreditNotesHandler: RouteHandler<typeof exportCreditNotes, AppEnv> = (c) =>
  csvDownload(c, 'credit-notes', CREDIT_NOTE_CSV_COLUMNS, creditNoteRows(c.var.deps.db, c.req.valid('query'))) as never;

export const exportCustomersHandler: RouteHandler<typeof exportCustomers, AppEnv> = (c) =>
  csvDownload(c, 'customers', CUSTOMER_CSV_COLUMNS, consentedCustomerRows(c.var.deps.db)) as never;

export const exportProductsHandler: RouteHandler<typeof exportProducts | typeof productsForImport, AppEnv> = (c) =>
  csvDownload(c, 'products', PRODUCT_CSV_COLUMNS, productRows(c.var.deps.db)) as never;
