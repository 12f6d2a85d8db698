import type { RouteHandler } from '@hono/zod-openapi';
import { stringify } from 'csv-stringify/sync';
import { gstr1Report as readGstr1 } from '../../../../db/queries/reports/gstr1.ts';
import { salesReport as readSales } from '../../../../db/queries/reports/sales.ts';
import { stockReport as readStock } from '../../../../db/queries/reports/stock.ts';
import { GSTR1_CSV_COLUMNS, gstr1CsvRows } from '../../../../rules/reports.ts';
import type { AppEnv } from '../../../context.ts';
import { ok } from '../../../errors.ts';
import type { gstr1Report, salesReport, stockReport } from './reports.routes.ts';

export const salesReportHandler: RouteHandler<typeof salesReport, AppEnv> = async (c) => {
  const { config, db } = c.var.deps;
  return ok(c, 'Sales report.', await readSales(db, c.req.valid('query'), config.seller.stateCode));
};

export const stockReportHandler: RouteHandler<typeof stockReport, AppEnv> = async (c) => ok(c, 'Stock report.', await readStock(c.var.deps.db));

/** GSTR-1 as the envelope's data (the offline tool's JSON) or, with format=csv, one CSV of every section (a month is a few thousand rows at most). */
export const gstr1ReportHandler: RouteHandler<typeof gstr1Report, AppEnv> = async (c) => {
  const { config, db } = c.var.deps;
  const { month, format } = c.req.valid('query');
  const report = await readGstr1(db, month, config.seller.gstin);
  if (format === 'json') return ok(c, `GSTR-1 for ${month}.`, report);
  const csv = stringify(gstr1CsvRows(report), { header: true, columns: [...GSTR1_CSV_COLUMNS], escape_formulas: true });
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="gstr1-${month}.csv"`,
    'Cache-Control': 'private, no-store',
  });
};
