import { createRouter } from '../../router.ts';
import { exportCustomersHandler, exportInvoicesHandler, exportOrdersHandler, exportProductsHandler } from './export.handlers.ts';
import { exportCustomers, exportInvoices, exportOrders, exportProducts, productsForImport } from './export.routes.ts';

/**
 * CSV exports (issue 37), streamed: orders with their lines, invoices, consenting customers and
 * products (reports.view); the products file also for the catalogue's keepers (catalogue.manage),
 * who import it back (api/routes/admin/import).
 */
export function exportRoutes() {
  return createRouter()
    .openapi(exportOrders, exportOrdersHandler)
    .openapi(exportInvoices, exportInvoicesHandler)
    .openapi(exportCustomers, exportCustomersHandler)
    .openapi(exportProducts, exportProductsHandler)
    .openapi(productsForImport, exportProductsHandler);
}
