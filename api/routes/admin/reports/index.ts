import { createRouter } from '../../router.ts';
import { gstr1ReportHandler, salesReportHandler, stockReportHandler } from './reports.handlers.ts';
import { gstr1Report, salesReport, stockReport } from './reports.routes.ts';

/** The books (issue 37): sales over a period, stock at today's rate, GSTR-1 for a month. */
export function reportsRoutes() {
  return createRouter().openapi(salesReport, salesReportHandler).openapi(stockReport, stockReportHandler).openapi(gstr1Report, gstr1ReportHandler);
}
