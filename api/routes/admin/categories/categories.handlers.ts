import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createCategory, deleteCategory, updateCategory } from '../../../../db/queries/admin-catalogue.ts';
import type { AppEnv } from '../../../context.ts';
import { invalidError } from '../../../../rules/errors.ts';
import { created, ok } from '../../../errors.ts';
import { removeMediaFiles } from '../../../media.ts';
import { parseFields, withUpload } from '../../../uploads.ts';
import { AddCategoryFields, CATEGORY_UPLOAD, type deleteCategory as deleteCategoryRoute, UpdateCategoryFields } from './categories.routes.ts';

export function addCategoryHandler(c: Context<AppEnv>) {
  return withUpload(c, CATEGORY_UPLOAD, async (upload) => {
    const { cate_name } = parseFields(AddCategoryFields, upload.fields);
    const [image] = upload.files('categoryImage');
    if (!image) throw invalidError('Category Image is required.');
    const category = await createCategory(c.var.deps.db, { cate_name, cate_image: upload.claim(image) });
    c.var.deps.onCatalogueChange();
    return created(c, 'Category added successfully.', category);
  });
}

export function updateCategoryHandler(c: Context<AppEnv>) {
  return withUpload(c, CATEGORY_UPLOAD, async (upload) => {
    const { cate_id, cate_name } = parseFields(UpdateCategoryFields, upload.fields);
    const [image] = upload.files('categoryImage');
    const { deps } = c.var;
    const { category, replacedImage } = await updateCategory(deps.db, cate_id, { cate_name, cate_image: image && upload.claim(image) });
    await removeMediaFiles(deps, 'Category', [replacedImage]);
    deps.onCatalogueChange();
    return ok(c, 'Category updated successfully.', category);
  });
}

export const deleteCategoryHandler: RouteHandler<typeof deleteCategoryRoute, AppEnv> = async (c) => {
  // cate_image from the query is ignored: the file removed is the one the record names.
  const { cate_id } = c.req.valid('query');
  const { deps } = c.var;
  const { removedImage } = await deleteCategory(deps.db, cate_id);
  await removeMediaFiles(deps, 'Category', [removedImage]);
  deps.onCatalogueChange();
  return ok(c, 'Category deleted successfully.', null);
};
