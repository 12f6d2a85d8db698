import { createRoute, z } from '@hono/zod-openapi';
import { CREDIT_NOTE_CSV_COLUMNS } from '../../../../db/queries/export.ts';
import { CUSTOMER_CSV_COLUMNS, INVOICE_CSV_COLUMNS, ORDER_CSV_COLUMNS, PRODUCT_CSV_COLUMNS } from '../../../../rules/csv.ts';
import { adminErrors, adminRoute } from '../admin.schemas.ts';
import { moment } from '../audit/audit.routes.ts';

/** The period of an export: days in India (YYYY-MM-DD, `to` its whole day) or ISO 8601 times, both optional. */
export const ExportPeriodQuery = z
  .object({
    from: moment('from').openapi({ description: 'From this day (YYYY-MM-DD, in India) or time (ISO 8601), inclusive; left out: from the first.' }),
    to: moment('to').openapi({ description: 'Up to this day (YYYY-MM-DD, in India, the whole day) or time (ISO 8601), inclusive; left out: up to now.' }),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to) ctx.addIssue({ code: 'custom', message: 'from must not be after to.', path: ['from'] });
  });

/** A CSV download's answer. */
export const csvFile = (description: string) => ({
  200: { content: { 'text/csv': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } }, description },
  ...adminErrors,
});

const common =
  'Streamed as CSV (UTF-8, a header row), read from the database a page at a time, so any number of rows downloads with little memory. ' +
  'Money in rupees (or dollars for a dollar order) with 2 decimals, times in ISO 8601 (UTC); a cell a spreadsheet would run as a formula (starting with = + - @) is prefixed with a quote.';

export const exportOrders = createRoute({
  ...adminRoute('reports.view'),
  method: 'get',
  path: '/export/orders.csv',
  summary: 'Orders with their lines, as CSV',
  description: `Orders placed in the period, oldest first, one row per order line (the order's columns repeated; order_line 1 marks each order's first row, so the orders' totals are the sum over those rows): ${ORDER_CSV_COLUMNS.join(', ')}. Never the PAN. ${common}`,
  request: { query: ExportPeriodQuery },
  responses: csvFile('The orders, as a download (orders-YYYY-MM-DD.csv).'),
});

export const exportInvoices = createRoute({
  ...adminRoute('reports.view'),
  method: 'get',
  path: '/export/invoices.csv',
  summary: 'Tax invoices, as CSV',
  description: `Invoices issued in the period, in number order, with their totals as issued: ${INVOICE_CSV_COLUMNS.join(', ')}. ${common}`,
  request: { query: ExportPeriodQuery },
  responses: csvFile('The invoices, as a download (invoices-YYYY-MM-DD.csv).'),
});

export const exportCreditNotes = createRoute({
  ...adminRoute('reports.view'),
  method: 'get',
  path: '/export/credit-notes.csv',
  summary: 'GST credit notes, as CSV',
  description:
    `Credit notes (returns refunded or credited) issued in the period, in number order, each with the tax invoice it refers to and its figures as issued: ${CREDIT_NOTE_CSV_COLUMNS.join(', ')}. ` +
    `invoice_date is when that invoice was issued; total = taxable_value + cgst + sgst + igst; total_inr is a dollar note's total in rupees at its order's rate. ${common}`,
  request: { query: ExportPeriodQuery },
  responses: csvFile('The credit notes, as a download (credit-notes-YYYY-MM-DD.csv).'),
});

export const exportCustomers = createRoute({
  ...adminRoute('reports.view'),
  method: 'get',
  path: '/export/customers.csv',
  summary: 'Customers who consented to the shop\'s news, as CSV',
  description:
    `Only the addresses whose owner confirmed the newsletter subscription (double opt-in) and has not unsubscribed; with the account keeping that address, its name, phone as stored, city and orders: ${CUSTOMER_CSV_COLUMNS.join(', ')}. ` +
    `Never a PAN or password. ${common}`,
  responses: csvFile('The customers, as a download (customers-YYYY-MM-DD.csv).'),
});

const productsDescription =
  `Every product, listed or not, one row per carat row (the product's columns repeated): ${PRODUCT_CSV_COLUMNS.join(', ')}. ` +
  'materials, sizes and images are names separated by " | ", key_points one a line; a rate-priced row\'s inr_price and usd_price are today\'s derived prices. ' +
  'partial_refund is 1 for a piece of the shop policy\'s partial-refund collection, else 0; non_returnable is blank for a returnable piece, else custom, engraved or personalised. ' +
  'updated_at is when the product was last changed and stock_at_export its stock as exported: leave both as written, the import checks them so that it never undoes a change made after the export. ' +
  `The very columns POST /import/products reads back. ${common}`;

export const exportProducts = createRoute({
  ...adminRoute('reports.view'),
  method: 'get',
  path: '/export/products.csv',
  summary: 'Products with their carat rows, as CSV',
  description: productsDescription,
  responses: csvFile('The products, as a download (products-YYYY-MM-DD.csv).'),
});

/** The same file for the catalogue's keepers, who import it back (catalogue.manage). */
export const productsForImport = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'get',
  path: '/import/products.csv',
  summary: 'Products with their carat rows, as CSV, for editing and importing back',
  description: `The same file as GET /export/products.csv, for those who change the catalogue. ${productsDescription}`,
  responses: csvFile('The products, as a download (products-YYYY-MM-DD.csv).'),
});
