import { createRouter } from '../../router.ts';
import { exportCreditNotesHandler, exportCustomersHandler, exportInvoicesHandler, exportOrdersHandler, exportProductsHandler } from './export.handlers.ts';
import { exportCreditNotes, exportCustomers, exportInvoices, exportOrders, exportProducts, productsForImport } from './export.routes.ts';

/**
 * CSV exports (issue 37), streamed: orders with their lines, invoices, credit notes, consenting customers and
 * products (reports.view); the products file also for the catalogue's keepers (catalogue.manage),
 * who import it back (api/routes/admin/import).
 */
export function exportRoutes() {
  return createRouter()
    .openapi(exportOrders, exportOrdersHandler)
    .openapi(exportInvoices, exportInvoicesHandler)
    .openapi(exportCreditNotes, exportCreditNotesHandler)
    .openapi(exportCustomers, exportCustomersHandler)
    .openapi(exportProducts, exportProductsHandler)
    .openapi(productsForImport, exportProductsHandler);
}
