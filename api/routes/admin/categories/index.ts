import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context.ts';
import { openapiMultipart } from '../../../uploads.ts';
import { validationHook } from '../../../validation.ts';
import { addCategoryHandler, deleteCategoryHandler, updateCategoryHandler } from './categories.handlers.ts';
import { addCategory, deleteCategory, updateCategory } from './categories.routes.ts';

/** Categories: add and update (multipart, with an image), delete. */
export function categoriesRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  openapiMultipart(app, addCategory, addCategoryHandler);
  openapiMultipart(app, updateCategory, updateCategoryHandler);
  return app.openapi(deleteCategory, deleteCategoryHandler);
}
