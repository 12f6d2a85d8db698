import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context.ts';
import { openapiMultipart } from '../../../uploads.ts';
import { validationHook } from '../../../validation.ts';
import { changeProductStatusHandler, deleteProductHandler, insertProductHandler, updateProductHandler } from './products.handlers.ts';
import { changeProductStatus, deleteProduct, insertProduct, updateProduct } from './products.routes.ts';

/** Products: insert and edit (multipart, with images and videos), activate/deactivate, delete. */
export function productsRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  openapiMultipart(app, insertProduct, insertProductHandler);
  openapiMultipart(app, updateProduct, updateProductHandler);
  return app.openapi(changeProductStatus, changeProductStatusHandler).openapi(deleteProduct, deleteProductHandler);
}
