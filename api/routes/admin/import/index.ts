import { createRouter } from '../../router.ts';
import { openapiMultipart } from '../../../uploads.ts';
import { importProductsHandler } from './import.handlers.ts';
import { importBodyLimit, importProducts } from './import.routes.ts';

/** Products from CSV (issue 37): a dry run's plan, then the whole file in one transaction (catalogue.manage). */
export function importRoutes() {
  const app = createRouter();
  openapiMultipart(app, { ...importProducts, middleware: [...(importProducts.middleware as never[]), importBodyLimit] }, importProductsHandler);
  return app;
}
