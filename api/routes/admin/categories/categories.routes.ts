import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonOk } from '../../../openapi/schemas.ts';
import { FileField, multipartBody, type UploadRules } from '../../../uploads.ts';
import { Category } from '../../catalogue/catalogue.schemas.ts';
import { adminErrors, adminRoute, NoData, recordId, requiredText } from '../admin.schemas.ts';

/** The category image: one image is kept; the picker allows up to 3 (backoffice.md §5). */
export const CATEGORY_UPLOAD: UploadRules = {
  folder: 'Category',
  files: { categoryImage: { accept: 'image', maxCount: 3, tooMany: 'You can only select up to 3 images.' } },
};

const CategoryName = requiredText('Category Name is required.', 100, 'Category Name');
const CategoryImage = FileField.openapi({
  description: 'A jpg, png, webp, gif or avif image (judged by its bytes), at most 120MB. Up to 3 may be sent; the first is kept.',
});

export const AddCategoryFields = z.object({ cate_name: CategoryName });
export const UpdateCategoryFields = z.object({ cate_id: recordId('cate_id'), cate_name: CategoryName });

export const addCategory = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'post',
  path: '/addcategory',
  summary: 'Add a category',
  request: {
    body: multipartBody(
      AddCategoryFields.extend({ categoryImage: CategoryImage }).openapi('AddCategoryForm'),
    ),
  },
  responses: {
    201: jsonOk(Category, 'The new category.'),
    ...adminErrors,
    409: errorResponses[409],
    413: errorResponses[413],
  },
});

export const updateCategory = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'post',
  path: '/updatecategory',
  summary: 'Rename a category, optionally with a new image',
  description: 'Without categoryImage the image stays; with one, the old image file is removed once the change is saved.',
  request: {
    body: multipartBody(UpdateCategoryFields.extend({ categoryImage: CategoryImage.optional() }).openapi('UpdateCategoryForm')),
  },
  responses: {
    200: jsonOk(Category, 'The category as saved.'),
    ...adminErrors,
    404: errorResponses[404],
    409: errorResponses[409],
    413: errorResponses[413],
  },
});

export const DeleteCategoryQuery = z.object({
  cate_id: recordId('cate_id'),
  cate_image: z.string().max(1000).optional().openapi({
    description: 'Accepted for compatibility and ignored: the file removed is the one the category record names.',
  }),
});

export const deleteCategory = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'delete',
  path: '/deletecategory',
  summary: 'Delete a category and its image',
  description: 'Refused with 409 while products are in the category (products cannot change category; delete them first).',
  request: { query: DeleteCategoryQuery },
  responses: {
    200: jsonOk(NoData, 'Deleted.'),
    ...adminErrors,
    404: errorResponses[404],
    409: errorResponses[409],
  },
});
