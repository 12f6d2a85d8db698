import { createRouter } from '../../router.ts';
import { openapiMultipart } from '../../../uploads.ts';
import { changeProductStatusHandler, deleteProductHandler, insertProductHandler, updateProductHandler } from './products.handlers.ts';
import { changeProductStatus, deleteProduct, insertProduct, updateProduct } from './products.routes.ts';

/** Products: insert and edit (multipart, with images and videos), activate/deactivate, delete. */
export function productsRoutes() {
  const app = createRouter();
  openapiMultipart(app, insertProduct, insertProductHandler);
  openapiMultipart(app, updateProduct, updateProductHandler);
  return app.openapi(changeProductStatus, changeProductStatusHandler).openapi(deleteProduct, deleteProductHandler);
}
