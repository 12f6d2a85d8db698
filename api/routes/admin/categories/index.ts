import { createRouter } from '../../router.ts';
import { openapiMultipart } from '../../../uploads.ts';
import { addCategoryHandler, deleteCategoryHandler, updateCategoryHandler } from './categories.handlers.ts';
import { addCategory, deleteCategory, updateCategory } from './categories.routes.ts';

/** Categories: add and update (multipart, with an image), delete. */
export function categoriesRoutes() {
  const app = createRouter();
  openapiMultipart(app, addCategory, addCategoryHandler);
  openapiMultipart(app, updateCategory, updateCategoryHandler);
  return app.openapi(deleteCategory, deleteCategoryHandler);
}
